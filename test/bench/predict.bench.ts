/**
 * What one predict call costs (npm run bench:predict, also run by bench:rank): the API calls it per request (cached
 * five minutes per marks value) with each session's stored raw marks, ascending as its in-memory snapshot keeps them.
 * Prints the median over repeated calls for no crowd, and crowds of 2,000 and 1,000,000 results per session, sorted
 * (as the API passes them) and, for reference, shuffled (sorted on a copy first). Target: ≤ 20 ms for a million.
 */
import type { CrowdInput } from '../../src/domain/gate/rank/predict';
import { predict } from '../../src/domain/gate/rank/predict';
import { itemAt } from '../../src/domain/lists';

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

const cases: [string, CrowdInput | undefined, number][] = [
  ['no crowd', undefined, 30],
  ['2,000 per session, sorted', crowdOf(2_000, true), 30],
  ['2,000 per session, shuffled', crowdOf(2_000, false), 30],
  ['1,000,000 per session, sorted', crowdOf(1_000_000, true), 15],
  ['1,000,000 per session, shuffled', crowdOf(1_000_000, false), 5],
];
console.log('predict, median time per call (marks 55, 70 and 85 in turn):');
for (const [label, crowd, calls] of cases) {
  let i = 0;
  const ms = medianMs(calls, () => predict({ testPaper: 'CS 1', marks: [55, 70, 85][i++ % 3] ?? 55, crowd }));
  console.log(`  ${label.padEnd(32)} ${ms.toFixed(1)} ms`);
}
