import { describe, expect, it } from 'vitest';
import { afterResults } from './after-results';
import { predict } from '../prediction/predict';
import { rankFromReports } from './reported-ranks';

/** Official (marks, AIR) pairs of a year: a smooth curve, 60 marks → about AIR 1,000. */
const pairs = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const marks = 40 + i * 3;
    return { marks, rank: Math.round(1000 * Math.exp(-0.12 * (marks - 60))) };
  });

describe('the rank after results', () => {
  const forecast = predict({ testPaper: 'CS 1', marks: 61, year: 2026 });

  it('is read off the official results candidates added, once there are enough', () => {
    const read = afterResults(forecast, pairs(12));
    const expected = rankFromReports({
      pairs: pairs(12),
      marks: forecast.normMarks,
      appeared: forecast.expectedAppeared.value,
    })!;
    expect(read).toMatchObject({
      estimatedRank: expected.estimatedRank,
      rankRange: expected.rankRange,
      score: forecast.score,
      method:
        'Read from the official results 12 candidates added for 2026 (3 within 5 marks of yours); the range is their spread.',
    });
    expect(read.estimatedRank).toBeGreaterThan(800);
    expect(read.estimatedRank).toBeLessThan(1100);
  });

  it('stays the forecast with too few official results to rely on', () => {
    expect(afterResults(forecast, pairs(9))).toBe(forecast);
  });
});
