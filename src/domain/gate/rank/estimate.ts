import type { YearCurve } from './history';
import { evaluateCurve } from './history';
import { itemAt } from '../../lists';
import { mean, oneMoreYearSd, standardDeviation } from './statistics';

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
  /**
   * The years' own disagreement at x, without the allowance for one more year nor the qualifying mark: how far a crowd
   * may land from the history before a selection strength is judged unlikely.
   */
  observedSd: number;
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
  const values = curveValues(curves, x);
  const used = coveringOrAll(values);
  const logShare = mean(used.map((v) => v.value.logShare));
  // The spread is taken over every year, extended where its data ends: where a single year covers x (the top), the
  // others still show how much years differ there (CS 2025's top is ×2 wider than 2024's at the same marks).
  const everyYear = values.map((v) => v.value.logShare);
  const outside = used.every((v) => v.value.beyond !== 0);
  const beyond = outside
    ? used.reduce((b, v) => (Math.abs(v.value.beyond) < Math.abs(b) ? v.value.beyond : b), Infinity)
    : 0;
  const gap = Math.min(...used.map((v) => v.value.toNearestPoint));
  const slopeHere = (historicalLogShare(curves, x + 0.5) - historicalLogShare(curves, x - 0.5)) * qualifyingMarksSd;
  // The qualifying mark's error is added, not combined in quadrature: a year unlike the others moves its qualifying
  // mark and its curve's shape together (CS 2023, hard: both made a forecast from 2022 and 2024 too optimistic).
  const shared = BASE_SD ** 2 + (GAP_SD_PER_MARK * gap) ** 2 + (EXTRAPOLATION_SD_PER_MARK * beyond) ** 2;
  return {
    logShare,
    sd: Math.sqrt(shared + oneMoreYearSd(everyYear) ** 2) + Math.abs(slopeHere),
    observedSd: Math.sqrt(shared + (everyYear.length > 1 ? standardDeviation(everyYear) ** 2 : 0)),
    years: used.map((v) => v.curve.year),
    points: used.reduce((n, v) => n + v.curve.reportedPoints, 0),
    beyond,
  };
}

/** ln(rank / appeared) at x from the history alone: the point of historicalEstimate without its uncertainty. */
export function historicalLogShare(curves: readonly YearCurve[], x: number): number {
  return mean(coveringOrAll(curveValues(curves, x)).map((v) => v.value.logShare));
}

function curveValues(curves: readonly YearCurve[], x: number) {
  return curves.map((curve) => ({ curve, value: evaluateCurve(curve, x) }));
}

/** Years whose data covers x speak for it; only when none does are the extended curves used. */
function coveringOrAll(values: ReturnType<typeof curveValues>) {
  const covering = values.filter((v) => v.value.beyond === 0);
  return covering.length > 0 ? covering : values;
}

/** The history as a function of x (marks − qualifying mark), read off a table: the crowd fit asks it thousands of times. */
export interface HistoryTable {
  logShare(x: number): number;
  /** Its width at x for one more year, the qualifying mark taken as known. */
  sd(x: number): number;
  /** The years' own disagreement at x (HistoricalEstimate.observedSd). */
  observedSd(x: number): number;
  /** d ln(share) / dx: how far an error in the qualifying mark moves the answer. */
  slope(x: number): number;
}

const TABLE_LOWEST = -60;
const TABLE_HIGHEST = 100;
const TABLE_STEP = 0.25;

/** Tabulates `estimateAt` every TABLE_STEP marks and interpolates linearly; beyond the table, its end values. */
export function tabulateHistory(estimateAt: (x: number) => HistoricalEstimate): HistoryTable {
  const size = Math.round((TABLE_HIGHEST - TABLE_LOWEST) / TABLE_STEP) + 1;
  const estimates = Array.from({ length: size }, (_, i) => estimateAt(TABLE_LOWEST + i * TABLE_STEP));
  const logShares = estimates.map((e) => e.logShare);
  const sds = estimates.map((e) => e.sd);
  const observedSds = estimates.map((e) => e.observedSd);
  const read = (values: readonly number[], x: number) => {
    const position = Math.min(size - 1, Math.max(0, (x - TABLE_LOWEST) / TABLE_STEP));
    const i = Math.min(size - 2, Math.floor(position));
    const t = position - i;
    return (1 - t) * itemAt(values, i) + t * itemAt(values, i + 1);
  };
  return {
    logShare: (x) => read(logShares, x),
    sd: (x) => read(sds, x),
    observedSd: (x) => read(observedSds, x),
    slope: (x) => (read(logShares, x + TABLE_STEP) - read(logShares, x - TABLE_STEP)) / (2 * TABLE_STEP),
  };
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
