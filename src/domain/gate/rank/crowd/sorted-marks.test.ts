import { describe, expect, it } from 'vitest';
import { rankedMarks, sortedMarks, topMeanOf } from './sorted-marks';

/** Marks in thirds with many ties, in no order. */
function marks(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.round(3 * (100 * (state / 2 ** 32) ** 2 - 10)) / 3;
  });
}

describe('sortedMarks', () => {
  it('reads an ascending list as it is, without a copy', () => {
    const ascending = [1, 2, 2, 5, 9];
    expect(sortedMarks(ascending).ascending).toBe(ascending);
  });

  it('sorts any other list on a copy and leaves it as it was', () => {
    const shuffled = [5, 1, 9, 2, 2];
    expect(sortedMarks(shuffled).ascending).toEqual([1, 2, 2, 5, 9]);
    expect(shuffled).toEqual([5, 1, 9, 2, 2]);
  });

  it('takes the population mean and SD, the same whatever the order', () => {
    const values = marks(1000, 7);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
    const read = sortedMarks(values);
    expect(read.mean).toBeCloseTo(mean, 9);
    expect(read.sd).toBeCloseTo(sd, 9);
    const fromSorted = sortedMarks([...values].sort((a, b) => a - b));
    expect([fromSorted.mean, fromSorted.sd]).toEqual([read.mean, read.sd]);
  });

  it('averages the best of a list from its end', () => {
    expect(topMeanOf([1, 2, 3, 4, 10], 2)).toBe(7);
  });
});

describe('rankedMarks', () => {
  const first = marks(500, 1);
  const second = marks(300, 2);
  const normaliseSecond = (m: number) => 0.9 * m + 4;
  const ranked = rankedMarks([
    { marks: sortedMarks(first), normalise: (m) => m },
    { marks: sortedMarks(second), normalise: normaliseSecond },
  ]);
  const pooled = [...first, ...second.map(normaliseSecond)].sort((a, b) => b - a);

  it('counts the results above any marks as a count over the pooled, normalised list would', () => {
    for (const at of [-20, 0, 12.3, 40, 40 + 1 / 3, 75, 200]) {
      expect(ranked.countAbove(at)).toBe(pooled.filter((m) => m > at).length);
    }
  });

  it('reads the marks at every rank of the pooled list, ties included', () => {
    expect(ranked.size).toBe(pooled.length);
    pooled.forEach((m, i) => expect(ranked.marksAt(i)).toBe(m));
    expect(() => ranked.marksAt(pooled.length)).toThrow(RangeError);
  });

  it('averages the best results of both sessions together', () => {
    const best = pooled.slice(0, 37);
    expect(ranked.topMean(37)).toBeCloseTo(best.reduce((sum, m) => sum + m, 0) / 37, 9);
  });

  it('lists the best results of both sessions together, best first, and no more than there are', () => {
    expect(ranked.best(120)).toEqual(pooled.slice(0, 120));
    expect(ranked.best(pooled.length)).toEqual(pooled);
    expect(() => ranked.best(pooled.length + 1)).toThrow(RangeError);
  });
});
