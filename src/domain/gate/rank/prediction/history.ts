import type { PaperKey, RankData } from '../published-data/data';
import { yearsOf } from '../published-data/data';
import { itemAt } from '../../../lists';
import { mean } from '../statistics/statistics';

interface CurvePoint {
  x: number;
  logShare: number;
}

/**
 * One year's marks-to-rank curve. Marks are measured from that year's general qualifying mark (x = marks − Mq), so a
 * hard year and an easy year line up; ranks are shares of the candidates who appeared, so field sizes line up.
 */
export interface YearCurve {
  year: number;
  appeared: number;
  qualifyingMarks: number;
  /** Ascending x; logShare = ln(rank / appeared), never increasing with x. */
  points: CurvePoint[];
  reportedPoints: number;
  /** d ln(share)/dx that extends the curve above its top point (at most 0, reaching rank 1 by full marks). */
  topSlope: number;
  /** k and midpoint m0 of the logistic tail below its bottom point (see logisticTail). */
  tail: { k: number; m0: number } | undefined;
}

export interface CurveValue {
  logShare: number;
  /** Marks beyond this year's data (0 inside it); negative below, positive above. */
  beyond: number;
  /** Marks to the nearest data point: how far interpolation had to bridge. */
  toNearestPoint: number;
}

/** Official anchors are exact counts; reported points are noisy, so anchors win any monotonicity conflict. */
const ANCHOR_WEIGHT = 20;
/** Points used to fit the slope that extends a curve past its ends. */
const EDGE_POINTS = 5;
/** A GATE paper has 100 marks: a curve extended above its data reaches rank 1 by then at the latest. */
export const FULL_MARKS = 100;

/**
 * Curves of the years that can be turned into shares of the field: they need the appeared count, the general
 * qualifying mark and two points at least (reported points, the qualified count at the qualifying mark, rank 1 at
 * the highest mark).
 */
export function buildYearCurves(data: RankData, paper: PaperKey): YearCurve[] {
  return yearsOf(data, paper).flatMap(({ year, data: yearData }) => {
    const official = yearData.official ?? {};
    const appeared = official.appeared;
    const qualifyingMarks = official.qualifyingMarks?.general;
    if (!appeared || qualifyingMarks === undefined) return [];
    const weighted: { x: number; logShare: number; weight: number }[] = [];
    const add = (marks: number, rank: number, weight: number) =>
      weighted.push({ x: marks - qualifyingMarks, logShare: Math.log(rank / appeared), weight });
    for (const [marks, rank] of yearData.reported ?? []) add(marks, rank, 1);
    if (official.qualified) add(qualifyingMarks, official.qualified, ANCHOR_WEIGHT);
    if (official.maxMarks) add(official.maxMarks, 1, ANCHOR_WEIGHT);
    const points = monotoneDecreasing(weighted);
    if (points.length < 2) return [];
    return [
      {
        year,
        appeared,
        qualifyingMarks,
        points,
        reportedPoints: yearData.reported?.length ?? 0,
        topSlope: topSlope(points, appeared, qualifyingMarks),
        tail: logisticTail(points),
      },
    ];
  });
}

/**
 * Pool-adjacent-violators: the closest non-increasing sequence (weighted least squares), because candidates misreport
 * and a curve that rises would let more marks give a worse rank.
 */
export function monotoneDecreasing(points: { x: number; logShare: number; weight: number }[]) {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const blocks: { xs: number[]; value: number; weight: number }[] = [];
  for (const p of sorted) {
    let block = { xs: [p.x], value: p.logShare, weight: p.weight };
    let previous = blocks.at(-1);
    while (previous && previous.value < block.value) {
      blocks.pop();
      const weight = previous.weight + block.weight;
      block = {
        xs: [...previous.xs, ...block.xs],
        value: (previous.value * previous.weight + block.value * block.weight) / weight,
        weight,
      };
      previous = blocks.at(-1);
    }
    blocks.push(block);
  }
  const flattened = blocks.map((b) => ({ x: mean(b.xs), logShare: b.value }));
  return flattened.filter((p, i) => {
    const before = flattened[i - 1];
    return before === undefined || p.x > before.x;
  });
}

function slope(points: CurvePoint[]): number {
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.logShare));
  const covariance = points.reduce((s, p) => s + (p.x - mx) * (p.logShare - my), 0);
  const variance = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return covariance / variance;
}

/**
 * The curve at x: linear in log(rank) between points; above the top, the top points' slope, steepened if needed so that
 * rank 1 comes by full marks (a top slope fitted on mid ranks, as CS 2015's, would put candidates above 100 marks);
 * below the bottom, a logistic tail with the bottom points' slope that bends towards rank = appeared (everyone).
 */
export function evaluateCurve(curve: YearCurve, x: number): CurveValue {
  const { points } = curve;
  const first = itemAt(points, 0);
  const last = itemAt(points, points.length - 1);
  if (x > last.x) {
    const logShare = Math.max(-Math.log(curve.appeared), last.logShare + curve.topSlope * (x - last.x));
    return { logShare, beyond: x - last.x, toNearestPoint: x - last.x };
  }
  if (x < first.x) {
    const logShare = curve.tail ? -Math.log1p(Math.exp(curve.tail.k * (x - curve.tail.m0))) : 0;
    return { logShare, beyond: x - first.x, toNearestPoint: first.x - x };
  }
  // first.x ≤ x ≤ last.x here, so some point is at or above x: the first such, by binary search.
  let i = 0;
  for (let high = points.length - 1; i < high;) {
    const middle = (i + high) >> 1;
    if (itemAt(points, middle).x >= x) high = middle;
    else i = middle + 1;
  }
  const upper = itemAt(points, i);
  const lower = itemAt(points, Math.max(0, i - 1));
  const t = upper.x === lower.x ? 0 : (x - lower.x) / (upper.x - lower.x);
  const toNearestPoint = Math.min(upper.x - x, x - lower.x);
  return { logShare: lower.logShare + t * (upper.logShare - lower.logShare), beyond: 0, toNearestPoint };
}

function topSlope(points: CurvePoint[], appeared: number, qualifyingMarks: number): number {
  const last = itemAt(points, points.length - 1);
  const toFullMarks = (-Math.log(appeared) - last.logShare) / Math.max(1, FULL_MARKS - qualifyingMarks - last.x);
  return Math.min(0, slope(points.slice(-EDGE_POINTS)), toFullMarks);
}

/**
 * share(x) = 1 / (1 + e^{k(x − m0)}): log-linear where ranks are small, flattening to the whole field below; k from
 * the bottom points' slope. None when the bottom point is already the whole field.
 */
function logisticTail(points: CurvePoint[]): { k: number; m0: number } | undefined {
  const first = itemAt(points, 0);
  const share = Math.exp(first.logShare);
  if (share >= 1) return undefined;
  const k = Math.max(0.02, -slope(points.slice(0, EDGE_POINTS)) / (1 - share));
  return { k, m0: first.x - Math.log((1 - share) / share) / k };
}

/** The x (marks − qualifying mark) at which the curve reaches a share of the field: bisection, the curve never rises. */
export function xForLogShare(curve: YearCurve, logShare: number): number {
  let low = -60;
  let high = 100;
  for (let i = 0; i < 50; i++) {
    const middle = (low + high) / 2;
    if (evaluateCurve(curve, middle).logShare > logShare) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
