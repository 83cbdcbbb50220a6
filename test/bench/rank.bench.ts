/**
 * Backtest of the rank model (npm run bench:rank): leave each year out in turn and predict its candidate-reported
 * marks-to-rank points from the other years, told only that year's appeared count ("no crowd"), then also its
 * published qualifying mark and qualified count ("after results"). Prints, per held-out year and lane, the median
 * |ln(predicted / actual)|, the share of reported points inside the predicted range and the range's median width
 * (high / low): the price of an honest range. Years without an appeared count cannot be put on the scale of the
 * field: they are scored on shape only, after the one scale factor that fits them best.
 * Simulated crowds show what stored results add before the results: 2,000 candidates of the left-out year drawn from
 * its own field (its own curve), split evenly over both sessions, strong ones more likely to check. How strongly is
 * unknown, so two self-selection laws are tried:
 *   - the power law the model assumes, P(check) = min(1, c · (rank / appeared)^−β), β from mild to strong (capped at
 *     1: almost every top candidate checks once β is strong);
 *   - a law the model does not know, as a robustness check: P(check) = min(1, c · logistic((marks − Mq) / 4)), a crowd
 *     of those near or above the qualifying mark, flat among the strong.
 */
import type { RankData } from '../../src/domain/gate/rank/data';
import { RANK_DATA, dataWithoutReportedPoints, dataWithoutYear, yearsOf } from '../../src/domain/gate/rank/data';
import type { YearCurve } from '../../src/domain/gate/rank/history';
import { buildYearCurves, evaluateCurve } from '../../src/domain/gate/rank/history';
import type { CrowdInput } from '../../src/domain/gate/rank/predict';
import { predict } from '../../src/domain/gate/rank/predict';
import { gateScore } from '../../src/domain/gate/rank/score';
import { itemAt } from '../../src/domain/lists';

interface PointResult {
  /** The crowd's seed (lanes without a crowd: none). */
  seed?: number;
  actual: number;
  predicted: number;
  inRange: boolean;
  /** The range's high / low. */
  width: number;
  /** The GATE score and what it was read from: normalised marks, Mq and M̄t. */
  score: number;
  normMarks: number;
  qualifyingMarks: number;
  topMean: number;
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
    const [low, high] = p.rankRange;
    return {
      actual,
      predicted: p.estimatedRank,
      inRange: low <= actual && actual <= high,
      width: high / low,
      score: p.score,
      normMarks: p.normMarks,
      qualifyingMarks: p.scoreInputs.qualifyingMarks.value,
      topMean: p.scoreInputs.topMean.value,
    };
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
/** The robustness law: P(check) ∝ logistic((marks − Mq) / LOGISTIC_SCALE_MARKS). */
const LOGISTIC_SCALE_MARKS = 4;
/** A year without an appeared count is scored on shape only, after fitting one scale: that needs a few points. */
const MIN_SHAPE_POINTS = 3;
const CROWD_SIZE = 2000;
/**
 * Crowds drawn per law. One crowd's medians move by ×1.2 and more with its draw; ten average that out. The first three
 * are the crowds of the earlier rounds, reported on their own too so that figures compare with theirs.
 */
const CROWD_SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
const EARLIER_SEEDS = new Set([1, 2, 3]);

/** A field: every candidate's marks on the year's own curve, best first (index = rank − 1). */
function fieldOf(curve: YearCurve): number[] {
  return Array.from({ length: curve.appeared }, (_, i) => marksAtRank(curve, i + 1));
}

/** The scale c that makes the expected crowd `size` under P = min(1, c · lean(candidate)) (bisection). */
function checkScale(leans: readonly number[], size: number): number {
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

/** The official M̄t: the mean of the best 0.1%, at least 10, of marks given best first. */
function officialTopMean(bestFirst: readonly number[]): number {
  const count = Math.max(10, Math.ceil(bestFirst.length / 1000));
  return bestFirst.slice(0, count).reduce((sum, m) => sum + m, 0) / count;
}

/** M̄t as the score read it before the fit did: the crowd's own top 0.1%-or-10 mean. */
function crowdsOwnTopMean(crowd: CrowdInput): number {
  return officialTopMean(
    Object.values(crowd.marksBySession)
      .flat()
      .sort((a, b) => b - a),
  );
}

/** Draws a crowd from the field: each candidate checks with P = min(1, c · lean), marks to a third as GATE gives. */
function drawCrowd(field: readonly number[], leans: readonly number[], seed: number): CrowdInput {
  const next = random(seed);
  const scale = checkScale(leans, CROWD_SIZE);
  const marks: number[] = [];
  field.forEach((m, i) => {
    if (next() < scale * itemAt(leans, i)) marks.push(Math.round(m * 3) / 3);
  });
  return {
    marksBySession: { 'CS 1': marks.filter((_, i) => i % 2 === 0), 'CS 2': marks.filter((_, i) => i % 2 === 1) },
  };
}

const powerLeans = (appeared: number, beta: number) =>
  Array.from({ length: appeared }, (_, i) => ((i + 1) / appeared) ** -beta);
const logisticLeans = (field: readonly number[], qualifyingMarks: number) =>
  field.map((m) => 1 / (1 + Math.exp(-(m - qualifyingMarks) / LOGISTIC_SCALE_MARKS)));

const logError = (r: PointResult) => Math.abs(Math.log(r.predicted / r.actual));

interface LaneSummary {
  ratio: number;
  inRange: number;
  width: number;
  bias: number;
}

function summarise(results: PointResult[]): LaneSummary {
  return {
    ratio: Math.exp(median(results.map(logError))),
    inRange: results.filter((r) => r.inRange).length / results.length,
    width: median(results.map((r) => r.width)),
    bias: Math.exp(median(results.map((r) => Math.log(r.predicted / r.actual)))),
  };
}

function summaryLine(label: string, results: PointResult[]): string {
  const s = summarise(results);
  return `${label.padEnd(32)} points ${String(results.length).padStart(3)}   median error ×${s.ratio.toFixed(2)} (predicted/actual ×${s.bias.toFixed(2)})   in range ${Math.round(100 * s.inRange)}%   median width ×${s.width.toFixed(1)}`;
}

const cell = (results: PointResult[]) => {
  const s = summarise(results);
  return `×${s.ratio.toFixed(2)} ${Math.round(100 * s.inRange)}% w×${s.width.toFixed(1)}`;
};

const LANES = [
  'no crowd',
  'after results',
  ...SELECTION_STRENGTHS.map((beta) => `β = ${beta}`),
  'logistic (robustness)',
] as const;
const lanes = new Map<string, Map<number, PointResult[]>>(LANES.map((lane) => [lane, new Map()]));
const record = (lane: string, year: number, results: PointResult[]) => {
  lanes.get(lane)?.set(year, results);
  console.log(summaryLine(`${year} ${lane}`, results));
};

const scored = yearsOf(RANK_DATA, 'CS').filter((y) => (y.data.reported?.length ?? 0) > 0);
const ownCurves = buildYearCurves(RANK_DATA, 'CS');
console.log('Leave-one-year-out backtest, CS (marks are normalised marks; range ≈ 80% band)');
console.log(
  `Crowds: ${CROWD_SIZE} checkers drawn from the held-out year's own field, ${CROWD_SEEDS.length} crowds per law: P(check) = min(1, c · (rank / appeared)^−β), β ∈ {${SELECTION_STRENGTHS.join(', ')}}; robustness: P(check) = min(1, c · logistic((marks − Mq) / ${LOGISTIC_SCALE_MARKS}))\n`,
);
const years: number[] = [];
/**
 * Per lane and held-out year: |M̄t − the field's| per crowd, as the fit reads it and as the crowd's own top mean; and
 * |GATE score − the score from the field's Mq and M̄t| per point, with each.
 */
interface TopMeanErrors {
  fit: number[];
  own: number[];
  scoreFit: number[];
  scoreOwn: number[];
}
const topMeanErrors = new Map<string, TopMeanErrors>();
for (const { year, data } of scored) {
  const points = data.reported ?? [];
  const appeared = data.official?.appeared;
  if (!appeared) {
    if (points.length < MIN_SHAPE_POINTS) continue;
    const results = backtestYear(dataWithoutYear(RANK_DATA, year), year, 100_000, points);
    const scale = Math.exp(median(results.map((r) => Math.log(r.actual / r.predicted))));
    const shaped = results.map((r) => ({ ...r, predicted: r.predicted * scale }));
    console.log(summaryLine(`${year} shape only (scale ×${scale.toFixed(2)})`, shaped).split('   in range')[0]);
    continue;
  }
  years.push(year);
  const others = dataWithoutYear(RANK_DATA, year);
  record('no crowd', year, backtestYear(others, year, appeared, points));
  record('after results', year, backtestYear(dataWithoutReportedPoints(RANK_DATA, year), year, appeared, points));
  const curve = ownCurves.find((c) => c.year === year)!;
  const field = fieldOf(curve);
  const trueTopMean = officialTopMean(field);
  const trueScore = (r: PointResult) =>
    gateScore(r.normMarks, curve.qualifyingMarks, trueTopMean, RANK_DATA.scoreFormula);
  const withCrowds = (lane: string, leans: readonly number[], seedOffset: number) => {
    const errors: TopMeanErrors = { fit: [], own: [], scoreFit: [], scoreOwn: [] };
    const results = CROWD_SEEDS.flatMap((seed) => {
      const crowd = drawCrowd(field, leans, year * 100 + seedOffset + seed);
      const byPoint = backtestYear(others, year, appeared, points, crowd);
      const ownTopMean = crowdsOwnTopMean(crowd);
      errors.fit.push(Math.abs(itemAt(byPoint, 0).topMean - trueTopMean));
      errors.own.push(Math.abs(ownTopMean - trueTopMean));
      for (const r of byPoint) {
        errors.scoreFit.push(Math.abs(r.score - trueScore(r)));
        const before = gateScore(r.normMarks, r.qualifyingMarks, ownTopMean, RANK_DATA.scoreFormula);
        errors.scoreOwn.push(Math.abs(before - trueScore(r)));
      }
      return byPoint.map((r) => ({ ...r, seed }));
    });
    topMeanErrors.set(`${lane}|${year}`, errors);
    record(lane, year, results);
  };
  for (const beta of SELECTION_STRENGTHS) withCrowds(`β = ${beta}`, powerLeans(appeared, beta), 0);
  withCrowds('logistic (robustness)', logisticLeans(field, curve.qualifyingMarks), 50);
}

/** Results of the given crowds; lanes without a crowd whole. */
const ofSeeds = (results: PointResult[], keep: (seed: number) => boolean) =>
  results.filter((r) => r.seed === undefined || keep(r.seed));

function printTable(title: string, keep: (seed: number) => boolean) {
  console.log(`\n${title}: median error, in range, median width (high / low of the range)\n`);
  console.log(`| lane | ${years.join(' | ')} | all |`);
  console.log(`| --- | ${years.map(() => '---').join(' | ')} | --- |`);
  for (const [lane, byYear] of lanes) {
    const cells = years.map((year) => cell(ofSeeds(byYear.get(year) ?? [], keep)));
    console.log(`| ${lane} | ${cells.join(' | ')} | ${cell(ofSeeds([...byYear.values()].flat(), keep))} |`);
  }
}

printTable(`Crowds ${[...EARLIER_SEEDS].join(', ')} (the earlier rounds' crowds)`, (seed) => EARLIER_SEEDS.has(seed));
printTable(`All ${CROWD_SEEDS.length} crowds per law`, () => true);

console.log('\nOverall median error of each crowd on its own (how much one draw moves the figures):');
for (const [lane, byYear] of lanes) {
  const all = [...byYear.values()].flat();
  if (all.every((r) => r.seed === undefined)) continue;
  const perSeed = CROWD_SEEDS.map((seed) => summarise(all.filter((r) => r.seed === seed)).ratio.toFixed(2));
  console.log(`  ${lane.padEnd(24)} ×${perSeed.join(' ×')}`);
}

console.log(
  "\nThe GATE score's M̄t (top-0.1% mean) read through the fit, median |error| in marks over the crowds, then the score's median |error| over the points (its Mq the crowd fit's, as on the scorecard); in brackets the same with the crowd's own top 0.1%-or-10 mean, what the score used before:",
);
console.log(`| lane | ${years.join(' | ')} | all |`);
console.log(`| --- | ${years.map(() => '---').join(' | ')} | --- |`);
const errorCell = (errors: TopMeanErrors[]) => {
  const read = (key: keyof TopMeanErrors) => median(errors.flatMap((e) => e[key]));
  return `M̄t ${read('fit').toFixed(1)} (${read('own').toFixed(1)}), score ${read('scoreFit').toFixed(0)} (${read('scoreOwn').toFixed(0)})`;
};
for (const lane of LANES.slice(2)) {
  const byYear = years.flatMap((year) => topMeanErrors.get(`${lane}|${year}`) ?? []);
  console.log(`| ${lane} | ${byYear.map((e) => errorCell([e])).join(' | ')} | ${errorCell(byYear)} |`);
}
