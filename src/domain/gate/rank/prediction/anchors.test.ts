import { describe, expect, it } from 'vitest';
import {
  ANCHOR_SPREAD,
  anchorYearsOf,
  backtestAnchors,
  calibrateSpread,
  rankFromAnchors,
  usableAnchors,
  type RankAnchors,
} from './anchors';
import { RANK_DATA } from '../published-data/data';

const CS_2023: RankAnchors = { appeared: 75_679, qualified: 14_797, qualifyingMarks: 32.5, topMean: 81.32 };

describe('a rank from the anchors alone', () => {
  it('puts the qualified count at the qualifying mark and the top group over e at the top-0.1% mean', () => {
    expect(rankFromAnchors(32.5, CS_2023).estimate).toBe(14_797);
    expect(rankFromAnchors(81.32, CS_2023).estimate).toBe(Math.round(75.679 / Math.E));
  });

  it('gives more marks a better rank, never better than 1 nor worse than those who appeared', () => {
    const ranks = [-10, 0, 20, 40, 60, 80, 100].map((marks) => rankFromAnchors(marks, CS_2023).estimate);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(rankFromAnchors(130, CS_2023).estimate).toBe(1);
    expect(rankFromAnchors(-33, CS_2023).estimate).toBe(75_679);
  });

  it('ranges ×/÷ the spread around the estimate, within the field', () => {
    const { estimate, range } = rankFromAnchors(60, CS_2023);
    expect(range[0]).toBeCloseTo(estimate / Math.exp(ANCHOR_SPREAD), -1);
    expect(range[1]).toBeCloseTo(estimate * Math.exp(ANCHOR_SPREAD), -1);
    expect(rankFromAnchors(-20, CS_2023).range[1]).toBe(75_679);
  });

  it('refuses anchors that make no falling curve', () => {
    expect(usableAnchors(CS_2023)).toBe(true);
    expect(usableAnchors({ ...CS_2023, topMean: 30 })).toBe(false);
    expect(usableAnchors({ ...CS_2023, qualified: 20 })).toBe(false);
    expect(usableAnchors({ ...CS_2023, appeared: 10_000 })).toBe(false);
  });
});

describe('the leave-one-year-out backtest on CS', () => {
  const years = anchorYearsOf(RANK_DATA, 'CS');

  it('uses the CS years with appeared, qualified, a qualifying mark and reported ranks, M̄t published or estimated', () => {
    expect(years.map((year) => [year.year, year.topMeanKind, year.points.length])).toEqual([
      [2015, 'estimated', 9],
      [2023, 'published', 45],
      [2024, 'estimated', 9],
      [2025, 'published', 6],
    ]);
  });

  it('is the spread every paper uses', () => {
    expect(ANCHOR_SPREAD).toBeCloseTo(calibrateSpread(years), 3);
  });

  it('holds most held-out points inside a range calibrated on the other years only', () => {
    const results = backtestAnchors(years);
    const inside = results.reduce((sum, year) => sum + year.inside, 0);
    const points = results.reduce((sum, year) => sum + year.points, 0);
    expect(inside / points).toBeGreaterThan(0.9);
    for (const year of results) expect(year.medianErrorFactor).toBeLessThan(2);
  });
});
