import { itemAt } from '../../../lists';
import type { LeanShape, SelectionLaw } from './lean';
import { expectedCrowdAbove, fieldRankOf, leanStrength, rankGain, selectionLaw } from './lean';
import { officialTopCount } from '../gate-score/normalisation';
import type { RankedMarks } from './sorted-marks';

/**
 * How one hypothesis of the crowd's lean reads the crowd onto the field. Two kinds:
 *   - a lean along the field's shares (lean.ts): the results above a mark, counted, map to a field rank through the
 *     law's expected checkers above each rank — what a crowd alone can be read with, its lean unknown;
 *   - a lean along marks above the qualifying mark, measured from an earlier year's official results
 *     (lean-measurement.ts): each result stands for 1 / λ(marks − Mq) candidates of the field, so the field's rank at
 *     a mark is appeared × (weight above it) / (weight of all) — read at one qualifying mark per hypothesis.
 */
export interface CrowdReader {
  /** At a crowd mark with `count` results above it (+ 0.5): the field share there and how sure the crowd is of it. */
  read(marks: number, count: number): Reading;
  /** The crowd size the counts are nested in (their multinomial). */
  size: number;
  /** How strongly the lean favours the strong, on the scale of β (leanStrength). */
  strength: number;
  /** The qualifying mark the reader is tied to (a lean along marks); undefined: any. */
  qualifyingMarks?: number;
  /** Results of the crowd expected above a field rank. */
  expectedAbove(rank: number): number;
  /** The field's top-0.1% mean as the crowd shows it through this lean; undefined where too few results are there. */
  topMean: number | undefined;
}

export interface Reading {
  /** ln(field rank / appeared). */
  logShare: number;
  /** d ln(field rank) / d ln(count): how far the count's sampling error moves the rank. */
  gain: number;
  /** The count whose sampling error the reading carries (weighted results: their effective number). */
  count: number;
}

/** Fewer expected results than this among the field's top 0.1%, and a lean does not read the field's top mean. */
const MIN_TOP_RESULTS = 2;
/** Field ranks sampled to read the field's top-0.1% mean off the crowd. */
const TOP_MEAN_SAMPLES = 20;

/** Readers for leans along the field's shares, sharing one merge of the crowd's best results. */
export function shareReaders(crowd: RankedMarks, shapes: readonly LeanShape[], appeared: number): CrowdReader[] {
  const laws = shapes.map((shape) => selectionLaw(shape, crowd.size, appeared));
  const topMeans = fieldTopMeans(crowd, laws);
  return laws.map((law, i) => ({
    read: (_marks, count) => {
      const rank = fieldRankOf(law, count);
      return { logShare: Math.log(rank / appeared), gain: rankGain(law, count, rank), count };
    },
    size: crowd.size,
    strength: leanStrength(law.shape),
    expectedAbove: (rank) => expectedCrowdAbove(law, rank),
    topMean: topMeans[i],
  }));
}

/**
 * The field's top-0.1% mean (the official M̄t: the top 0.1%, at least 10) under each law: the crowd's marks at the
 * crowd ranks the law maps evenly spread field ranks of that top to. The crowd's own top 10 are the field's top 10 or
 * so once strong candidates lean to check (5–16 marks above M̄t in the backtest's crowds from β = 0.35); read through
 * the law, within 1–4. Undefined for a law that expects fewer than MIN_TOP_RESULTS there.
 */
function fieldTopMeans(crowd: RankedMarks, laws: readonly SelectionLaw[]): (number | undefined)[] {
  const indices = laws.map((law) => {
    const top = officialTopCount(law.appeared);
    if (expectedCrowdAbove(law, top) < MIN_TOP_RESULTS) return undefined;
    return Array.from({ length: TOP_MEAN_SAMPLES }, (_, i) =>
      Math.min(crowd.size - 1, Math.floor(expectedCrowdAbove(law, ((i + 0.5) / TOP_MEAN_SAMPLES) * top))),
    );
  });
  const best = crowd.best(1 + Math.max(0, ...indices.flatMap((i) => i ?? [])));
  return indices.map((i) =>
    i === undefined ? undefined : i.reduce((sum, index) => sum + itemAt(best, index), 0) / i.length,
  );
}

/** A lean measured along marks above the qualifying mark: ln λ at knots of x, linear between them, level beyond. */
export interface MarksLean {
  xs: number[];
  lnLeans: number[];
  /** leanStrength's measure of it (as a β), for the scorecard. */
  strength: number;
  /** The exam year it was measured in and the official results it rests on (leanPrior), for the scorecard. */
  measuredIn?: { year: number; reports: number };
}

export function marksLeanAt({ xs, lnLeans }: MarksLean, x: number): number {
  const last = xs.length - 1;
  if (x <= itemAt(xs, 0)) return itemAt(lnLeans, 0);
  if (x >= itemAt(xs, last)) return itemAt(lnLeans, last);
  let i = 0;
  while (itemAt(xs, i + 1) < x) i++;
  const t = (x - itemAt(xs, i)) / (itemAt(xs, i + 1) - itemAt(xs, i));
  return itemAt(lnLeans, i) + t * (itemAt(lnLeans, i + 1) - itemAt(lnLeans, i));
}

/** The crowd in bins of BIN_MARKS, best first: what weighing each result by its marks needs, whatever its size. */
export interface BinnedCrowd {
  /** Upper edge of the first (best) bin; bin j covers (top − (j + 1)·BIN_MARKS, top − j·BIN_MARKS]. */
  top: number;
  counts: Float64Array;
  size: number;
}

const BIN_MARKS = 0.25;

export function binnedCrowd(crowd: RankedMarks): BinnedCrowd {
  const top = Math.ceil(crowd.marksAt(0) / BIN_MARKS) * BIN_MARKS;
  const bottom = Math.floor(crowd.marksAt(crowd.size - 1) / BIN_MARKS) * BIN_MARKS - BIN_MARKS;
  const bins = Math.round((top - bottom) / BIN_MARKS);
  const counts = new Float64Array(bins);
  let above = 0;
  for (let j = 0; j < bins; j++) {
    const next = crowd.countAbove(top - (j + 1) * BIN_MARKS);
    counts[j] = next - above;
    above = next;
  }
  return { top, counts, size: crowd.size };
}

/**
 * The reader of a lean along marks, tilted by e^(tilt · x), at one qualifying mark: each result of bin j weighs
 * w = 1 / λ(its marks − Mq); the field's rank at a mark is appeared × W(above) / W(all), its sampling error that of a
 * count of (Σw)² / Σw² results.
 */
export function marksReader(
  binned: BinnedCrowd,
  lean: MarksLean,
  tilt: number,
  qualifyingMarks: number,
  appeared: number,
): CrowdReader {
  const { top, counts } = binned;
  const bins = counts.length;
  const middles = Float64Array.from({ length: bins }, (_, j) => top - (j + 0.5) * BIN_MARKS);
  const weights = middles.map((m) => {
    const x = m - qualifyingMarks;
    return Math.exp(-marksLeanAt(lean, x) - tilt * x);
  });
  // Weight and squared weight of the results above each bin's upper edge (index j) and below the last (bins).
  const above = new Float64Array(bins + 1);
  const squares = new Float64Array(bins + 1);
  for (let j = 0; j < bins; j++) {
    const w = weights[j] ?? 0;
    above[j + 1] = (above[j] ?? 0) + (counts[j] ?? 0) * w;
    squares[j + 1] = (squares[j] ?? 0) + (counts[j] ?? 0) * w * w;
  }
  const total = above[bins] ?? 0;
  const totalSquares = squares[bins] ?? 0;
  const weightedAbove = (marks: number) => {
    const position = Math.min(bins, Math.max(0, (top - marks) / BIN_MARKS));
    const j = Math.min(bins - 1, Math.floor(position));
    const t = position - j;
    const w = weights[j] ?? 0;
    return {
      weight: (above[j] ?? 0) + t * ((above[j + 1] ?? 0) - (above[j] ?? 0)),
      squares: (squares[j] ?? 0) + t * ((squares[j + 1] ?? 0) - (squares[j] ?? 0)),
      own: w,
    };
  };
  const read = (marks: number): Reading => {
    const { weight, squares: s, own } = weightedAbove(marks);
    // Half a result of the candidate's own weight, as a count's + 0.5: never ln 0.
    const w = weight + own / 2;
    return { logShare: Math.log(w / total), gain: 1, count: w ** 2 / (s + own ** 2 / 4) };
  };
  return {
    read,
    size: total ** 2 / totalSquares,
    strength: lean.strength,
    qualifyingMarks,
    expectedAbove(rank) {
      // The crowd's results above the mark the field's `rank` is read at.
      const target = (rank / appeared) * total;
      let j = 0;
      while (j < bins && (above[j + 1] ?? 0) < target) j++;
      let count = 0;
      for (let k = 0; k < j; k++) count += counts[k] ?? 0;
      return count;
    },
    topMean: weightedTopMean(middles, counts, weights, total, appeared),
  };
}

/** The weighted mean of the bins' marks over the field's top 0.1%: the best results, each standing for 1/λ. */
function weightedTopMean(
  middles: Float64Array,
  counts: Float64Array,
  weights: Float64Array,
  total: number,
  appeared: number,
): number | undefined {
  const wanted = (officialTopCount(appeared) / appeared) * total;
  let weight = 0;
  let sum = 0;
  let results = 0;
  for (let j = 0; j < middles.length && weight < wanted; j++) {
    const w = Math.min((counts[j] ?? 0) * (weights[j] ?? 0), wanted - weight);
    weight += w;
    sum += w * (middles[j] ?? 0);
    results += w / (weights[j] ?? 1);
  }
  return results >= MIN_TOP_RESULTS && weight > 0 ? sum / weight : undefined;
}
