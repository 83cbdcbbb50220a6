import { assert, describe, expect, it } from 'vitest';
import { MIN_SESSION_RESULTS, normaliseMarks, sessionStatistics } from './normalisation';
import { sortedMarks } from '../crowd/sorted-marks';

/** A spread of marks like a real session: many low, few high. */
function session(count: number, transform: (m: number) => number = (m) => m): number[] {
  return Array.from({ length: count }, (_, i) => transform(5 + 80 * ((i + 0.5) / count) ** 2));
}

/** The statistics of a CS 1 and a CS 2 crowd, each session read back by name. */
function csStatistics(cs1: number[], cs2: number[]) {
  const stats = sessionStatistics({ 'CS 1': sortedMarks(cs1), 'CS 2': sortedMarks(cs2) });
  assert.exists(stats, 'both sessions have enough results');
  const { 'CS 1': first, 'CS 2': second } = stats.sessions;
  assert.isDefined(first);
  assert.isDefined(second);
  return { first, second, global: stats.global, topShare: stats.topShare };
}

describe('normalisation statistics', () => {
  it('waits for enough results in every session', () => {
    const statistics = (second: number) =>
      sessionStatistics({ 'CS 1': sortedMarks(session(500)), 'CS 2': sortedMarks(session(second)) });
    expect(statistics(MIN_SESSION_RESULTS - 1)).toBeNull();
    expect(statistics(MIN_SESSION_RESULTS)).not.toBeNull();
  });

  it('averages the top 0.1% or the top 10 of the smallest session, whichever is larger, in every session', () => {
    const large = Array.from({ length: 20_000 }, (_, i) => i);
    const { first, second, topShare } = csStatistics(large, large.slice(0, 100));
    expect(topShare).toBe(0.1);
    expect(first.topMean).toBe(18_999.5); // top 10% of 20 000: 18 000 … 19 999
    expect(second.topMean).toBe(94.5); // top 10 of 100
  });

  it('takes the overall mean + SD over both sessions together', () => {
    const cs1 = session(400);
    const cs2 = session(300, (m) => m + 5);
    const all = [...cs1, ...cs2];
    const mean = all.reduce((sum, m) => sum + m, 0) / all.length;
    const sd = Math.sqrt(all.reduce((sum, m) => sum + (m - mean) ** 2, 0) / all.length);
    expect(csStatistics(cs1, cs2).global.meanPlusSd).toBeCloseTo(mean + sd, 9);
  });

  it('gives the same statistics for a session however its marks are ordered', () => {
    const cs1 = session(400);
    const shuffled = [...cs1].reverse();
    expect(csStatistics(shuffled, session(300))).toEqual(csStatistics(cs1, session(300)));
  });
});

describe('official normalisation formula', () => {
  it('leaves marks unchanged when the sessions are alike', () => {
    const { first, global } = csStatistics(session(400), session(300));
    expect(normaliseMarks(60, first, global)).toBeCloseTo(60, 0);
  });

  it('puts the same standing in an easier session and a harder one on one scale', () => {
    const easier = (m: number) => 1.1 * m + 6;
    const { first, second, global } = csStatistics(session(600), session(600, easier));
    const hard = normaliseMarks(50, first, global);
    const easy = normaliseMarks(easier(50), second, global);
    expect(easy).toBeCloseTo(hard, 6);
    // The same raw marks are worth more in the harder session.
    expect(normaliseMarks(50, first, global)).toBeGreaterThan(normaliseMarks(50, second, global));
  });

  it('maps each session mean + SD to the overall mean + SD', () => {
    const { second, global } = csStatistics(
      session(600),
      session(600, (m) => m + 8),
    );
    expect(normaliseMarks(second.meanPlusSd, second, global)).toBeCloseTo(global.meanPlusSd, 9);
  });
});
