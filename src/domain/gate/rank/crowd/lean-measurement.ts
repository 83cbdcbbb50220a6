import type { LeanHypothesis } from './crowd-fit';
import { UNKNOWN_LEAN } from './crowd-fit';
import type { PaperKey, RankTestPaper } from '../published-data/data';
import { paperKeyOf } from '../published-data/data';
import { monotoneDecreasing } from '../prediction/history';
import { itemAt } from '../../../lists';
import type { CrowdInput } from '../prediction/predict';
import { RankModelError, rankedCrowd } from '../prediction/predict';
import type { MarksLean } from './readers';
import { marksLeanAt } from './readers';
import type { LeanShape } from './lean';
import { expectedCrowdAbove, lnLean, selectionLaw } from './lean';

/**
 * A crowd's lean cannot be read off the crowd alone: a crowd leaning on the strong looks like a year with a wider top.
 * After the results it can: a checker who reports an official AIR tells how many of the field are above their marks,
 * and the stored results tell how many of the crowd are. Between two reporters, the stored results over the field's
 * candidates there is how often those candidates checked. Measured along marks above the qualifying mark (candidates
 * know their marks, not their rank, when they decide to check), stored with how many reports it rests on and how sure
 * it is, it is what the model assumes of the next year's crowd (leanPrior).
 */

/** A stored result whose candidate reported their official AIR. */
export interface ReportedRank {
  testPaper: RankTestPaper;
  /** The result's raw marks in its session, as the crowd holds them. */
  marks: number;
  /** The official All India Rank. */
  rank: number;
}

export interface LeanMeasurement {
  paper: PaperKey;
  year: number;
  /** Reports it rests on, the crowd they were counted in, the field and its qualifying mark. */
  reports: number;
  crowdSize: number;
  appeared: number;
  qualifyingMarks: number;
  /** How much likelier a candidate x marks above the qualifying mark was to check (ln λ, up to a constant). */
  lean: MarksLean;
  /**
   * How unsure the measured lean is: the covariance of ln λ at its knots but the level one (the inverse of the
   * likelihood's curvature there, the bend penalty's included), row by row.
   */
  covariance: number[][];
  /** The same reports read as a lean along the field's shares: UNKNOWN_LEAN's shapes weighed by them (sum 1). */
  shares: { shape: LeanShape; weight: number }[];
}

/** Shapes along shares below this weight are not kept (they would change no prior). */
const MIN_KEPT_WEIGHT = 1e-3;
/** Fewer reports than this measure nothing a year's crowd could rely on. */
export const MIN_LEAN_REPORTS = 20;
/**
 * The reports count as this many times fewer than they are: reported ranks and the crowd's own normalised marks (its
 * estimate of the official ones) are noisy, and a few candidates misreport.
 */
const REPORT_OVERDISPERSION = 2;
/** Marks above the qualifying mark where the lean may bend; level beyond the ends. */
const KNOTS = [-30, -15, -5, 0, 5, 10, 20, 35, 55];
/** The knot where ln λ is 0 (the crowd's size carries the level). */
const LEVEL_KNOT = 3;
/**
 * How much the lean's slope (ln λ per mark) may change from one stretch of knots to the next: enough for a crowd of
 * those above some mark, little enough that a stretch without reports follows its neighbours.
 */
const BEND_SD = 0.15;
/**
 * A lean's slope (ln λ per mark) is seldom steeper than this over SLOPE_SPAN marks: the power law at β = 0.8 is about
 * 0.09 a mark.
 */
const SLOPE_SD = 0.1;
const SLOPE_SPAN = 10;
/** Field ranks each stretch between two reporters is summed over (in ln rank). */
const STEPS_PER_STRETCH = 4;
/** Newton steps of the fit, and the step of its numerical derivatives (ln λ). */
const FIT_STEPS = 15;
const DERIVATIVE_STEP = 1e-3;

/**
 * The lean that makes the crowd's counts between the reported ranks likeliest. The field's marks at any rank come
 * from the reports (made monotone, linear in ln rank between them); between two reporters, the stored results are a
 * multinomial share of the crowd, in proportion to Σ λ(marks − Mq) over the field's candidates there.
 */
export function measureLean(input: {
  year: number;
  crowd: CrowdInput;
  reports: readonly ReportedRank[];
  appeared: number;
  /** The year's official general qualifying mark. */
  qualifyingMarks: number;
}): LeanMeasurement {
  const { year, reports, appeared, qualifyingMarks } = input;
  const first = reports[0];
  if (!first) throw new RankModelError('No reported ranks to measure the lean from.');
  const paper = paperKeyOf(first.testPaper);
  const ranked = rankedCrowd(input.crowd, paper);
  const size = ranked.crowd.size;
  const stretches = stretchesOf(reports, paper, ranked, appeared, qualifyingMarks);
  const logLikelihood = (lnLeans: readonly number[]) => {
    const lean = { xs: KNOTS, lnLeans: [...lnLeans], strength: 0 };
    const expected = stretches.map((s) =>
      s.steps.reduce((sum, step) => sum + step.candidates * Math.exp(marksLeanAt(lean, step.x)), 0),
    );
    const total = expected.reduce((sum, e) => sum + e, 0);
    return (
      stretches.reduce(
        (sum, s, i) => sum + (s.results > 0 ? s.results * Math.log(itemAt(expected, i) / total) : 0),
        0,
      ) / REPORT_OVERDISPERSION
    );
  };
  const withLevel = (free: readonly number[]) => [...free.slice(0, LEVEL_KNOT), 0, ...free.slice(LEVEL_KNOT)];
  const objective = (free: readonly number[]) => logLikelihood(withLevel(free)) - bendPenalty(withLevel(free));
  const free = maximise(objective, new Array<number>(KNOTS.length - 1).fill(0));
  const lnLeans = withLevel(free);
  const covariance = inverse(hessianOf(objective, free).map((row) => row.map((v) => -v)));
  return {
    paper,
    year,
    reports: reports.length,
    crowdSize: size,
    appeared,
    qualifyingMarks,
    lean: { xs: KNOTS, lnLeans, strength: strengthOf({ xs: KNOTS, lnLeans, strength: 0 }, stretches, appeared) },
    covariance,
    shares: leansAlongShares(reports, ranked, appeared),
  };
}

/**
 * The reports read as a lean along the field's shares: every shape of UNKNOWN_LEAN weighed by how likely it makes the
 * stored results between the reported ranks (a multinomial of what the shape's law expects there).
 */
function leansAlongShares(
  reports: readonly ReportedRank[],
  ranked: ReturnType<typeof rankedCrowd>,
  appeared: number,
): { shape: LeanShape; weight: number }[] {
  const size = ranked.crowd.size;
  const reported = reports
    .map((r) => ({ rank: r.rank, above: ranked.crowd.countAbove(ranked.normaliseCandidate(r.marks, r.testPaper)) }))
    .sort((a, b) => a.rank - b.rank);
  let highest = 0;
  const bins = [
    ...reported.map((r) => {
      highest = Math.max(highest, r.above);
      return { rank: r.rank, above: highest };
    }),
    { rank: appeared, above: size },
  ];
  const logLikelihoods = UNKNOWN_LEAN.map(({ shape }) => {
    const law = selectionLaw(shape, size, appeared);
    let sum = 0;
    let previous = { expected: 0, above: 0 };
    for (const bin of bins) {
      // The reporter is one of the crowd, not above themselves: the crowd expected among the ranks before theirs.
      const expected = bin.rank >= appeared ? size : expectedCrowdAbove(law, Math.max(0.5, bin.rank - 0.5));
      const observed = bin.above - previous.above;
      if (observed > 0) sum += observed * Math.log(Math.max(1e-12, expected - previous.expected) / size);
      previous = { expected, above: bin.above };
    }
    return sum / REPORT_OVERDISPERSION;
  });
  const best = Math.max(...logLikelihoods);
  const weighed = UNKNOWN_LEAN.map((h, i) => ({
    shape: h.shape,
    weight: h.prior * Math.exp(itemAt(logLikelihoods, i) - best),
  }));
  const total = weighed.reduce((sum, l) => sum + l.weight, 0);
  const kept = weighed.filter((l) => l.weight / total >= MIN_KEPT_WEIGHT);
  const keptTotal = kept.reduce((sum, l) => sum + l.weight, 0);
  return kept.map((l) => ({ shape: l.shape, weight: l.weight / keptTotal }));
}

/** The field's candidates between two reporters, in steps at their marks above Mq, and the stored results there. */
interface Stretch {
  results: number;
  steps: { candidates: number; x: number }[];
}

/**
 * The reports, made monotone (more marks never a worse rank), split the field into stretches: from rank 1 to the best
 * reporter, between reporters, and from the last to the whole field (its marks extended at the last stretch's slope).
 */
function stretchesOf(
  reports: readonly ReportedRank[],
  paper: PaperKey,
  ranked: ReturnType<typeof rankedCrowd>,
  appeared: number,
  qualifyingMarks: number,
): Stretch[] {
  const points = monotoneDecreasing(
    reports.map((r) => {
      if (paperKeyOf(r.testPaper) !== paper) throw new RankModelError(`${r.testPaper} is not a session of ${paper}.`);
      return { x: ranked.normaliseCandidate(r.marks, r.testPaper), logShare: Math.log(r.rank), weight: 1 };
    }),
  ).reverse(); // best first: marks falling, ln rank rising
  if (points.length < 2) throw new RankModelError('Reports at two different marks at least are needed.');
  const slopeAt = (a: { x: number; logShare: number }, b: { x: number; logShare: number }) =>
    (b.x - a.x) / Math.max(1e-6, b.logShare - a.logShare);
  const [best, second] = [itemAt(points, 0), itemAt(points, 1)];
  const [last, beforeLast] = [itemAt(points, points.length - 1), itemAt(points, points.length - 2)];
  const ends = [
    { x: best.x - slopeAt(second, best) * best.logShare, logShare: 0 },
    ...points,
    { x: last.x + slopeAt(beforeLast, last) * (Math.log(appeared) - last.logShare), logShare: Math.log(appeared) },
  ];
  const size = ranked.crowd.size;
  const stretches = ends.slice(1).map((to, i) => {
    const from = itemAt(ends, i);
    const steps = Array.from({ length: STEPS_PER_STRETCH }, (_, k) => {
      const [a, b] = [k / STEPS_PER_STRETCH, (k + 1) / STEPS_PER_STRETCH];
      const lnRank = (t: number) => from.logShare + t * (to.logShare - from.logShare);
      const middle = (a + b) / 2;
      return {
        candidates: Math.exp(lnRank(b)) - Math.exp(lnRank(a)),
        x: from.x + middle * (to.x - from.x) - qualifyingMarks,
      };
    });
    // The first stretch holds every result above the best reporter, the last every result below the last one.
    const upper = i === 0 ? 0 : ranked.crowd.countAbove(from.x);
    const lower = i === ends.length - 2 ? size : ranked.crowd.countAbove(to.x);
    const results = lower - upper;
    return { results: Math.max(0, results), steps };
  });
  return withoutEmptyStretches(stretches);
}

/**
 * A stretch of no field candidates (a reporter at the very last rank, or two at the same rank) cannot hold a result,
 * yet a crowd's mark rounded below the last reporter lands in one: its results count in the stretch before it.
 */
function withoutEmptyStretches(stretches: readonly Stretch[]): Stretch[] {
  const kept: Stretch[] = [];
  let carried = 0;
  for (const stretch of stretches) {
    const candidates = stretch.steps.reduce((sum, step) => sum + step.candidates, 0);
    const previous = kept.at(-1);
    if (candidates > 0) {
      kept.push({ ...stretch, results: stretch.results + carried });
      carried = 0;
    } else if (previous) previous.results += stretch.results;
    else carried += stretch.results;
  }
  return kept;
}

/**
 * Σ (change of the lean's slope between neighbouring stretches of knots / BEND_SD)² / 2, and Σ (slope / SLOPE_SD)² / 2
 * weighed by the stretch's length: where no reports are (the very top), the lean stays level rather than run on.
 */
function bendPenalty(lnLeans: readonly number[]): number {
  const widths = KNOTS.slice(1).map((k, i) => k - itemAt(KNOTS, i));
  const slopes = lnLeans.slice(1).map((v, i) => (v - itemAt(lnLeans, i)) / itemAt(widths, i));
  const bends = slopes.slice(1).reduce((sum, s, i) => sum + ((s - itemAt(slopes, i)) / BEND_SD) ** 2 / 2, 0);
  const steepness = slopes.reduce((sum, s, i) => sum + ((itemAt(widths, i) / SLOPE_SPAN) * (s / SLOPE_SD) ** 2) / 2, 0);
  return bends + steepness;
}

/**
 * The lean's strength as a β: ln(λ at the field's top 1% / λ at its median) / ln 50, the marks of both read off the
 * measured year's stretches.
 */
function strengthOf(lean: MarksLean, stretches: readonly Stretch[], appeared: number): number {
  const xAt = (rank: number) => {
    let passed = 0;
    for (const stretch of stretches) {
      for (const step of stretch.steps) {
        passed += step.candidates;
        if (passed >= rank) return step.x;
      }
    }
    return itemAt(KNOTS, 0);
  };
  return (marksLeanAt(lean, xAt(0.01 * appeared)) - marksLeanAt(lean, xAt(0.5 * appeared))) / Math.log(50);
}

/** Newton's method with numerical derivatives, each step halved until it improves (the objective is smooth). */
function maximise(objective: (x: readonly number[]) => number, start: readonly number[]): number[] {
  let x = [...start];
  let value = objective(x);
  const h = DERIVATIVE_STEP;
  for (let step = 0; step < FIT_STEPS; step++) {
    const gradient = x.map((_, i) => (objective(moved(x, i, h)) - objective(moved(x, i, -h))) / (2 * h));
    const direction = ascent(hessianOf(objective, x), gradient);
    let improved = false;
    for (let scale = 1, halvings = 0; halvings < 20 && !improved; halvings++, scale /= 2) {
      const next = x.map((v, i) => v + scale * itemAt(direction, i));
      const nextValue = objective(next);
      if (nextValue > value) {
        [x, value, improved] = [next, nextValue, true];
      }
    }
    if (!improved) break;
  }
  return x;
}

/** The objective's second derivatives at x, by central differences. */
function hessianOf(objective: (x: readonly number[]) => number, x: readonly number[]): number[][] {
  const h = DERIVATIVE_STEP;
  const at = (i: number, a: number, j: number, b: number) => objective(moved(moved(x, i, a), j, b));
  return x.map((_, i) =>
    x.map((__, j) => (at(i, h, j, h) - at(i, h, j, -h) - at(i, -h, j, h) + at(i, -h, j, -h)) / (4 * h * h)),
  );
}

function moved(x: readonly number[], index: number, by: number): number[] {
  return x.map((v, i) => (i === index ? v + by : v));
}

/** The Newton step −H⁻¹g, or the gradient where that would not climb (H not negative definite far from the top). */
function ascent(hessian: readonly (readonly number[])[], gradient: readonly number[]): number[] {
  const step = solve(
    hessian.map((row) => row.map((v) => -v)),
    gradient,
  );
  const climbs = step !== undefined && step.reduce((sum, v, i) => sum + v * itemAt(gradient, i), 0) > 0;
  return climbs ? step : [...gradient];
}

/** A⁻¹ column by column (A symmetric positive definite: the covariance from a curvature). */
function inverse(matrix: readonly (readonly number[])[]): number[][] {
  const n = matrix.length;
  const columns = Array.from({ length: n }, (_, j) => {
    const column = solve(
      matrix,
      Array.from({ length: n }, (__, i) => (i === j ? 1 : 0)),
    );
    if (!column) throw new RankModelError('The reports do not measure the lean.');
    return column;
  });
  return columns.map((_, i) => columns.map((column) => itemAt(column, i)));
}

/** A·x = b by Gaussian elimination with partial pivoting; undefined for a singular A. */
function solve(matrix: readonly (readonly number[])[], b: readonly number[]): number[] | undefined {
  const n = b.length;
  const rows = matrix.map((row, i) => [...row, itemAt(b, i)]);
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++) {
      if (Math.abs(itemAt(itemAt(rows, row), column)) > Math.abs(itemAt(itemAt(rows, pivot), column))) pivot = row;
    }
    const pivotRow = itemAt(rows, pivot);
    if (itemAt(pivotRow, column) === 0) return undefined;
    rows[pivot] = itemAt(rows, column);
    rows[column] = pivotRow;
    for (let row = column + 1; row < n; row++) {
      const target = itemAt(rows, row);
      const factor = itemAt(target, column) / itemAt(pivotRow, column);
      for (let k = column; k <= n; k++) target[k] = itemAt(target, k) - factor * itemAt(pivotRow, k);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    const r = itemAt(rows, row);
    let sum = itemAt(r, n);
    for (let k = row + 1; k < n; k++) sum -= itemAt(r, k) * itemAt(x, k);
    x[row] = sum / itemAt(r, row);
  }
  return x;
}

/**
 * How far a crowd's lean may move from one year to the next, on the scale of β: the backtest's simulated crowds drift
 * by up to 0.05 a year. Along marks that is this per mark: the top 1% sit about 45 marks above the median.
 */
export const LEAN_DRIFT_PER_YEAR = 0.05;
const DRIFT_PER_MARK_PER_YEAR = (LEAN_DRIFT_PER_YEAR * Math.log(50)) / 45;
/** The lean's uncertainty is tried along its widest axes only: the others are narrow (stretches rich in reports). */
const PRINCIPAL_AXES = 4;

/**
 * The prior on the crowd's lean for an exam year, from the leans measured in earlier years of the paper: the latest
 * measurement with at least MIN_LEAN_REPORTS reports, unsure by its own covariance and a tilt e^(t·x) drifted since
 * (t's sd DRIFT_PER_MARK_PER_YEAR a year), as sigma points (the lean moved ±√(d + 1) sds along each principal axis of
 * that uncertainty, d axes, and the lean itself); and OPEN_MIND of UNKNOWN_LEAN. Without such a measurement,
 * UNKNOWN_LEAN.
 */
export function leanPrior(
  measurements: readonly LeanMeasurement[],
  paper: PaperKey,
  year: number,
): readonly LeanHypothesis[] {
  const latest = measurements
    .filter((m) => m.paper === paper && m.year < year && m.reports >= MIN_LEAN_REPORTS && isFiniteMeasurement(m))
    .sort((a, b) => b.year - a.year)[0];
  if (!latest) return UNKNOWN_LEAN;
  const lean = { ...latest.lean, measuredIn: { year: latest.year, reports: latest.reports } };
  const { covariance } = latest;
  const drift = DRIFT_PER_MARK_PER_YEAR * (year - latest.year);
  const freeKnots = lean.xs.filter((_, i) => i !== LEVEL_KNOT);
  const total = covariance.map((row, i) =>
    row.map((v, j) => v + drift ** 2 * itemAt(freeKnots, i) * itemAt(freeKnots, j)),
  );
  const axes = principalAxes(total)
    .sort((a, b) => b.variance - a.variance)
    .slice(0, PRINCIPAL_AXES);
  const d = axes.length;
  const spread = Math.sqrt(d + 1);
  const moved = (by: readonly number[]) => ({
    ...lean,
    lnLeans: lean.lnLeans.map((v, i) =>
      i < LEVEL_KNOT ? v + itemAt(by, i) : i > LEVEL_KNOT ? v + itemAt(by, i - 1) : v,
    ),
  });
  const points = [
    { lean, weight: 1 / (d + 1) },
    ...axes.flatMap(({ vector, variance }) =>
      [-1, 1].map((side) => ({
        lean: moved(vector.map((v) => side * spread * Math.sqrt(Math.max(0, variance)) * v)),
        weight: 1 / (2 * (d + 1)),
      })),
    ),
  ];
  const shareSd = Math.hypot(LEAN_DRIFT_PER_YEAR * (year - latest.year), SHARE_GRID_SD);
  const shares = UNKNOWN_LEAN.map(({ shape }) =>
    latest.shares.reduce(
      (sum, l) => sum + l.weight * Math.exp(-((leanDistance(shape, l.shape) / shareSd) ** 2) / 2),
      0,
    ),
  );
  const sharesTotal = shares.reduce((sum, w) => sum + w, 0);
  return [
    ...points.map((p) => ({ measured: p.lean, tilt: 0, prior: (1 - ALONG_SHARES) * p.weight })),
    ...UNKNOWN_LEAN.map((h, i) => ({ shape: h.shape, prior: (ALONG_SHARES * itemAt(shares, i)) / sharesTotal })),
  ].filter((h) => h.prior > 0);
}

/** A measurement stored before empty stretches were merged could hold NaN (stored as null): it measures nothing. */
function isFiniteMeasurement({ lean, covariance }: LeanMeasurement): boolean {
  return [...lean.lnLeans, ...covariance.flat()].every((value) => Number.isFinite(value));
}

/**
 * Whether a crowd leans along marks (candidates know their marks when they decide to check) or along the field's
 * shares (as the power law has it) cannot be told from one year: a lean measured in a year fits that year either way,
 * and the two part only in the next year, whose field is shaped otherwise. The prior weighs both readings of the
 * measured lean, this much the one along shares; where they disagree the range covers both. Along marks weighs three
 * times as much: a candidate decides to check knowing their marks, not their rank (npm run bench:rank, 10 crowds a
 * cell: the learned lane meets ×1.25 and 80% in range in 6 of 6 families, against 4 of 6 with half each).
 */
const ALONG_SHARES = 0.25;
/** The smallest spread the lean along shares keeps: its grid's own step (β every 0.05). */
const SHARE_GRID_SD = 0.025;
/** Shares at which two leans along shares are compared, each against the median candidate. */
const COMPARED_SHARES = [0.001, 0.01, 0.05, 0.2];

/**
 * How far apart two leans along shares are on the scale of β: at each of COMPARED_SHARES, the difference of their
 * ln λ against the median candidate, over ln(0.5 / share) (for two powers, |β − β'| at every share); root mean square.
 */
export function leanDistance(a: LeanShape, b: LeanShape): number {
  const median = Math.log(0.5);
  const squares = COMPARED_SHARES.map((share) => {
    const at = Math.log(share);
    const difference = lnLean(a, at) - lnLean(a, median) - (lnLean(b, at) - lnLean(b, median));
    return (difference / (median - at)) ** 2;
  });
  return Math.sqrt(squares.reduce((sum, s) => sum + s, 0) / squares.length);
}

/** Eigenvalues and unit eigenvectors of a symmetric matrix (cyclic Jacobi rotations). */
function principalAxes(matrix: readonly (readonly number[])[]): { variance: number; vector: number[] }[] {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => (i === j ? 1 : 0)));
  const at = (m: number[][], i: number, j: number) => itemAt(itemAt(m, i), j);
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += at(a, p, q) ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(at(a, p, q)) < 1e-30) continue;
        const theta = (at(a, q, q) - at(a, p, p)) / (2 * at(a, p, q));
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const [akp, akq] = [at(a, k, p), at(a, k, q)];
          itemAt(a, k)[p] = c * akp - s * akq;
          itemAt(a, k)[q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const [apk, aqk] = [at(a, p, k), at(a, q, k)];
          itemAt(a, p)[k] = c * apk - s * aqk;
          itemAt(a, q)[k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const [vkp, vkq] = [at(v, k, p), at(v, k, q)];
          itemAt(v, k)[p] = c * vkp - s * vkq;
          itemAt(v, k)[q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return Array.from({ length: n }, (_, i) => ({
    variance: at(a, i, i),
    vector: Array.from({ length: n }, (__, k) => at(v, k, i)),
  }));
}
