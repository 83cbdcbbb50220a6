/**
 * Backtest of the rank model (npm run bench:rank): leave each year out in turn and predict its candidate-reported
 * marks-to-rank points from the other years, told only that year's appeared count ("before results"), then also its
 * published qualifying mark and qualified count ("after results"). Prints the median |ln(predicted / actual)| and the
 * share of reported points inside the predicted range. Years without an appeared count cannot be put on the scale of
 * the field: they are scored on shape only, after the one scale factor that fits them best.
 * A simulated crowd shows what stored results add before the results: 2,000 candidates of the left-out year drawn from
 * its own field (its own curve), split evenly over both sessions, strong ones more likely to check. The strength of
 * that self-selection is unknown, so several are tried: P(check) ∝ (rank / appeared)^−β for β from mild to strong,
 * capped at 1 (almost every top candidate checks once β is strong).
 */
import type { RankData } from '../../src/domain/gate/rank/data';
import { RANK_DATA, dataWithoutReportedPoints, dataWithoutYear, yearsOf } from '../../src/domain/gate/rank/data';
import type { YearCurve } from '../../src/domain/gate/rank/history';
import { buildYearCurves, evaluateCurve } from '../../src/domain/gate/rank/history';
import type { CrowdInput } from '../../src/domain/gate/rank/predict';
import { predict } from '../../src/domain/gate/rank/predict';
import { itemAt } from '../../src/domain/lists';

interface PointResult {
  marks: number;
  actual: number;
  predicted: number;
  inRange: boolean;
}

function backtestYear(
  data: RankData,
  year: number,
  appeared: number,
  points: [number, number][],
  crowd?: CrowdInput,
): PointResult[] {
  return points.map(([marks, actual]) => {
    const p = predict({ testPaper: 'CS 1', marks, year, appeared, data, crowd });
    return { marks, actual, predicted: p.estimatedRank, inRange: p.rankRange[0] <= actual && actual <= p.rankRange[1] };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? itemAt(sorted, middle) : (itemAt(sorted, middle - 1) + itemAt(sorted, middle)) / 2;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run prints the same figures. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Marks at a rank on a year's own curve (bisection: the curve never rises with marks). */
function marksAtRank(curve: YearCurve, rank: number): number {
  const target = Math.log(rank / curve.appeared);
  let low = -60;
  let high = 100;
  for (let i = 0; i < 50; i++) {
    const middle = (low + high) / 2;
    if (evaluateCurve(curve, middle).logShare > target) low = middle;
    else high = middle;
  }
  return curve.qualifyingMarks + (low + high) / 2;
}

/** Self-selection strengths β tried: P(check) ∝ (rank / appeared)^−β. */
const SELECTION_STRENGTHS = [0.1, 0.35, 0.6, 0.8] as const;
/** A year without an appeared count is scored on shape only, after fitting one scale: that needs a few points. */
const MIN_SHAPE_POINTS = 3;
const CROWD_SIZE = 2000;

/** The scale that makes the expected crowd `size` under P = min(1, scale · (rank / appeared)^−β) (bisection). */
function checkScale(appeared: number, size: number, beta: number): number {
  const expected = (scale: number) => {
    let sum = 0;
    for (let rank = 1; rank <= appeared; rank++) sum += Math.min(1, scale * (rank / appeared) ** -beta);
    return sum;
  };
  let low = 0;
  let high = 1;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (expected(middle) < size) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

function simulatedCrowd(curve: YearCurve, beta: number, seed: number): CrowdInput {
  const next = random(curve.year * 100 + seed);
  const scale = checkScale(curve.appeared, CROWD_SIZE, beta);
  const marks: number[] = [];
  for (let rank = 1; rank <= curve.appeared; rank++) {
    if (next() < scale * (rank / curve.appeared) ** -beta) marks.push(Math.round(marksAtRank(curve, rank) * 3) / 3);
  }
  return {
    marksBySession: { 'CS 1': marks.filter((_, i) => i % 2 === 0), 'CS 2': marks.filter((_, i) => i % 2 === 1) },
  };
}

const logError = (r: PointResult) => Math.abs(Math.log(r.predicted / r.actual));

function summary(label: string, results: PointResult[]): string {
  const inside = results.filter((r) => r.inRange).length;
  return `${label.padEnd(34)} points ${String(results.length).padStart(3)}   median |ln(pred/actual)| ${median(
    results.map(logError),
  ).toFixed(
    3,
  )} (×${Math.exp(median(results.map(logError))).toFixed(2)})   in range ${inside}/${results.length} (${Math.round(
    (100 * inside) / results.length,
  )}%)`;
}

const scored = yearsOf(RANK_DATA, 'CS').filter((y) => (y.data.reported?.length ?? 0) > 0);
const ownCurves = buildYearCurves(RANK_DATA, 'CS');
const crowdSeeds = [1, 2, 3];
const withCrowd = new Map<number, PointResult[]>(SELECTION_STRENGTHS.map((beta) => [beta, []]));
const before: PointResult[] = [];
const after: PointResult[] = [];
console.log('Leave-one-year-out backtest, CS (marks are normalised marks; range ≈ 80% band)');
console.log(
  `Crowd assumption: ${CROWD_SIZE} checkers drawn from the held-out year's own field, P(check) = min(1, c · (rank / appeared)^−β), β ∈ {${SELECTION_STRENGTHS.join(', ')}} (mild → strong), ${crowdSeeds.length} crowds each\n`,
);
for (const { year, data } of scored) {
  const points = data.reported ?? [];
  const appeared = data.official?.appeared;
  if (!appeared) {
    if (points.length < MIN_SHAPE_POINTS) continue;
    const results = backtestYear(dataWithoutYear(RANK_DATA, year), year, 100_000, points);
    const scale = Math.exp(median(results.map((r) => Math.log(r.actual / r.predicted))));
    const shaped = results.map((r) => ({ ...r, predicted: r.predicted * scale }));
    console.log(`${summary(`${year} shape only (scale ×${scale.toFixed(2)} fitted)`, shaped).split('   in range')[0]}`);
    continue;
  }
  const blind = backtestYear(dataWithoutYear(RANK_DATA, year), year, appeared, points);
  const informed = backtestYear(dataWithoutReportedPoints(RANK_DATA, year), year, appeared, points);
  before.push(...blind);
  after.push(...informed);
  console.log(summary(`${year} before results`, blind));
  for (const r of blind.filter((_, i) => i % Math.ceil(blind.length / 6) === 0)) {
    console.log(
      `    marks ${r.marks.toFixed(2).padStart(6)}: actual ${String(r.actual).padStart(5)}, predicted ${String(r.predicted).padStart(5)}`,
    );
  }
  console.log(summary(`${year} after results (Mq, qualified)`, informed));
  const curve = ownCurves.find((c) => c.year === year)!;
  for (const beta of SELECTION_STRENGTHS) {
    const results = crowdSeeds.flatMap((seed) => {
      const crowd = simulatedCrowd(curve, beta, seed);
      return backtestYear(dataWithoutYear(RANK_DATA, year), year, appeared, points, crowd);
    });
    withCrowd.get(beta)!.push(...results);
    console.log(summary(`${year} + crowd ${CROWD_SIZE}, β = ${beta}`, results));
  }
}
console.log(`\n${summary('ALL before results', before)}`);
console.log(summary('ALL after results', after));
for (const [beta, results] of withCrowd) console.log(summary(`ALL + crowd ${CROWD_SIZE}, β = ${beta}`, results));
