import { describe, expect, it } from 'vitest';
import { drawCrowd, fieldOf, leansOf, reportsOf } from '../../../../../test/support/rank-crowds';
import { RANK_DATA } from '../published-data/data';
import { buildYearCurves } from '../prediction/history';
import { rankFromReports, type RankFromReports } from './reported-ranks';

const curve2023 = buildYearCurves(RANK_DATA, 'CS').find((c) => c.year === 2023)!;
const field = fieldOf(curve2023);
const { checkers } = drawCrowd(field, leansOf(field, 'logistic', 0.35), 2000, 7);
const pairs = reportsOf(checkers, 0.05, 8).map((c) => ({ marks: c.marks, rank: c.rank }));
const official = { appeared: 75_679, qualifyingMarks: 32.5, qualified: 14_797 };
/** The field's true AIR at marks: candidates with more marks, plus one. */
const trueRank = (marks: number) => field.bestFirst.filter((m) => m > marks).length + 1;

describe('a rank read off the reported official results', () => {
  it('puts the AIR that checkers reported around the marks inside its range, close to it', () => {
    expect(pairs.length).toBeGreaterThan(60);
    for (const marks of [45, 55, 62, 70]) {
      const read = rankFromReports({ pairs, marks, ...official })!;
      const truth = trueRank(marks);
      expect(read.rankRange[0]).toBeLessThanOrEqual(truth);
      expect(read.rankRange[1]).toBeGreaterThanOrEqual(truth);
      expect(Math.abs(Math.log(read.estimatedRank / truth))).toBeLessThan(Math.log(1.35));
    }
  });

  it('is surer among many reports than beyond the best of them, and says how many lie near', () => {
    const top = Math.max(...pairs.map((p) => p.marks));
    const among = rankFromReports({ pairs, marks: 50, ...official })!;
    const beyond = rankFromReports({ pairs, marks: top + 8, ...official })!;
    const width = (r: typeof among) => r.rankRange[1] / r.rankRange[0];
    expect(width(beyond)).toBeGreaterThan(width(among));
    expect(among.reports).toBe(pairs.length);
    expect(among.nearby).toBeGreaterThan(5);
  });

  it('keeps the truth inside its range between two pairs far apart, and never outside their ranks', () => {
    // A lone strong reporter at AIR 4 and the next at AIR 90: the curve bends between them (CS 2024 read rank 31 as 11).
    const sparseTop = [
      { marks: 87.3, rank: 4 },
      { marks: 72.3, rank: 90 },
      ...Array.from({ length: 10 }, (_, i) => ({ marks: 66 - 3 * i, rank: Math.round(190 * 1.45 ** i) })),
    ];
    const official2024 = { appeared: 123_967, qualifyingMarks: 27.6, qualified: 21_949 };
    const read = rankFromReports({ pairs: sparseTop, marks: 80.99, ...official2024 })!;
    expect(read.rankRange[0]).toBeLessThanOrEqual(31);
    expect(read.rankRange[1]).toBeGreaterThanOrEqual(31);
    expect(read.rankRange[0]).toBeGreaterThanOrEqual(3);
    expect(read.rankRange[1]).toBeLessThanOrEqual(110);
    // Next to a pair the read stays as narrow as the reports' own noise.
    const near = rankFromReports({ pairs: sparseTop, marks: 72.3, ...official2024 })!;
    expect(near.rankRange[1] / near.rankRange[0]).toBeLessThan(1.8);
  });

  it('widens with the distance above the best reporter, and is never worse than that reporter', () => {
    const top = Math.max(...pairs.map((p) => p.marks));
    const best = Math.min(...pairs.map((p) => p.rank));
    const [above3, above9] = [3, 9].map((by) => rankFromReports({ pairs, marks: top + by, ...official })!) as [
      RankFromReports,
      RankFromReports,
    ];
    const width = (r: RankFromReports) => r.rankRange[1] / r.rankRange[0];
    expect(width(above9)).toBeGreaterThan(width(above3));
    expect(above9.rankRange[1]).toBeLessThanOrEqual(Math.ceil(best * 1.25));
  });

  it('reads nothing from fewer than 10 reports', () => {
    expect(rankFromReports({ pairs: pairs.slice(0, 9), marks: 50, ...official })).toBeUndefined();
  });
});
