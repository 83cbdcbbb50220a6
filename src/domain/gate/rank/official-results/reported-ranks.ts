import { monotoneDecreasing } from '../prediction/history';
import { itemAt } from '../../../lists';
import { RANGE_Z } from '../statistics/statistics';

/**
 * After the results, candidates who add their official result report (marks, AIR) pairs of this very year: everyone
 * else checking then gets a rank read off those pairs, no longer a forecast. The pairs are made monotone (more marks
 * never a worse rank) with the year's qualified count at its qualifying mark as an anchor, read linearly in ln(rank)
 * between them, and the range is their spread around that curve near the marks, wider with the distance to the
 * nearest pair.
 */
export interface ReportedPair {
  /** Normalised marks, as the rank is given on. */
  marks: number;
  rank: number;
  /** What the pair weighs (report-consensus.ts): 1 when not given. */
  weight?: number;
}

export interface RankFromReports {
  estimatedRank: number;
  rankRange: [number, number];
  /** Pairs the read rests on, and how many lie within NEARBY_MARKS of the marks. */
  reports: number;
  nearby: number;
}

/** Fewer pairs than this read nothing a candidate could rely on. */
export const MIN_REPORTED_PAIRS = 10;
/** The spread is taken over the pairs this close to the marks, when there are MIN_NEARBY of them; else over all. */
const NEARBY_MARKS = 5;
const MIN_NEARBY = 5;
/** An official anchor (the qualified count) weighs as this many reports. */
const ANCHOR_WEIGHT = 20;
/**
 * Reported ranks are this unsure at least (ln rank): they are candidates' own, rounded and misremembered (two CS 2024
 * reports 0.02 marks apart: 79.29 → AIR 35, 79.27 → AIR 44).
 */
const MIN_SPREAD = 0.15;
/**
 * Between two pairs the rank is read linearly in ln(rank), and the field's curve bends between them: the read is off
 * by up to this share of the two pairs' ln(rank) apart, most midway (a lone CS 2024 pair at AIR 4 and the next at 90
 * read rank 31 as 11). The rank is never outside the two pairs' ranks but for their own noise.
 */
const BRACKET_SD = 0.25;
/** Beyond every pair the read is this much less sure per mark (ln rank). */
const BEYOND_SD_PER_MARK = 0.12;
/** Pairs at the ends that set the slope a read beyond them follows. */
const EDGE_PAIRS = 5;

export function rankFromReports(input: {
  pairs: readonly ReportedPair[];
  marks: number;
  appeared: number;
  /** The year's published qualifying mark and qualified count: the rank at that mark. */
  qualifyingMarks?: number;
  qualified?: number;
}): RankFromReports | undefined {
  const { pairs, marks, appeared } = input;
  if (pairs.length < MIN_REPORTED_PAIRS) return undefined;
  const anchor =
    input.qualifyingMarks !== undefined && input.qualified !== undefined
      ? [{ x: input.qualifyingMarks, logShare: Math.log(input.qualified), weight: ANCHOR_WEIGHT }]
      : [];
  const curve = monotoneDecreasing([
    ...pairs.map((p) => ({ x: p.marks, logShare: Math.log(p.rank), weight: p.weight ?? 1 })),
    ...anchor,
  ]);
  const at = (m: number) => readCurve(curve, m);
  const residuals = pairs.map((p) => ({
    marks: p.marks,
    residual: Math.log(p.rank) - at(p.marks),
    weight: p.weight ?? 1,
  }));
  const near = residuals.filter((r) => Math.abs(r.marks - marks) <= NEARBY_MARKS);
  const used = near.length >= MIN_NEARBY ? near : residuals;
  const spread = weightedSpread(used);
  const noise = Math.max(MIN_SPREAD, spread);
  const [lowest, highest] = [itemAt(curve, 0).x, itemAt(curve, curve.length - 1).x];
  const beyond = Math.max(0, marks - highest, lowest - marks);
  const bracket = bracketOf(curve, marks, appeared);
  const sd = Math.hypot(noise, bracket.sd, BEYOND_SD_PER_MARK * beyond);
  const toRank = (logRank: number) => Math.min(appeared, Math.max(1, Math.exp(logRank)));
  const estimate = at(marks);
  const reach = RANGE_Z * sd;
  const bound = RANGE_Z * noise;
  const best = Math.max(1, Math.floor(toRank(Math.max(estimate - reach, bracket.better - bound))));
  const worst = Math.min(appeared, Math.ceil(toRank(Math.min(estimate + reach, bracket.worse + bound))));
  return {
    estimatedRank: Math.min(worst, Math.max(best, Math.round(toRank(estimate)))),
    rankRange: [best, worst],
    reports: pairs.length,
    nearby: near.length,
  };
}

/**
 * The pairs around the marks (ln rank of the better and the worse; beyond the best pair rank 1 is the better, beyond the last the field's last) and
 * how unsure the linear read between them is.
 */
function bracketOf(
  curve: readonly { x: number; logShare: number }[],
  marks: number,
  appeared: number,
): { better: number; worse: number; sd: number } {
  const i = curve.findIndex((p) => p.x >= marks);
  const last = itemAt(curve, curve.length - 1);
  if (i === -1) return { better: 0, worse: last.logShare, sd: 0 };
  const upper = itemAt(curve, i);
  if (upper.x === marks) return { better: upper.logShare, worse: upper.logShare, sd: 0 };
  if (i === 0) return { better: upper.logShare, worse: Math.log(appeared), sd: 0 };
  const lower = itemAt(curve, i - 1);
  const t = (marks - lower.x) / (upper.x - lower.x);
  const apart = lower.logShare - upper.logShare;
  return { better: upper.logShare, worse: lower.logShare, sd: BRACKET_SD * apart * 2 * Math.sqrt(t * (1 - t)) };
}

/** ln(rank) at marks: linear between the curve's points, beyond its ends the slope of the pairs there. */
function readCurve(curve: readonly { x: number; logShare: number }[], marks: number): number {
  const first = itemAt(curve, 0);
  const last = itemAt(curve, curve.length - 1);
  if (marks >= last.x) return last.logShare + edgeSlope(curve.slice(-EDGE_PAIRS)) * (marks - last.x);
  if (marks <= first.x) return first.logShare + edgeSlope(curve.slice(0, EDGE_PAIRS)) * (marks - first.x);
  const i = curve.findIndex((p) => p.x >= marks);
  const [lower, upper] = [itemAt(curve, i - 1), itemAt(curve, i)];
  return lower.logShare + ((marks - lower.x) / (upper.x - lower.x)) * (upper.logShare - lower.logShare);
}

/** The least-squares slope of ln(rank) on marks over a few points, never rising. */
function edgeSlope(points: readonly { x: number; logShare: number }[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const my = points.reduce((sum, p) => sum + p.logShare, 0) / points.length;
  const covariance = points.reduce((sum, p) => sum + (p.x - mx) * (p.logShare - my), 0);
  const variance = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return variance > 0 ? Math.min(0, covariance / variance) : 0;
}

/** The weighted root-mean-square residual, corrected for the curve fitted to the same points (n / (n − 1)). */
function weightedSpread(residuals: readonly { residual: number; weight: number }[]): number {
  const total = residuals.reduce((sum, r) => sum + r.weight, 0);
  if (total <= 0) return 0;
  const meanSquare = residuals.reduce((sum, r) => sum + r.weight * r.residual ** 2, 0) / total;
  return Math.sqrt((meanSquare * residuals.length) / Math.max(1, residuals.length - 1));
}
