/**
 * Backtest of the rank model (npm run bench:rank; RANK_BENCH_QUICK=1 for 3 crowds per cell instead of 10): leave each
 * year out in turn and predict its candidate-reported marks-to-rank points from the other years. Per held-out year:
 *   - no crowd: told only the year's appeared count;
 *   - after results: also its published qualifying mark and qualified count;
 *   - with a crowd: 2,000 checkers drawn from the year's own field (test/support/rank-crowds.ts), leaning towards the
 *     strong in one of six shapes at five strengths from none to very strong; the model is told neither;
 *   - with a lean learned a year earlier: the same crowd, and the lean measured from last year's crowd (the same shape,
 *     its strength drifted by up to ±0.05, drawn from another year's field) through the 5% of its checkers who
 *     reported their official AIR (measureLean), given to the model as its prior (leanPrior);
 *   - after results, from reported pairs: 5% of this year's checkers report (marks, AIR), and the held-out points are
 *     read off those pairs with the published qualifying mark and qualified count (rankFromReports).
 * Per cell: the median |ln(predicted / actual)| as a ratio, the share of reported points inside the predicted range
 * (about 80%) and the range's median width (high / low). Years without an appeared count are scored on shape only,
 * after the one scale factor that fits them best.
 */
import type { RankData } from '../../src/domain/gate/rank/published-data/data';
import {
  RANK_DATA,
  dataWithoutReportedPoints,
  dataWithoutYear,
  yearsOf,
} from '../../src/domain/gate/rank/published-data/data';
import { buildYearCurves } from '../../src/domain/gate/rank/prediction/history';
import type { LeanHypothesis } from '../../src/domain/gate/rank/crowd/crowd-fit';
import { leanPrior, measureLean } from '../../src/domain/gate/rank/crowd/lean-measurement';
import type { CrowdInput, Prediction } from '../../src/domain/gate/rank/prediction/predict';
import { rankPredictor } from '../../src/domain/gate/rank/prediction/predict';
import { officialTopCount } from '../../src/domain/gate/rank/gate-score/normalisation';
import { rankFromReports } from '../../src/domain/gate/rank/official-results/reported-ranks';
import { itemAt } from '../../src/domain/lists';
import type { Checker, LeanFamily, SimulatedField } from '../support/rank-crowds';
import { LEAN_FAMILIES, LEAN_STRENGTHS, drawCrowd, fieldOf, leansOf, random, reportsOf } from '../support/rank-crowds';

const QUICK = process.env.RANK_BENCH_QUICK === '1';
const CROWD_SIZE = 2000;
/** Crowds per cell: one crowd's median moves by ×1.2 and more with its draw; ten average that out. */
const CROWD_SEEDS = Array.from({ length: QUICK ? 3 : 10 }, (_, i) => i + 1);
/** A year without an appeared count is scored on shape only, after fitting one scale: that needs a few points. */
const MIN_SHAPE_POINTS = 3;
/** Last year's checkers who report their official AIR, and how far the lean may drift from last year to this. */
const REPORT_SHARE = 0.05;
const LEAN_DRIFT = 0.05;
/** Targets of issue 34. */
const MIN_IN_RANGE = 0.8;
const MAX_LEARNED_ERROR = 1.25;

type ScoreInputs = Prediction['scoreInputs'];

interface PointResult {
  actual: number;
  predicted: number;
  inRange: boolean;
  /** The range's high / low. */
  width: number;
}

function backtestYear(
  data: RankData,
  year: number,
  appeared: number,
  points: readonly [number, number][],
  crowd?: CrowdInput,
  lean?: readonly LeanHypothesis[],
): { results: PointResult[]; scoreInputs: ScoreInputs } {
  const predictor = rankPredictor({ testPaper: 'CS 1', year, appeared, data, crowd, lean });
  const results = points.map(([marks, actual]) => {
    const p = predictor.at(marks);
    const [low, high] = p.rankRange;
    return { actual, predicted: p.estimatedRank, inRange: low <= actual && actual <= high, width: high / low };
  });
  return { results, scoreInputs: predictor.at(60).scoreInputs };
}

/** The field's top-0.1% mean (at least its best 10), what the GATE score's M̄t is. */
function fieldTopMean({ bestFirst }: SimulatedField): number {
  const count = Math.round(officialTopCount(bestFirst.length));
  return bestFirst.subarray(0, count).reduce((sum, m) => sum + m, 0) / count;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? itemAt(sorted, middle) : (itemAt(sorted, middle - 1) + itemAt(sorted, middle)) / 2;
}

interface Summary {
  ratio: number;
  inRange: number;
  width: number;
}

function summarise(results: readonly PointResult[]): Summary {
  return {
    ratio: Math.exp(median(results.map((r) => Math.abs(Math.log(r.predicted / r.actual))))),
    inRange: results.filter((r) => r.inRange).length / results.length,
    width: median(results.map((r) => r.width)),
  };
}

const cell = (results: readonly PointResult[]) => {
  if (results.length === 0) return '—';
  const s = summarise(results);
  return `×${s.ratio.toFixed(2)} ${Math.round(100 * s.inRange)}% w×${s.width.toFixed(1)}`;
};

/** Results per lane and held-out year. */
const lanes = new Map<string, Map<number, PointResult[]>>();
const record = (lane: string, year: number, results: PointResult[]) => {
  const byYear = lanes.get(lane) ?? new Map<number, PointResult[]>();
  byYear.set(year, [...(byYear.get(year) ?? []), ...results]);
  lanes.set(lane, byYear);
};
const resultsOf = (lane: string, year?: number) => {
  const byYear = lanes.get(lane);
  if (!byYear) return [];
  return year === undefined ? [...byYear.values()].flat() : (byYear.get(year) ?? []);
};
/**
 * The GATE score's inputs read before results against the field's own (marks): |M̄t − the field's top-0.1% mean| and
 * |Mq − the year's qualifying mark|, without a crowd and per lane.
 */
const inputErrors = new Map<string, { topMean: number[]; qualifyingMarks: number[] }>();
const recordInputs = (key: string, read: ScoreInputs, field: SimulatedField) => {
  const errors = inputErrors.get(key) ?? { topMean: [], qualifyingMarks: [] };
  errors.topMean.push(Math.abs(read.topMean.value - fieldTopMean(field)));
  errors.qualifyingMarks.push(Math.abs(read.qualifyingMarks.value - field.qualifyingMarks));
  inputErrors.set(key, errors);
};
const crowdLane = (family: LeanFamily, strength: string) => `${family}, ${strength}`;
const learnedLane = (family: LeanFamily, strength: string) => `${family}, ${strength}, learned`;
const reportsLane = (family: LeanFamily, strength: string) => `${family}, ${strength}, reports`;

/** The held-out points read off this year's reported pairs, once the results are out. */
function fromReports(
  checkers: readonly Checker[],
  seed: number,
  field: SimulatedField,
  qualified: number | undefined,
  points: readonly [number, number][],
): PointResult[] {
  const pairs = reportsOf(checkers, REPORT_SHARE, seed).map((c) => ({ marks: c.marks, rank: c.rank }));
  return points.flatMap(([marks, actual]) => {
    const read = rankFromReports({
      pairs,
      marks,
      appeared: field.appeared,
      qualifyingMarks: field.qualifyingMarks,
      qualified,
    });
    if (!read) return [];
    const [low, high] = read.rankRange;
    return [{ actual, predicted: read.estimatedRank, inRange: low <= actual && actual <= high, width: high / low }];
  });
}

/** The field a year's "last year" is drawn from: the year with a curve before it, the first year the one after. */
function lastYearOf(year: number, withFields: readonly number[]): number {
  const before = withFields.filter((y) => y < year).at(-1);
  const after = withFields.find((y) => y > year);
  const last = before ?? after;
  if (last === undefined) throw new Error(`No other year than ${year}.`);
  return last;
}

/** The prior a model gets from last year's reports: last year's crowd, its strength drifted, 5% reporting. */
function learnedLean(
  year: number,
  lastField: SimulatedField,
  family: LeanFamily,
  s: number,
  seed: number,
): readonly LeanHypothesis[] {
  const drift = (2 * random(seed)() - 1) * LEAN_DRIFT;
  const last = drawCrowd(lastField, leansOf(lastField, family, Math.max(0, s + drift)), CROWD_SIZE, seed + 1);
  const reports = reportsOf(last.checkers, REPORT_SHARE, seed + 2);
  const measured = measureLean({
    year: year - 1,
    crowd: last.crowd,
    reports,
    appeared: lastField.appeared,
    qualifyingMarks: lastField.qualifyingMarks,
  });
  return leanPrior([measured], 'CS', year);
}

const started = performance.now();
const scored = yearsOf(RANK_DATA, 'CS').filter((y) => (y.data.reported?.length ?? 0) > 0);
const fields = new Map<number, SimulatedField>(buildYearCurves(RANK_DATA, 'CS').map((c) => [c.year, fieldOf(c)]));
console.log(
  `Leave-one-year-out backtest, CS, data v${RANK_DATA.version} (marks are normalised marks; range ≈ 80% band)${QUICK ? ', QUICK: 3 crowds per cell' : ''}`,
);
console.log(
  `Crowds: ${CROWD_SIZE} checkers drawn from the held-out year's own field, ${CROWD_SEEDS.length} per cell; P(check) = min(1, c · lean), leans: ${LEAN_FAMILIES.join('; ')}; strengths ${LEAN_STRENGTHS.map((s) => `${s.name} (${s.s})`).join(', ')}\n`,
);
const years: number[] = [];
for (const { year, data } of scored) {
  const points = data.reported ?? [];
  const appeared = data.official?.appeared;
  const others = dataWithoutYear(RANK_DATA, year);
  if (!appeared) {
    if (points.length < MIN_SHAPE_POINTS) continue;
    const { results } = backtestYear(others, year, 100_000, points);
    const scale = Math.exp(median(results.map((r) => Math.log(r.actual / r.predicted))));
    const shaped = results.map((r) => ({ ...r, predicted: r.predicted * scale }));
    console.log(
      `${year} shape only (no appeared count; scale ×${scale.toFixed(2)}): ${points.length} points, median error ×${summarise(shaped).ratio.toFixed(2)}`,
    );
    continue;
  }
  years.push(year);
  const field = fields.get(year);
  if (!field) throw new Error(`No field for ${year}.`);
  const noCrowd = backtestYear(others, year, appeared, points);
  record('no crowd', year, noCrowd.results);
  recordInputs('no crowd', noCrowd.scoreInputs, field);
  record(
    'after results',
    year,
    backtestYear(dataWithoutReportedPoints(RANK_DATA, year), year, appeared, points).results,
  );
  const lastField = fields.get(lastYearOf(year, [...fields.keys()].sort()));
  if (!lastField) throw new Error(`No field before ${year}.`);
  for (const family of LEAN_FAMILIES) {
    for (const strength of LEAN_STRENGTHS) {
      const leans = leansOf(field, family, strength.s);
      for (const seed of CROWD_SEEDS) {
        const { crowd, checkers } = drawCrowd(field, leans, CROWD_SIZE, year * 1000 + seed);
        const withCrowd = backtestYear(others, year, appeared, points, crowd);
        record(crowdLane(family, strength.name), year, withCrowd.results);
        recordInputs(family, withCrowd.scoreInputs, field);
        const qualified = data.official?.qualified;
        record(
          reportsLane(family, strength.name),
          year,
          fromReports(checkers, year * 1000 + 50 + seed, field, qualified, points),
        );
        const lean = learnedLean(year, lastField, family, strength.s, year * 1000 + 100 * seed);
        const learned = backtestYear(others, year, appeared, points, crowd, lean);
        record(learnedLane(family, strength.name), year, learned.results);
        recordInputs(`${family}, learned`, learned.scoreInputs, field);
      }
    }
  }
}

const header = `| lane | ${years.map((y) => `${y} (${resultsOf('no crowd', y).length})`).join(' | ')} | all |`;
const separator = `| --- | ${years.map(() => '---').join(' | ')} | --- |`;
const row = (label: string, lane: string) =>
  `| ${label} | ${years.map((y) => cell(resultsOf(lane, y))).join(' | ')} | ${cell(resultsOf(lane))} |`;

console.log('\nWithout a crowd: median error, in range, median width (high / low of the range)\n');
console.log(header);
console.log(separator);
console.log(row('no crowd', 'no crowd'));
console.log(row('after results (Mq, qualified count)', 'after results'));

for (const family of LEAN_FAMILIES) {
  console.log(`\nCrowds leaning: ${family}\n`);
  console.log(header);
  console.log(separator);
  for (const strength of LEAN_STRENGTHS) {
    console.log(row(`${strength.name}, crowd`, crowdLane(family, strength.name)));
    console.log(row(`${strength.name}, lean learned a year earlier`, learnedLane(family, strength.name)));
    console.log(row(`${strength.name}, after results from reported pairs`, reportsLane(family, strength.name)));
  }
}

/** Every cell against issue 34's targets: in range in every year, and a crowd never worse than none. */
console.log('\nTargets: ≥ 80% in range in every lane and held-out year; with a crowd, median error ≤ without one\n');
const missedRange: string[] = [];
const worse: string[] = [];
for (const lane of lanes.keys()) {
  for (const year of years) {
    const share = summarise(resultsOf(lane, year)).inRange;
    if (share < MIN_IN_RANGE) missedRange.push(`${lane} ${year}: ${Math.round(100 * share)}%`);
  }
}
const withoutCrowd = summarise(resultsOf('no crowd')).ratio;
for (const family of LEAN_FAMILIES) {
  for (const strength of LEAN_STRENGTHS) {
    const lane = crowdLane(family, strength.name);
    const ratio = summarise(resultsOf(lane)).ratio;
    if (ratio > withoutCrowd) worse.push(`${lane}: ×${ratio.toFixed(2)} against ×${withoutCrowd.toFixed(2)}`);
  }
}
const listed = (items: string[]) => (items.length ? `: ${items.join('; ')}` : '');
console.log(`In range below 80%: ${missedRange.length} cells${listed(missedRange)}`);
console.log(`Crowd worse than none (all years): ${worse.length} lanes${listed(worse)}`);

console.log(
  '\nPer family, every strength and year: with a crowd | lean learned a year earlier (target ≤ ×1.25, ≥ 80%) | after results from reported pairs\n',
);
for (const family of LEAN_FAMILIES) {
  const all = (lane: (f: LeanFamily, s: string) => string) =>
    LEAN_STRENGTHS.flatMap((s) => resultsOf(lane(family, s.name)));
  const learned = summarise(all(learnedLane));
  const met = learned.ratio <= MAX_LEARNED_ERROR && learned.inRange >= MIN_IN_RANGE ? 'met' : 'missed';
  console.log(
    `  ${family.padEnd(24)} ${cell(all(crowdLane))} | ${cell(all(learnedLane))} (${met}) | ${cell(all(reportsLane))}`,
  );
}

console.log(
  "\nThe GATE score's inputs before results, median |error| in marks over every year (M̄t against the field's own top-0.1% mean, Mq against the year's): without a crowd | with a crowd | lean learned a year earlier\n",
);
const inputsCell = (key: string) => {
  const errors = inputErrors.get(key);
  if (!errors) return '—';
  return `M̄t ${median(errors.topMean).toFixed(1)}, Mq ${median(errors.qualifyingMarks).toFixed(1)}`;
};
console.log(`  ${'no crowd'.padEnd(24)} ${inputsCell('no crowd')}`);
for (const family of LEAN_FAMILIES) {
  console.log(`  ${family.padEnd(24)} ${inputsCell(family)} | ${inputsCell(`${family}, learned`)}`);
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
