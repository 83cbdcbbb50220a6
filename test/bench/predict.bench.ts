/**
 * What one predict call costs (npm run bench:predict, also run by bench:rank), with each session's stored raw marks
 * ascending as the API's in-memory snapshot keeps them. Prints the median over repeated calls for no crowd, and crowds
 * of 2,000 and 1,000,000 results per session, sorted (as the API passes them) and, for reference, shuffled (sorted on
 * a copy first), with the lean unknown and measured a year earlier (a simulated year's crowd and 5% of it reporting).
 * A predict call fits the model to the crowd; the API fits once per paper (rankPredictor, refitted as the crowd grows
 * by 5% or after five minutes) and reads every other marks value off that fit: the last lines time such a read.
 * Target: ≤ 20 ms per request for a million.
 */
import { loadavg } from 'node:os';
import type { LeanHypothesis } from '../../src/domain/gate/rank/crowd/crowd-fit';
import { RANK_DATA } from '../../src/domain/gate/rank/published-data/data';
import { buildYearCurves } from '../../src/domain/gate/rank/prediction/history';
import { leanPrior, measureLean } from '../../src/domain/gate/rank/crowd/lean-measurement';
import type { CrowdInput } from '../../src/domain/gate/rank/prediction/predict';
import { predict, rankPredictor } from '../../src/domain/gate/rank/prediction/predict';
import { itemAt } from '../../src/domain/lists';
import { drawCrowd, fieldOf, leansOf, reportsOf } from '../support/rank-crowds';

/** Deterministic marks like a real session: many low, few high, in thirds of a mark. */
function sessionMarks(count: number, seed: number): number[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => Math.round(3 * (100 * next() ** 2.2 - 8)) / 3);
}

function crowdOf(perSession: number, sorted: boolean): CrowdInput {
  const order = (marks: number[]) => (sorted ? marks.sort((a, b) => a - b) : marks);
  return {
    marksBySession: { 'CS 1': order(sessionMarks(perSession, 1)), 'CS 2': order(sessionMarks(perSession, 2)) },
  };
}

function medianMs(calls: number, call: () => unknown): number {
  call(); // warm up
  const times = Array.from({ length: calls }, () => {
    const start = performance.now();
    call();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return itemAt(times, times.length >> 1);
}

/** A lean measured on a simulated 2025: a crowd of 2,000 leaning as a power of the share (β 0.35), 5% reporting. */
function measuredLean(): readonly LeanHypothesis[] {
  const field = fieldOf(buildYearCurves(RANK_DATA, 'CS').find((c) => c.year === 2025)!);
  const { crowd, checkers } = drawCrowd(field, leansOf(field, 'power', 0.35), 2000, 1);
  const reports = reportsOf(checkers, 0.05, 2);
  const { appeared, qualifyingMarks } = field;
  return leanPrior([measureLean({ year: 2025, crowd, reports, appeared, qualifyingMarks })], 'CS', 2026);
}

const measured = measuredLean();
const cases: [string, CrowdInput | undefined, readonly LeanHypothesis[] | undefined, number][] = [
  ['no crowd', undefined, undefined, 30],
  ['2,000 per session, sorted', crowdOf(2_000, true), undefined, 30],
  ['2,000 per session, shuffled', crowdOf(2_000, false), undefined, 30],
  ['2,000 per session, lean measured', crowdOf(2_000, true), measured, 15],
  ['1,000,000 per session, sorted', crowdOf(1_000_000, true), undefined, 15],
  ['1,000,000 per session, shuffled', crowdOf(1_000_000, false), undefined, 5],
  ['1,000,000 per session, lean measured', crowdOf(1_000_000, true), measured, 5],
];
console.log(
  `predict, median time per call (marks 55, 70 and 85 in turn); host load ${loadavg()[0]?.toFixed(1)} on 2 cores:`,
);
for (const [label, crowd, lean, calls] of cases) {
  let i = 0;
  const ms = medianMs(calls, () => predict({ testPaper: 'CS 1', marks: [55, 70, 85][i++ % 3] ?? 55, crowd, lean }));
  console.log(`  ${label.padEnd(40)} ${ms.toFixed(1)} ms`);
}

console.log('read off a model already fitted to the crowd (what the API does for every marks value after the first):');
const reads: [string, CrowdInput, readonly LeanHypothesis[] | undefined][] = [
  ['2,000 per session', crowdOf(2_000, true), undefined],
  ['1,000,000 per session', crowdOf(1_000_000, true), undefined],
  ['1,000,000 per session, lean measured', crowdOf(1_000_000, true), measured],
];
for (const [label, crowd, lean] of reads) {
  const fitted = rankPredictor({ testPaper: 'CS 1', crowd, lean });
  let mark = 20;
  // A new marks value each time, a third of a mark apart, as candidates' marks are.
  const ms = medianMs(200, () => fitted.at((mark = mark >= 90 ? 20 : mark + 1 / 3)));
  console.log(`  ${label.padEnd(40)} ${ms.toFixed(2)} ms`);
}
