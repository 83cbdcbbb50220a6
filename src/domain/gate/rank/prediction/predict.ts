import type { OfficialYear, PaperKey, RankData, RankTestPaper } from '../published-data/data';
import { RANK_DATA, SESSIONS_OF, dataBefore, paperKeyOf, yearsOf } from '../published-data/data';
import type { CrowdEstimate, CrowdFit, LeanHypothesis } from '../crowd/crowd-fit';
import { crowdEstimate, crowdRange, expectedAhead, fitCrowd } from '../crowd/crowd-fit';
import type { HistoricalEstimate, LogShareEstimate } from './estimate';
import { anchorToQualified, historicalEstimate, historicalLogShare, tabulateHistory } from './estimate';
import type { YearCurve } from './history';
import { buildYearCurves, monotoneDecreasing } from './history';
import type { NormalisationMethod } from '../gate-score/normalisation';
import {
  MIN_SESSION_RESULTS,
  canNormalise,
  officialTopCount,
  normaliseMarks,
  sessionStatistics,
} from '../gate-score/normalisation';
import type { Category, CategoryStatus } from '../gate-score/gate-score';
import { categoryQualifyingMarks, gateScore, qualifyingStatus } from '../gate-score/gate-score';
import { itemAt } from '../../../lists';
import type { RankedMarks, RankedSession } from '../crowd/sorted-marks';
import { rankedMarks, sortedMarks } from '../crowd/sorted-marks';
import { RANGE_Z, mean, oneMoreYearSd } from '../statistics/statistics';

/**
 * Below this many stored results the crowd does not replace the latest published M̄t: a thousand results hold about 2
 * of the field's top 0.1% if they lean mildly (β = 0.1), 11 at β = 0.35, and the crowd's own top 0.1% is one result.
 * Nor does a crowd whose lean is unknown, unless the paper has no published M̄t (pickTopMean).
 */
export const MIN_CROWD_FOR_TOP_MEAN = 1000;
/**
 * Fewer results than this do not replace the forecast qualifying mark on the scorecard: their fit still weighs in the
 * rank, but one more result would move a printed mark.
 */
export const MIN_CROWD_TO_FIT_QUALIFYING_MARKS = 100;
/** A crowd with fewer results than this expected ahead of the candidate leaves the rank to the history's shape. */
const FEW_AHEAD = 10;
/** Below this weight of the crowd against the history, the scorecard says the rank follows earlier years' curves. */
const HISTORY_TAKES_OVER = 0.5;
/** Extra log-space uncertainty when a paper has no curves of its own and borrows another paper's. */
const BORROWED_CURVE_SD = 0.4;

export class RankModelError extends Error {}

export interface CrowdInput {
  /**
   * Stored results' raw marks per session of the paper, e.g. { 'CS 1': [...], 'CS 2': [...] }. A list in ascending
   * order is read as it is, never copied nor changed (one pass checks the order): pass the snapshot's sorted marks.
   * Any other order is sorted on a copy first, with the same prediction.
   */
  marksBySession: Partial<Record<RankTestPaper, readonly number[]>>;
}

export interface PredictInput {
  testPaper: RankTestPaper;
  /** The candidate's raw marks in their session. */
  marks: number;
  crowd?: CrowdInput;
  /** The exam year predicted; defaults to the latest year in the data. */
  year?: number;
  /** Backtesting: predict this year using only data from the years before it. */
  asOfYear?: number;
  /** The expected number of candidates who appeared, overriding the data. */
  appeared?: number;
  /** Calibration data; defaults to the bundled RANK_DATA. */
  data?: RankData;
  /**
   * What is known of how the crowd leans before it is seen: leanPrior of the lean measured in earlier years; by
   * default nothing (UNKNOWN_LEAN).
   */
  lean?: readonly LeanHypothesis[];
}

export interface SourcedValue {
  value: number;
  source: string;
}

export interface Prediction {
  testPaper: RankTestPaper;
  year: number;
  marks: number;
  normMarks: number;
  normalisation: NormalisationMethod;
  normalisationNote: string;
  score: number;
  scoreInputs: { qualifyingMarks: SourcedValue; topMean: SourcedValue };
  qualifying: Record<Category, CategoryStatus> & { source: string };
  estimatedRank: number;
  rankRange: [number, number];
  percentile: number;
  expectedAppeared: SourcedValue;
  method: string;
  /** Stored results the crowd part rests on (0 when the crowd was not used). */
  sampleSize: number;
  historicalYears: number[];
  /** The paper whose published marks-to-rank curves the history read: its own, or CS's for DA, which has none. */
  curvesOf: PaperKey;
  historicalPoints: number;
  extrapolated: boolean;
  warnings: string[];
}

export function predict(input: PredictInput): Prediction {
  return rankPredictor(input).at(input.marks, input.testPaper);
}

/** Everything a prediction needs but the candidate's marks: the same for every candidate of a paper, year and crowd. */
export type PredictorInput = Omit<PredictInput, 'marks'>;

export interface RankPredictor {
  /** The prediction for raw marks in a session of the paper (by default the input's). */
  at(marks: number, testPaper?: RankTestPaper): Prediction;
}

/**
 * The model for one paper, year and crowd, fitted once: each candidate's prediction then costs a lookup on the
 * estimate's grid. `predict` is one call of it; a backtest asks it for many marks.
 */
export function rankPredictor(input: PredictorInput): RankPredictor {
  const paper = paperKeyOf(input.testPaper);
  const allData = input.data ?? RANK_DATA;
  const year = input.asOfYear ?? input.year ?? latestYear(allData, paper);
  const data = input.asOfYear === undefined ? allData : dataBefore(allData, input.asOfYear);
  const target: OfficialYear = data.papers[paper]?.years[String(year)]?.official ?? {};

  const normalised = rankedCrowd(input.crowd, paper);
  const { crowd } = normalised;

  const curves = historicalCurves(data, paper);
  if (!curves) throw new RankModelError(`No marks-to-rank data for ${input.testPaper} before ${year}.`);
  const appeared = pickAppeared(data, paper, input.appeared, target);
  const forecast = publishedOrForecastQualifyingMarks(data, paper, year, target);
  const table =
    crowd.size >= MIN_SESSION_RESULTS
      ? tabulateHistory((x) => historicalPart(curves, x, 0, target, appeared.value).estimate)
      : undefined;
  const fit = table && fitCrowd(crowd, table, forecast, appeared.value, input.lean);
  const qualifyingMarks = pickQualifyingMarks(forecast, fit, crowd.size);
  const topMeanMarks = pickTopMean(data, paper, year, target, crowd, fit);
  const publishedCategories = target.qualifyingMarks?.general !== undefined ? target.qualifyingMarks : {};
  const byCategory = { ...categoryQualifyingMarks(qualifyingMarks.value), ...publishedCategories };

  const historyAt = (m: number) =>
    historicalPart(curves, m - qualifyingMarks.value, qualifyingMarks.sd, target, appeared.value);
  const withoutCrowdAt = (m: number) =>
    historicalPart(curves, m - forecast.value, forecast.sd, target, appeared.value).estimate;
  const crowdAt = (m: number) =>
    fit && table ? crowdEstimate(crowd, m, fit, table, appeared.value, withoutCrowdAt(m)) : undefined;
  const monotone = monotoneEstimate((m) => crowdAt(m) ?? historyAt(m).estimate);

  return {
    at(marks, testPaper = input.testPaper) {
      if (!Number.isFinite(marks)) throw new RankModelError(`Marks must be a number, not ${marks}.`);
      if (paperKeyOf(testPaper) !== paper) throw new RankModelError(`${testPaper} is not a session of ${paper}.`);
      const normMarks = round2(normalised.normaliseCandidate(marks, testPaper));
      const score = gateScore(normMarks, qualifyingMarks.value, topMeanMarks.value, data.scoreFormula);
      const qualifying = { ...qualifyingStatus(normMarks, byCategory), source: qualifyingMarks.source };
      const warnings: string[] = [];
      const history = historyAt(normMarks);
      const crowdPart = crowdAt(normMarks);
      const combined = monotone(normMarks);
      // How much of the history's uncertainty the crowd removed: 0 without a crowd, near 1 where it decides.
      const weightOfCrowd = crowdPart ? Math.max(0, 1 - (crowdPart.sd / history.estimate.sd) ** 2) : 0;
      if (history.estimate.beyond !== 0) {
        const side = history.estimate.beyond > 0 ? 'above the highest' : 'below the lowest';
        warnings.push(
          `${Math.abs(history.estimate.beyond).toFixed(1)} marks ${side} mark in the historical data: the curve is extended and the range widened.`,
        );
      }
      if (qualifyingMarks.sd > 0 && weightOfCrowd < 0.5) {
        warnings.push(
          `The range is wide: this year's qualifying mark is not known yet (${qualifyingMarks.value} ± ${qualifyingMarks.sd.toFixed(1)} marks, ${qualifyingMarks.source}) and every rank moves with it; published years differ by up to ${round2(largestQualifyingMarksMove(data, paper))} marks, and a hard year also compresses the top. More stored results narrow it.`,
        );
      }
      if (crowdPart && fit)
        warnings.push(...crowdWarnings(crowdPart, fit, expectedAhead(fit, crowdPart.logShare, appeared.value)));
      if (normalised.method === 'raw' && paper === 'CS') warnings.push(normalised.note);

      const n = appeared.value;
      const toRank = (logShare: number) => Math.min(n, Math.max(1, Math.exp(logShare) * n));
      // The ~80% range around the monotone estimate: the crowd's own percentiles where it speaks, else the normal band.
      const reach = crowdPart ? crowdRange(crowdPart) : { below: RANGE_Z * combined.sd, above: RANGE_Z * combined.sd };
      const best = Math.max(1, Math.floor(toRank(combined.logShare - reach.below)));
      const worst = Math.min(n, Math.ceil(toRank(combined.logShare + reach.above)));
      const estimatedRank = Math.min(worst, Math.max(best, Math.round(toRank(combined.logShare))));

      return {
        testPaper,
        year,
        marks,
        normMarks,
        normalisation: normalised.method,
        normalisationNote: normalised.note,
        score,
        scoreInputs: { qualifyingMarks: sourced(qualifyingMarks), topMean: topMeanMarks },
        qualifying,
        estimatedRank,
        rankRange: [best, worst],
        percentile: round2((100 * (n - estimatedRank)) / n),
        expectedAppeared: appeared,
        method: describeMethod(history, crowdPart, fit, weightOfCrowd, appeared),
        sampleSize: crowdPart?.size ?? 0,
        historicalYears: history.estimate.years,
        curvesOf: history.borrowed ?? paper,
        historicalPoints: history.estimate.points,
        extrapolated: history.estimate.beyond !== 0,
        warnings,
      };
    },
  };
}

/**
 * What the scorecard says about the crowd: how many stored results are expected above the candidate (few: the rank
 * at the top rests on earlier years' shape), and how well the crowd's lean towards strong candidates is known —
 * measured from an earlier year's official results, or not, and then whether the ways it could lean agree here.
 */
function crowdWarnings(estimate: CrowdEstimate, fit: CrowdFit, ahead: number): string[] {
  const warnings: string[] = [];
  if (ahead < FEW_AHEAD) {
    warnings.push(
      `Only about ${Math.max(0, Math.round(ahead))} of the ${estimate.size} stored results are expected above these marks: the rank at the top follows earlier years' curves, and the range stays wide until more strong candidates check.`,
    );
  }
  if (fit.measuredLean) {
    const { year, reports } = fit.measuredLean;
    warnings.push(
      `How much more often strong candidates check here than others was measured from ${reports} official results reported for ${year}; the range allows for it having moved since.`,
    );
    return warnings;
  }
  const strengths = fit.hypotheses.map((h) => h.reader.strength);
  const leans = `leans from β = ${Math.min(...strengths).toFixed(2)} to ${Math.max(...strengths).toFixed(2)} fit them`;
  if (estimate.weight < HISTORY_TAKES_OVER) {
    warnings.push(
      `The results checked here lean towards strong candidates, by how much is not known until official results are reported here (${leans}). At these marks those leans disagree, so the rank follows earlier years' curves and the range is as wide as theirs.`,
    );
  } else {
    warnings.push(
      `How much more often strong candidates check here than others is not known until official results are reported here (${leans}): the range is widened to allow for each of them.`,
    );
  }
  return warnings;
}

function latestYear(data: RankData, paper: PaperKey): number {
  const latest = yearsOf(data, paper).at(-1);
  if (!latest) throw new RankModelError(`No data for ${paper}.`);
  return latest.year;
}

export interface RankedCrowd {
  /** The stored results ranked on the marks the candidate's are compared with. */
  crowd: RankedMarks;
  method: NormalisationMethod;
  note: string;
  /** A candidate's raw marks in a session → the marks the crowd is ranked on. */
  normaliseCandidate(marks: number, testPaper: RankTestPaper): number;
}

/**
 * The stored results of a paper ranked on normalised marks (the official formula with the crowd's own session
 * statistics, once every session has MIN_SESSION_RESULTS), and how a candidate's raw marks are put on that scale.
 */
export function rankedCrowd(stored: CrowdInput | undefined, paper: PaperKey): RankedCrowd {
  const sessions = SESSIONS_OF[paper].map((session) => ({
    session,
    marks: sortedMarks(stored?.marksBySession[session] ?? []),
  }));
  const raw = rankedMarks(sessions.map(({ marks }) => ({ marks, normalise: (m: number) => m })));
  const asRaw = (marks: number) => marks;
  if (sessions.length === 1) {
    return {
      crowd: raw,
      method: 'raw',
      note: `${paper} is a single session: normalised = raw.`,
      normaliseCandidate: asRaw,
    };
  }
  const statistics = sessionStatistics(Object.fromEntries(sessions.map(({ session, marks }) => [session, marks])));
  if (!statistics || !canNormalise(statistics)) {
    const counts = sessions.map(({ session, marks }) => `${session}: ${marks.ascending.length}`).join(', ');
    return {
      crowd: raw,
      method: 'raw',
      note: `Raw marks: the official normalisation needs ${MIN_SESSION_RESULTS} results checked here in each session (so far ${counts}).`,
      normaliseCandidate: asRaw,
    };
  }
  const statisticsOf = (session: string) => {
    const own = statistics.sessions[session];
    if (!own) throw new RankModelError(`${session} is not a session of ${paper}.`);
    return own;
  };
  const normalised = sessions.map(({ session, marks }): RankedSession & { session: string } => {
    const own = statisticsOf(session);
    return { session, marks, normalise: (m: number) => normaliseMarks(m, own, statistics.global) };
  });
  const counts = sessions.map(({ session }) => `${session}: ${statisticsOf(session).count}`).join(', ');
  return {
    crowd: rankedMarks(normalised),
    method: 'official-formula',
    note: `Official formula with session statistics from stored results (${counts}; top mean over the best ${formatShare(statistics.topShare)}).`,
    normaliseCandidate(marks, testPaper) {
      const ofCandidate = normalised.find((s) => s.session === testPaper);
      if (!ofCandidate) throw new RankModelError(`${testPaper} is not a session of ${paper}.`);
      return ofCandidate.normalise(marks);
    },
  };
}

interface UnsureValue extends SourcedValue {
  /** How far off the value may be, in marks: it moves every rank read off the curves. */
  sd: number;
}

/**
 * The year's published mark, else the mean of the earlier published ones with a forecast's uncertainty. The mark is the
 * field's mean + SD with a floor of 25, and it swings back and forth (CS: 25, 25, 25, 25, 29.5, 28.5, 26.1, 25, 32.5,
 * 27.6, 29.2, 30), so the mean forecasts it better than the latest value.
 */
function publishedOrForecastQualifyingMarks(
  data: RankData,
  paper: PaperKey,
  year: number,
  target: OfficialYear,
): UnsureValue {
  const published = target.qualifyingMarks?.general;
  if (published !== undefined) return { value: published, source: `published ${year}`, sd: 0 };
  const earlier = publishedValues(data, paper, year, (o) => o.qualifyingMarks?.general);
  const first = earlier[0];
  const last = earlier.at(-1);
  if (!first || !last) throw new RankModelError(`No published qualifying marks for ${paper}.`);
  const years = first === last ? `${first.year}` : `${first.year}–${last.year}`;
  return {
    value: round2(mean(earlier.map((v) => v.value))),
    source: first === last ? `published ${years} (latest known)` : `mean of published ${years}`,
    sd: forecastSd(earlier.map((v) => v.value)),
  };
}

/**
 * The year's published mark; else the crowd's fit, once there are enough results and its lean was measured from an
 * earlier year's official results (a self-selected crowd's own mean + SD would overstate it); else the forecast. A
 * crowd of unknown lean read it worse than the forecast (npm run bench:rank: median 1.6–2.4 marks off against 1.5;
 * with the lean measured 0.9–1.4): a crowd shifted along the marks may be an easier year or a crowd leaning on the
 * strong.
 */
function pickQualifyingMarks(forecast: UnsureValue, fit: CrowdFit | undefined, crowdSize: number): UnsureValue {
  if (fit?.fittedQualifyingMarks && fit.measuredLean && crowdSize >= MIN_CROWD_TO_FIT_QUALIFYING_MARKS) {
    const value = Math.round(Math.max(25, fit.qualifyingMarks) * 10) / 10;
    return { value, source: `crowd fit from ${crowdSize} stored results`, sd: fit.qualifyingMarksSd };
  }
  return forecast;
}

/**
 * How far this year's qualifying mark may be from the forecast, in marks: the published years' spread as a
 * prediction for one more year; never below MIN_QUALIFYING_MARKS_FORECAST_SD.
 */
const MIN_QUALIFYING_MARKS_FORECAST_SD = 5;
/** The largest change of the qualifying mark between consecutive published years. */
function largestQualifyingMarksMove(data: RankData, paper: PaperKey): number {
  const values = yearsOf(data, paper).flatMap((y) => y.data.official?.qualifyingMarks?.general ?? []);
  // values[i] is the year before values.slice(1)[i].
  return Math.max(0, ...values.slice(1).map((v, i) => Math.abs(v - itemAt(values, i))));
}

function forecastSd(values: number[]): number {
  return Math.max(MIN_QUALIFYING_MARKS_FORECAST_SD, oneMoreYearSd(values));
}

/**
 * The year's published M̄t; else the field's top 0.1% read through a crowd whose lean was measured from an earlier
 * year's official results; else the latest published. A crowd of unknown lean read it worse than the latest published
 * (npm run bench:rank: median 4.7–8.7 marks off against 3.2; with the lean measured 1.8–2.5): it reaches the field's
 * top through a shape it cannot tell. Only a paper with none published has nothing better than such a crowd.
 */
function pickTopMean(
  data: RankData,
  paper: PaperKey,
  year: number,
  target: OfficialYear,
  crowd: RankedMarks,
  fit: CrowdFit | undefined,
): SourcedValue {
  if (target.topMeanMarks) return { value: target.topMeanMarks, source: `published ${year}` };
  const enough = crowd.size >= MIN_CROWD_FOR_TOP_MEAN;
  const fromFit =
    enough && fit?.topMean !== undefined
      ? { value: round2(fit.topMean), source: `crowd fit from ${crowd.size} stored results` }
      : undefined;
  if (fromFit && fit?.measuredLean) return fromFit;
  const own = publishedValues(data, paper, year, (o) => o.topMeanMarks ?? undefined).at(-1);
  if (own) return { value: own.value, source: `published ${own.year} (latest known)` };
  if (fromFit) return fromFit;
  if (enough) {
    const count = Math.min(crowd.size, Math.ceil(officialTopCount(crowd.size)));
    return { value: round2(crowd.topMean(count)), source: `crowd estimate from ${crowd.size} stored results` };
  }
  const other = otherPaper(paper);
  const borrowed = publishedValues(data, other, year, (o) => o.topMeanMarks ?? undefined).at(-1);
  if (!borrowed) throw new RankModelError(`No published top-0.1% mean for ${paper}.`);
  return { value: borrowed.value, source: `${other} ${borrowed.year} (none published for ${paper})` };
}

/** Published values of earlier years, oldest first; if none is earlier, the nearest later one. */
function publishedValues(
  data: RankData,
  paper: PaperKey,
  year: number,
  read: (official: OfficialYear) => number | undefined,
): { year: number; value: number }[] {
  const all = yearsOf(data, paper).flatMap(({ year: y, data: d }) => {
    const value = d.official ? read(d.official) : undefined;
    return value === undefined ? [] : [{ year: y, value }];
  });
  const earlier = all.filter((v) => v.year < year);
  return earlier.length > 0 ? earlier : all.filter((v) => v.year > year).slice(0, 1);
}

function pickAppeared(data: RankData, paper: PaperKey, given: number | undefined, target: OfficialYear): SourcedValue {
  if (given !== undefined) return { value: given, source: 'given' };
  if (target.appeared) return { value: target.appeared, source: 'published' };
  const known = yearsOf(data, paper).flatMap(({ year, data: d }) => {
    const appeared = d.official?.appeared;
    return appeared ? [{ year, appeared }] : [];
  });
  const latest = known.at(-1);
  if (!latest) throw new RankModelError(`No appeared count known for ${paper}: pass the expected count.`);
  return { value: latest.appeared, source: `published ${latest.year} (latest known)` };
}

interface HistoricalPart {
  estimate: HistoricalEstimate;
  borrowed?: PaperKey;
}

/** The paper's own year curves, or when it has none (DA), the other paper's, flagged as borrowed. */
function historicalCurves(data: RankData, paper: PaperKey): { curves: YearCurve[]; borrowed?: PaperKey } | undefined {
  const own = buildYearCurves(data, paper);
  if (own.length > 0) return { curves: own };
  const borrowed = otherPaper(paper);
  const curves = buildYearCurves(data, borrowed);
  return curves.length > 0 ? { curves, borrowed } : undefined;
}

function historicalPart(
  { curves, borrowed }: { curves: YearCurve[]; borrowed?: PaperKey },
  x: number,
  qualifyingMarksSd: number,
  target: OfficialYear,
  appeared: number,
): HistoricalPart {
  let estimate = historicalEstimate(curves, x, qualifyingMarksSd);
  if (borrowed) {
    const yearSd = Math.hypot(estimate.yearSd, BORROWED_CURVE_SD);
    estimate = { ...estimate, yearSd, sd: Math.hypot(estimate.sd, BORROWED_CURVE_SD) };
  }
  if (target.qualified && target.qualifyingMarks?.general !== undefined) {
    const qualifiedShare = Math.log(target.qualified / (target.appeared ?? appeared));
    estimate = anchorToQualified(estimate, x, qualifiedShare, historicalLogShare(curves, 0));
  }
  return { estimate, borrowed };
}

/**
 * Marks on which the estimate is made monotone: the whole possible range of a 100-mark paper, every mark (the
 * estimate is smooth on that scale; every point costs one estimate per request).
 */
const MONOTONE_LOWEST = -35;
const MONOTONE_HIGHEST = 100;
const MONOTONE_STEP = 1;
const MONOTONE_GRID = Array.from(
  { length: (MONOTONE_HIGHEST - MONOTONE_LOWEST) / MONOTONE_STEP + 1 },
  (_, i) => MONOTONE_LOWEST + i * MONOTONE_STEP,
);

/**
 * The estimate made non-increasing on a fixed grid (pool adjacent violators), read at any marks. Years entering and
 * leaving their data and the crowd thinning out at the top change the weights along the marks, which could let more
 * marks give a worse rank; on one fixed grid every candidate is ranked by the same curve. The grid is computed on the
 * first reading and kept.
 */
function monotoneEstimate(estimateAt: (m: number) => LogShareEstimate): (marks: number) => LogShareEstimate {
  let grid: { pooled: { x: number; logShare: number }[]; sds: { x: number; sd: number }[] } | undefined;
  return (marks) => {
    if (!grid) {
      const raw = MONOTONE_GRID.map((m) => ({ m, ...estimateAt(m) }));
      grid = {
        pooled: monotoneDecreasing(raw.map((r) => ({ x: r.m, logShare: r.logShare, weight: 1 }))),
        sds: raw.map((r) => ({ x: r.m, sd: r.sd })),
      };
    }
    const clamped = Math.min(MONOTONE_HIGHEST, Math.max(MONOTONE_LOWEST, marks));
    return {
      logShare: interpolate(grid.pooled, clamped, (p) => p.logShare),
      sd: interpolate(grid.sds, clamped, (p) => p.sd),
    };
  };
}

function interpolate<T extends { x: number }>(points: T[], x: number, value: (p: T) => number): number {
  const i = points.findIndex((p) => p.x >= x);
  const lower = points[i - 1];
  const upper = points[i];
  if (lower && upper) return value(lower) + ((x - lower.x) / (upper.x - lower.x)) * (value(upper) - value(lower));
  // Outside the points: the value at the nearer end.
  const end = i === 0 ? points[0] : points.at(-1);
  if (!end) throw new RangeError('No points to interpolate between.');
  return value(end);
}

function describeMethod(
  history: HistoricalPart,
  crowd: CrowdEstimate | undefined,
  fit: CrowdFit | undefined,
  weightOfCrowd: number,
  appeared: SourcedValue,
): string {
  const { years, points } = history.estimate;
  const from = history.borrowed ? ` of ${history.borrowed}` : '';
  const parts = [
    `historical curves${from} ${years.join(', ')} (${points} reported points and the qualified-count anchors)`,
  ];
  if (crowd && fit) {
    const lean = fit.measuredLean
      ? `the lean measured from ${fit.measuredLean.reports} official results of ${fit.measuredLean.year}`
      : 'every lean it could have';
    parts.push(
      `crowd rank ${crowd.crowdRank} of ${crowd.size} stored results, read onto the field through ${lean} (strength ≈ β ${fit.selection.toFixed(2)}, each weighed by its fit) with the curves as prior, weighing ${pct(crowd.weight)} against the curves alone`,
    );
  }
  const weights = crowd ? `; the crowd removes ${pct(weightOfCrowd)} of the history's uncertainty` : '';
  return `${parts.join(' + ')}${weights}; scaled to ${appeared.value} appeared (${appeared.source}); range ≈ 80%.`;
}

function otherPaper(paper: PaperKey): PaperKey {
  return paper === 'CS' ? 'DA' : 'CS';
}

function sourced({ value, source }: SourcedValue): SourcedValue {
  return { value, source };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function formatShare(share: number): string {
  return `${round2(share * 100)}%`;
}
