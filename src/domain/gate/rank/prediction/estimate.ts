import type { YearCurve } from './history';
import { evaluateCurve } from './history';
import { itemAt } from '../../../lists';
import { mean, oneMoreYearSd } from '../statistics/statistics';

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

/**
 * How far, in marks at the same share of the field, a year's curve may sit from the others' (one sd), at least. The
 * four CS years with curves show 4.6–4.9 marks at the top as the spread to expect for one more year, yet any three of
 * them can agree within 1–2 (2015, 2023 and 2024 do, and 2025 then sits 6 marks off): the spread of the years at
 * hand alone would promise more than the history can keep. (The same 5 marks bound a forecast qualifying mark's sd.)
 */
const YEAR_SHIFT_SD_MARKS = 5;
/**
 * A year's departure from the others is smooth and keeps its sign over many marks (2015 below them, 2025 above, from
 * the qualifying mark to the top): departures `distance` marks apart are correlated by e^(−distance² / 2·reach²). A
 * published qualified count, or a crowd dense at some marks, tells the year's departure there and, less and less,
 * around it. Smooth, not merely correlated: a rough departure would let every crowd point depart on its own.
 */
const YEAR_DEPARTURE_REACH_MARKS = 20;
export function departureCorrelation(distance: number): number {
  return Math.exp(-((distance / YEAR_DEPARTURE_REACH_MARKS) ** 2) / 2);
}

export interface HistoricalEstimate extends LogShareEstimate {
  /**
   * The width at x with the qualifying mark taken as known: how far this year's curve may sit from the history's.
   * `sd` adds the qualifying mark's own uncertainty through the slope.
   */
  yearSd: number;
  /** d ln(share) / dx, the years' curves averaged: how far an error in the qualifying mark moves the answer. */
  slope: number;
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
  const outside = used.every((v) => v.value.beyond !== 0);
  const beyond = outside
    ? used.reduce((b, v) => (Math.abs(v.value.beyond) < Math.abs(b) ? v.value.beyond : b), Infinity)
    : 0;
  const gap = Math.min(...used.map((v) => v.value.toNearestPoint));
  // Each curve's own slope, averaged: the slope of the average would jump where a year's data ends.
  const slope = mean(curves.map((c) => (evaluateCurve(c, x + 1).logShare - evaluateCurve(c, x - 1).logShare) / 2));
  // The spread is taken over every year, extended where its data ends: where a single year covers x (the top), the
  // others still show how much years differ there; and never below a shift of YEAR_SHIFT_SD_MARKS.
  const betweenYears = Math.max(
    oneMoreYearSd(values.map((v) => v.value.logShare)),
    Math.abs(slope) * YEAR_SHIFT_SD_MARKS,
  );
  const yearSd = Math.sqrt(
    BASE_SD ** 2 + (GAP_SD_PER_MARK * gap) ** 2 + (EXTRAPOLATION_SD_PER_MARK * beyond) ** 2 + betweenYears ** 2,
  );
  return {
    logShare,
    sd: Math.hypot(yearSd, slope * qualifyingMarksSd),
    yearSd,
    slope,
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
  /** Its width at x, the qualifying mark taken as known (HistoricalEstimate.yearSd). */
  yearSd(x: number): number;
  slope(x: number): number;
}

const TABLE_LOWEST = -60;
const TABLE_HIGHEST = 100;
const TABLE_STEP = 0.5;

/** Tabulates `estimateAt` every TABLE_STEP marks and interpolates linearly; beyond the table, its end values. */
export function tabulateHistory(estimateAt: (x: number) => HistoricalEstimate): HistoryTable {
  const size = Math.round((TABLE_HIGHEST - TABLE_LOWEST) / TABLE_STEP) + 1;
  const estimates = Array.from({ length: size }, (_, i) => estimateAt(TABLE_LOWEST + i * TABLE_STEP));
  const column = (read: (e: HistoricalEstimate) => number) => {
    const values = estimates.map(read);
    return (x: number) => {
      const position = Math.min(size - 1, Math.max(0, (x - TABLE_LOWEST) / TABLE_STEP));
      const i = Math.min(size - 2, Math.floor(position));
      const t = position - i;
      return (1 - t) * itemAt(values, i) + t * itemAt(values, i + 1);
    };
  };
  return { logShare: column((e) => e.logShare), yearSd: column((e) => e.yearSd), slope: column((e) => e.slope) };
}

/**
 * The qualified count is the rank at the general qualifying mark. When the year's count is published, the curve is
 * pulled onto it at x = 0 and the year's departure there is known: the pull and the narrowing fade over
 * YEAR_DEPARTURE_REACH_MARKS, as a departure known at one mark tells its neighbours (departureCorrelation).
 * BASE_SD stays: reported marks and ranks are themselves that noisy.
 */
export function anchorToQualified(
  estimate: HistoricalEstimate,
  x: number,
  qualifiedLogShare: number,
  curveAtZero: number,
): HistoricalEstimate {
  const correlation = departureCorrelation(x);
  const departureVariance = (estimate.yearSd ** 2 - BASE_SD ** 2) * (1 - correlation ** 2);
  const yearSd = Math.sqrt(BASE_SD ** 2 + departureVariance);
  return {
    ...estimate,
    logShare: estimate.logShare + (qualifiedLogShare - curveAtZero) * correlation,
    yearSd,
    sd: Math.sqrt(estimate.sd ** 2 - estimate.yearSd ** 2 + yearSd ** 2),
  };
}
