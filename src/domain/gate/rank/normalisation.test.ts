import { assert, describe, expect, it } from 'vitest';
import { MIN_SESSION_RESULTS, normaliseMarks, sessionStatistics } from './normalisation';
import { topMean } from './statistics';

/** A spread of marks like a real session: many low, few high. */
function session(count: number, transform: (m: number) => number = (m) => m): number[] {
  return Array.from({ length: count }, (_, i) => transform(5 + 80 * ((i + 0.5) / count) ** 2));
}

/** The statistics of a CS 1 and a CS 2 crowd, each session read back by name. */
function csStatistics(cs1: number[], cs2: number[]) {
  const stats = sessionStatistics({ 'CS 1': cs1, 'CS 2': cs2 });
  assert.exists(stats, 'both sessions have enough results');
  const { 'CS 1': first, 'CS 2': second } = stats.sessions;
  assert.isDefined(first);
  assert.isDefined(second);
  return { first, second, global: stats.global };
}

describe('normalisation statistics', () => {
  it('waits for enough results in every session', () => {
    expect(sessionStatistics({ 'CS 1': session(500), 'CS 2': session(MIN_SESSION_RESULTS - 1) })).toBeNull();
    expect(sessionStatistics({ 'CS 1': session(500), 'CS 2': session(MIN_SESSION_RESULTS) })).not.toBeNull();
  });

  it('averages the top 0.1% or the top 10, whichever is larger', () => {
    const marks = Array.from({ length: 20_000 }, (_, i) => i);
    expect(topMean(marks, 0.001, 10)).toBe(19_989.5); // top 20: 19 980 … 19 999
    expect(topMean(marks.slice(0, 100), 0.001, 10)).toBe(94.5); // top 10
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
