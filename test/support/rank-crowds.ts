/**
 * Simulated fields and crowds for the rank model's backtest (test/bench/rank.bench.ts) and its unit tests: every
 * candidate of a year drawn on that year's own marks-to-rank curve, and crowds of checkers drawn from it with a lean
 * towards the strong of one of several shapes. The model knows none of them; a product's crowd may lean in any.
 */
import type { CrowdInput } from '../../src/domain/gate/rank/prediction/predict';
import type { YearCurve } from '../../src/domain/gate/rank/prediction/history';
import { xForLogShare } from '../../src/domain/gate/rank/prediction/history';
import { itemAt } from '../../src/domain/lists';

/** Deterministic pseudo-random numbers (mulberry32), so every run draws the same crowds. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A year's whole field: every candidate's normalised marks, best first (index = AIR − 1). */
export interface SimulatedField {
  year: number;
  appeared: number;
  qualifyingMarks: number;
  bestFirst: Float64Array;
}

export function fieldOf(curve: YearCurve): SimulatedField {
  const marksAtRank = (rank: number) => curve.qualifyingMarks + xForLogShare(curve, Math.log(rank / curve.appeared));
  const bestFirst = Float64Array.from({ length: curve.appeared }, (_, i) => marksAtRank(i + 1));
  return { year: curve.year, appeared: curve.appeared, qualifyingMarks: curve.qualifyingMarks, bestFirst };
}

/**
 * Shapes of a crowd's lean: how much likelier the candidate at field share u (rank / appeared), x marks above the
 * qualifying mark, is to check than others.
 *   - power: u^−s, the law the model assumes;
 *   - exponential: e^(γx), γ = s · ln 50 / 45 per mark, so that in a typical year (the top 1% about 45 marks above the
 *     median) the top 1% check as much more often than the median as under the power law at the same s;
 *   - logistic: f + (1 − f) · logistic(x / 4), f = 50^−s: a crowd of those near or above the qualifying mark, flat
 *     among the strong;
 *   - threshold: 1 at 10 marks or more above the qualifying mark, f = 50^−s below: mostly those who did well check;
 *   - mixtures: half of the crowd leaning one way, half the other.
 * At s = 0 every shape is a fair sample.
 */
export const LEAN_FAMILIES = [
  'power',
  'exponential',
  'logistic',
  'threshold',
  'power + logistic',
  'exponential + threshold',
] as const;
export type LeanFamily = (typeof LEAN_FAMILIES)[number];

/** Strengths from none to strong: s as the power law's β, the other shapes matched to it (LEAN_FAMILIES). */
export const LEAN_STRENGTHS = [
  { name: 'none', s: 0 },
  { name: 'mild', s: 0.1 },
  { name: 'moderate', s: 0.35 },
  { name: 'strong', s: 0.6 },
  { name: 'very strong', s: 0.8 },
] as const;

const EXPONENTIAL_RATE_PER_STRENGTH = Math.log(50) / 45;
const LOGISTIC_SCALE_MARKS = 4;
const THRESHOLD_MARKS = 10;

function singleLeans(field: SimulatedField, family: LeanFamily, s: number): Float64Array {
  const { appeared, qualifyingMarks, bestFirst } = field;
  const floor = 50 ** -s;
  const lean = (x: number, u: number): number => {
    switch (family) {
      case 'power':
        return u ** -s;
      case 'exponential':
        return Math.exp(s * EXPONENTIAL_RATE_PER_STRENGTH * x);
      case 'logistic':
        return floor + (1 - floor) / (1 + Math.exp(-x / LOGISTIC_SCALE_MARKS));
      case 'threshold':
        return x >= THRESHOLD_MARKS ? 1 : floor;
      default:
        throw new RangeError(`${family} is a mixture.`);
    }
  };
  return bestFirst.map((marks, i) => lean(marks - qualifyingMarks, (i + 1) / appeared));
}

/** Each candidate's lean under a family at strength s; a mixture averages its parts, each scaled to mean 1. */
export function leansOf(field: SimulatedField, family: LeanFamily, s: number): Float64Array {
  const parts = family.split(' + ') as LeanFamily[];
  if (parts.length === 1) return singleLeans(field, family, s);
  const scaled = parts.map((part) => {
    const leans = singleLeans(field, part, s);
    const mean = leans.reduce((sum, l) => sum + l, 0) / leans.length;
    return leans.map((l) => l / mean);
  });
  return Float64Array.from({ length: field.appeared }, (_, i) => {
    const sum = scaled.reduce((total, leans) => total + itemAt(leans, i), 0);
    return sum / scaled.length;
  });
}

/** The scale c that makes the expected crowd `size` under P = min(1, c · lean) (bisection). */
function checkScale(leans: Float64Array, size: number): number {
  const expected = (scale: number) => leans.reduce((sum, lean) => sum + Math.min(1, scale * lean), 0);
  let low = 0;
  let high = 1;
  while (expected(high) < size) high *= 2;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (expected(middle) < size) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** A checker of a simulated crowd: their session, marks as GATE gives them (to a third) and the AIR they will get. */
export interface Checker {
  testPaper: 'CS 1' | 'CS 2';
  marks: number;
  rank: number;
}

export interface SimulatedCrowd {
  crowd: CrowdInput;
  checkers: Checker[];
}

/** Each candidate checks with P = min(1, c · lean), c for a crowd of `size`; checkers alternate between sessions. */
export function drawCrowd(field: SimulatedField, leans: Float64Array, size: number, seed: number): SimulatedCrowd {
  const next = random(seed);
  const scale = checkScale(leans, size);
  const checkers: Checker[] = [];
  field.bestFirst.forEach((marks, i) => {
    if (next() < scale * itemAt(leans, i)) {
      const testPaper = checkers.length % 2 === 0 ? 'CS 1' : 'CS 2';
      checkers.push({ testPaper, marks: Math.round(marks * 3) / 3, rank: i + 1 });
    }
  });
  const of = (session: Checker['testPaper']) => checkers.filter((c) => c.testPaper === session).map((c) => c.marks);
  return { crowd: { marksBySession: { 'CS 1': of('CS 1'), 'CS 2': of('CS 2') } }, checkers };
}

/** The checkers who report their official result: each with probability `share`. */
export function reportsOf(checkers: readonly Checker[], share: number, seed: number): Checker[] {
  const next = random(seed);
  return checkers.filter(() => next() < share);
}
