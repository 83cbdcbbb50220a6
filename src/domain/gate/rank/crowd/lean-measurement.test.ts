import { describe, expect, it } from 'vitest';
import type { LeanFamily } from '../../../../../test/support/rank-crowds';
import { drawCrowd, fieldOf, leansOf, random, reportsOf } from '../../../../../test/support/rank-crowds';
import { UNKNOWN_LEAN } from './crowd-fit';
import { RANK_DATA, dataWithoutYear } from '../published-data/data';
import { buildYearCurves } from '../prediction/history';
import type { LeanMeasurement } from './lean-measurement';
import { MIN_LEAN_REPORTS, leanPrior, measureLean } from './lean-measurement';
import { rankPredictor } from '../prediction/predict';
import { marksLeanAt } from './readers';

const curves = buildYearCurves(RANK_DATA, 'CS');
const fieldOfYear = (year: number) => fieldOf(curves.find((c) => c.year === year)!);
const field2015 = fieldOfYear(2015);

/** A year's crowd of 2,000 and the 5% of it who reported their official AIR, measured. */
function measured(family: LeanFamily, s: number, seed: number, field = field2015): LeanMeasurement {
  const { crowd, checkers } = drawCrowd(field, leansOf(field, family, s), 2000, seed);
  return measureLean({
    year: field.year,
    crowd,
    reports: reportsOf(checkers, 0.05, seed + 1),
    appeared: field.appeared,
    qualifyingMarks: field.qualifyingMarks,
  });
}

/** ln λ 20 marks above the qualifying mark against 15 below: how much likelier the strong checked. */
const contrast = (m: LeanMeasurement) => marksLeanAt(m.lean, 20) - marksLeanAt(m.lean, -15);

describe('measuring the crowd’s lean from official results', () => {
  it('finds how much likelier those above a mark were to check, and a fair crowd fair', () => {
    // Those 10 marks or more above the qualifying mark checked 50^0.6 ≈ 10.5 times as often: ln 10.5 ≈ 2.35.
    const threshold = measured('threshold', 0.6, 11);
    expect(contrast(threshold)).toBeGreaterThan(1.6);
    expect(contrast(threshold)).toBeLessThan(3.1);
    expect(threshold.reports).toBeGreaterThanOrEqual(80);
    expect(threshold.lean.strength).toBeGreaterThan(0.4);
    const fair = measured('power', 0, 12);
    expect(Math.abs(contrast(fair))).toBeLessThan(0.5);
    expect(Math.abs(fair.lean.strength)).toBeLessThan(0.1);
    // Its uncertainty: the covariance of the lean's knots, positive along its diagonal.
    for (const [i, row] of fair.covariance.entries()) expect(row[i]).toBeGreaterThan(0);
  });

  it('measures a lean whose lowest stretch of the field holds a stored result but no candidate', () => {
    // A case the 10-crowd backtest met: CS 2024's field, a mild logistic crowd (seed 2025401), 5% reporting. A stored
    // mark below the field's lowest reported rank made that stretch's likelihood −∞, the fit NaN, and every later
    // prediction from the stored lean fail.
    const field = fieldOfYear(2024);
    const s = Math.max(0, 0.1 + (2 * random(2025400)() - 1) * 0.05);
    const { crowd, checkers } = drawCrowd(field, leansOf(field, 'logistic', s), 2000, 2025401);
    const lean = measureLean({
      year: 2024,
      crowd,
      reports: reportsOf(checkers, 0.05, 2025402),
      appeared: field.appeared,
      qualifyingMarks: field.qualifyingMarks,
    });
    expect(lean.lean.lnLeans.every(Number.isFinite)).toBe(true);
    expect(lean.covariance.flat().every(Number.isFinite)).toBe(true);
    expect(contrast(lean)).toBeGreaterThan(0);
  });
});

describe('the prior a stored lean gives the next year', () => {
  const stored = measured('threshold', 0.6, 21);

  it('is the unknown lean without a measurement of an earlier year of the paper with enough reports', () => {
    expect(leanPrior([], 'CS', 2026)).toBe(UNKNOWN_LEAN);
    expect(leanPrior([stored], 'DA', 2016)).toBe(UNKNOWN_LEAN);
    expect(leanPrior([stored], 'CS', 2015)).toBe(UNKNOWN_LEAN);
    expect(leanPrior([{ ...stored, reports: MIN_LEAN_REPORTS - 1 }], 'CS', 2016)).toBe(UNKNOWN_LEAN);
  });

  it('ignores a measurement stored with NaN (null once stored), which would break every prediction', () => {
    const broken = { ...stored, covariance: stored.covariance.map((row) => row.map(() => Number.NaN)) };
    const asStored = JSON.parse(JSON.stringify([broken])) as LeanMeasurement[];
    expect(leanPrior(asStored, 'CS', 2016)).toBe(UNKNOWN_LEAN);
  });

  it('takes the latest measurement, as stored (JSON), with three quarters of its weight on the lean along marks', () => {
    const older = { ...measured('power', 0.1, 31), year: 2013 };
    const prior = leanPrior(JSON.parse(JSON.stringify([older, stored])) as LeanMeasurement[], 'CS', 2016);
    const alongMarks = prior.flatMap((h) => ('measured' in h ? [h] : []));
    expect(alongMarks.length).toBeGreaterThan(1);
    expect(alongMarks.every((h) => h.measured.xs.join() === stored.lean.xs.join())).toBe(true);
    expect(alongMarks.some((h) => h.measured.lnLeans.join() === stored.lean.lnLeans.join())).toBe(true);
    expect(alongMarks.reduce((sum, h) => sum + h.prior, 0)).toBeCloseTo(0.75, 6);
    expect(prior.reduce((sum, h) => sum + h.prior, 0)).toBeCloseTo(1, 6);
  });

  it('brings next year’s crowd rank closer to the truth than an unknown lean, in a narrower range', () => {
    // Last year (2015's field): a crowd of those 10 marks above the qualifying mark, 5% reporting. This year (2023's
    // field), the same kind of crowd; the model knows neither year's field nor this year's qualifying mark.
    const field = fieldOfYear(2023);
    const { crowd } = drawCrowd(field, leansOf(field, 'threshold', 0.6), 2000, 41);
    const lean = leanPrior(JSON.parse(JSON.stringify([stored])) as LeanMeasurement[], 'CS', 2023);
    const input = {
      testPaper: 'CS 1' as const,
      year: 2023,
      appeared: field.appeared,
      data: dataWithoutYear(RANK_DATA, 2023),
      crowd,
    };
    const learned = rankPredictor({ ...input, lean });
    const unknown = rankPredictor(input);
    let [learnedError, unknownError] = [0, 0];
    for (const marks of [50, 60, 70]) {
      const truth = field.bestFirst.filter((m) => m > marks).length + 1;
      const [a, b] = [learned.at(marks), unknown.at(marks)];
      learnedError += Math.abs(Math.log(a.estimatedRank / truth));
      unknownError += Math.abs(Math.log(b.estimatedRank / truth));
      expect(a.rankRange[0]).toBeLessThanOrEqual(truth);
      expect(a.rankRange[1]).toBeGreaterThanOrEqual(truth);
      expect(a.rankRange[1] / a.rankRange[0]).toBeLessThan(b.rankRange[1] / b.rankRange[0]);
    }
    expect(learnedError).toBeLessThan(unknownError);
  });

  it('reads the GATE score’s qualifying mark and top-0.1% mean through the measured lean, not while it is unknown', () => {
    const field = fieldOfYear(2023);
    const { crowd } = drawCrowd(field, leansOf(field, 'threshold', 0.6), 2000, 41);
    const input = { testPaper: 'CS 1' as const, year: 2023, data: dataWithoutYear(RANK_DATA, 2023), crowd };
    const learned = rankPredictor({ ...input, lean: leanPrior([stored], 'CS', 2023) }).at(60).scoreInputs;
    const unknown = rankPredictor(input).at(60).scoreInputs;
    expect(learned.qualifyingMarks.source).toMatch(/^crowd fit from \d+ stored results$/);
    expect(learned.topMean.source).toMatch(/^crowd fit from \d+ stored results$/);
    expect(unknown.qualifyingMarks.source).toBe('mean of published 2015–2022');
    expect(unknown.topMean.source).toBe('published 2025 (latest known)');
    // 2023's qualifying mark was 32.5; the earlier years' mean is 26.1.
    const error = (read: { value: number }) => Math.abs(read.value - field.qualifyingMarks);
    expect(error(learned.qualifyingMarks)).toBeLessThan(error(unknown.qualifyingMarks));
  });
});
