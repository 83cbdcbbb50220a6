import type { YearCurve } from './history';
import { evaluateCurve } from './history';
import { mean } from './statistics';

/** A rank estimate in log space: ln(rank / appeared) and its standard deviation. */
export interface LogShareEstimate {
  logShare: number;
  sd: number;
}

/**
 * Calibrated on the leave-one-year-out backtest (test/bench/rank.bench.ts): the error a single year's curve makes on
 * another year, on top of what the spread between years shows.
 */
const BASE_SD = 0.3;
/** Uncertainty that grows with the distance interpolation bridges between a year's points (per mark). */
const GAP_SD_PER_MARK = 0.015;
/** Uncertainty that grows with the distance beyond every year's data (per mark). */
const EXTRAPOLATION_SD_PER_MARK = 0.08;

export interface HistoricalEstimate extends LogShareEstimate {
  years: number[];
  points: number;
  /** Marks beyond all the years' data: negative below, positive above, 0 inside. */
  beyond: number;
}

/**
 * Average of the years' curves at x (marks above the expected qualifying mark). Years whose data covers x speak for
 * it; only when none does are the extended curves used, with the range widened by the distance.
 * `qualifyingMarksSd` is how unsure the expected qualifying mark is: it moves x, so it widens the range by the slope.
 */
export function historicalEstimate(
  curves: readonly YearCurve[],
  x: number,
  qualifyingMarksSd: number,
): HistoricalEstimate {
  const used = usedValues(curves, x);
  const logShares = used.map((v) => v.value.logShare);
  const logShare = mean(logShares);
  const spread = logShares.length > 1 ? Math.sqrt(mean(logShares.map((l) => (l - logShare) ** 2))) : 0;
  const outside = used.every((v) => v.value.beyond !== 0);
  const beyond = outside
    ? used.reduce((b, v) => (Math.abs(v.value.beyond) < Math.abs(b) ? v.value.beyond : b), Infinity)
    : 0;
  const gap = Math.min(...used.map((v) => v.value.toNearestPoint));
  const slopeHere = (historicalLogShare(curves, x + 0.5) - historicalLogShare(curves, x - 0.5)) * qualifyingMarksSd;
  // The qualifying mark's error is added, not combined in quadrature: a year unlike the others moves its qualifying
  // mark and its curve's shape together (CS 2023, hard: both made a forecast from 2022 and 2024 too optimistic).
  const sd =
    Math.sqrt(BASE_SD ** 2 + spread ** 2 + (GAP_SD_PER_MARK * gap) ** 2 + (EXTRAPOLATION_SD_PER_MARK * beyond) ** 2) +
    Math.abs(slopeHere);
  return {
    logShare,
    sd,
    years: used.map((v) => v.curve.year),
    points: used.reduce((n, v) => n + v.curve.reportedPoints, 0),
    beyond,
  };
}

/** ln(rank / appeared) at x from the history alone: the point of historicalEstimate without its uncertainty. */
export function historicalLogShare(curves: readonly YearCurve[], x: number): number {
  return mean(usedValues(curves, x).map((v) => v.value.logShare));
}

function usedValues(curves: readonly YearCurve[], x: number) {
  const values = curves.map((curve) => ({ curve, value: evaluateCurve(curve, x) }));
  const covering = values.filter((v) => v.value.beyond === 0);
  return covering.length > 0 ? covering : values;
}

/**
 * The qualified count is the rank at the general qualifying mark. When the year's count is published, the curve is
 * pulled onto it at x = 0, less and less with distance from the cut-off.
 */
const ANCHOR_REACH_MARKS = 20;
export function anchorToQualified(
  estimate: LogShareEstimate,
  x: number,
  qualifiedLogShare: number,
  curveAtZero: number,
) {
  const pull = (qualifiedLogShare - curveAtZero) * Math.exp(-Math.abs(x) / ANCHOR_REACH_MARKS);
  return { ...estimate, logShare: estimate.logShare + pull };
}

/**
 * Inverse-variance weights for the point. The width is the weighted mean of the two widths, not the narrower
 * independent-errors formula: both estimates lean on the same qualifying mark, so their errors move together.
 */
export function blend(a: LogShareEstimate, b: LogShareEstimate): LogShareEstimate & { weightOfB: number } {
  const wa = 1 / a.sd ** 2;
  const wb = 1 / b.sd ** 2;
  const weightOfB = wb / (wa + wb);
  return {
    logShare: (1 - weightOfB) * a.logShare + weightOfB * b.logShare,
    // When the two disagree by more than their widths, the disagreement is itself evidence of the error.
    sd: Math.max((1 - weightOfB) * a.sd + weightOfB * b.sd, Math.abs(a.logShare - b.logShare) / 2),
    weightOfB,
  };
}
