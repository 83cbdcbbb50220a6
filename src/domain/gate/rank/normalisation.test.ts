import { describe, expect, it } from 'vitest';
import { MIN_SESSION_RESULTS, normaliseMarks, sessionStatistics } from './normalisation';
import { topMean } from './statistics';

/** A spread of marks like a real session: many low, few high. */
function session(count: number, transform: (m: number) => number = (m) => m): number[] {
  return Array.from({ length: count }, (_, i) => transform(5 + 80 * ((i + 0.5) / count) ** 2));
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
    const stats = sessionStatistics({ 'CS 1': session(400), 'CS 2': session(300) })!;
    expect(normaliseMarks(60, stats.sessions['CS 1'], stats.global)).toBeCloseTo(60, 0);
  });

  it('puts the same standing in an easier session and a harder one on one scale', () => {
    const easier = (m: number) => 1.1 * m + 6;
    const stats = sessionStatistics({ 'CS 1': session(600), 'CS 2': session(600, easier) })!;
    const hard = normaliseMarks(50, stats.sessions['CS 1'], stats.global);
    const easy = normaliseMarks(easier(50), stats.sessions['CS 2'], stats.global);
    expect(easy).toBeCloseTo(hard, 6);
    // The same raw marks are worth more in the harder session.
    expect(normaliseMarks(50, stats.sessions['CS 1'], stats.global)).toBeGreaterThan(
      normaliseMarks(50, stats.sessions['CS 2'], stats.global),
    );
  });

  it('maps each session mean + SD to the overall mean + SD', () => {
    const stats = sessionStatistics({ 'CS 1': session(600), 'CS 2': session(600, (m) => m + 8) })!;
    const s2 = stats.sessions['CS 2'];
    expect(normaliseMarks(s2.meanPlusSd, s2, stats.global)).toBeCloseTo(stats.global.meanPlusSd, 9);
  });
});
