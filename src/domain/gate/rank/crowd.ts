import type { HistoryTable, LogShareEstimate } from './estimate';
import { departureCorrelation } from './estimate';
import type { Cholesky } from './linear-algebra';
import type { MixtureComponent } from './mixture';
import { mixtureMoments, mixtureQuantile } from './mixture';
import { cholesky, dot, whiten } from './linear-algebra';
import { itemAt } from '../../lists';
import { OFFICIAL_TOP_MINIMUM, OFFICIAL_TOP_SHARE } from './normalisation';
import { RANGE_TAIL } from './statistics';
import type { RankedMarks } from './sorted-marks';

/**
 * The crowd of stored results is self-selected: strong candidates check more. Model: the candidate at field rank r of
 * N checks with probability min(1, c · (r / N)^−β). β is how strongly the crowd leans (0: a fair sample); c follows
 * from the crowd's size; the cap makes the top identifiable: once almost every top candidate checks, the crowd's top
 * ranks are the field's. β cannot be read off the crowd alone (a leaning crowd looks like a year with a wider top), so
 * every β is weighed by how likely the crowd's counts are under it, the year departing from the history as years do
 * (and, without a published one, with which qualifying mark); the answer mixes them.
 */
export interface SelectionHypothesis {
  law: SelectionLaw;
  /** Posterior weight of this β and departure scale (the weights sum to 1). */
  weight: number;
  /** The qualifying mark that fits the crowd best with this β, and how unsure it is (0 when published). */
  qualifyingMarks: number;
  qualifyingMarksSd: number;
  departure: YearDeparture;
  /** The field's top-0.1% mean as the crowd shows it under this β (fieldTopMeans). */
  topMean: number | undefined;
}

/**
 * What the crowd says of this year's departure from the history under one β: the Gaussian process of fitCrowd at the
 * fit points (CrowdFit.points), with the residuals there. Where the crowd is dense it knows the departure; at a sparse top it carries
 * what the marks below show, less and less with distance, and the history's width returns.
 */
interface YearDeparture {
  /** d ln(field rank) / d ln(count) at each fit point. */
  gains: number[];
  /** The prior's sd at each fit point: the history's yearSd × scale. */
  priorSds: number[];
  /** How much wider than the history's yearSd this hypothesis takes the year's departure (DEPARTURE_SCALES). */
  scale: number;
  /** The Cholesky factor L of the fit points' covariance, and L⁻¹ · their residuals against the history. */
  factor: Cholesky;
  whitenedResiduals: Float64Array;
}

export interface CrowdFit {
  /** The crowd marks compared with the history, shared by every hypothesis. */
  points: FitPoint[];
  hypotheses: SelectionHypothesis[];
  /** Weighted mean β: how strongly the crowd seems to lean. */
  selection: number;
  /** Weighted mean and spread of the qualifying mark over the hypotheses. */
  qualifyingMarks: number;
  qualifyingMarksSd: number;
  /** Whether the qualifying mark was fitted (true) or given (false). */
  fittedQualifyingMarks: boolean;
  /**
   * The field's top-0.1% mean (M̄t), the hypotheses' readings by weight; undefined when the hypotheses that can read
   * it weigh less than half.
   */
  topMean: number | undefined;
}

/** β tried: 0 (a fair sample) to 0.9 (nearly only the strong check). */
const SELECTIONS = Array.from({ length: 19 }, (_, i) => i * 0.05);
/** An unpublished qualifying mark is searched this many forecast standard deviations either side, every 0.5 marks. */
const QUALIFYING_MARKS_SEARCH_SDS = 2.5;
const QUALIFYING_MARKS_STEP = 0.5;
/**
 * The crowd is compared with the history at ranks ×RANK_STEP apart. The years' curves are straight in ln(rank)
 * between reported points a few marks apart, so closer comparisons mostly measure where their kinks fall, and would
 * weigh the β that happens to line kinks up as if it were known. A candidate's own count still speaks at full weight.
 */
const RANK_STEP = 2.5;
const MAX_FIT_POINTS = 10;
/** Independent error of each crowd count beyond its sampling (ln count): marks come in thirds, so neighbours tie. */
const NUGGET_SD = 0.05;
/** Hypotheses whose weight is below this are dropped (they change no answer). */
const MIN_WEIGHT = 1e-3;
/**
 * The year's departure is weighed as the history's yearSd says, and as twice that: the years' spread is itself known
 * from three or four years, and a crowd from a year unlike them must not be forced into a lean it does not have.
 */
const DEPARTURE_SCALES = [1, 2];
/** Error of the selection law itself (ln rank), whatever the fit says: real crowds need not lean as a power law. */
const LAW_SD = 0.15;

/** The selection law for one β, scaled to a crowd of a given size from a field of `appeared`. */
export interface SelectionLaw {
  beta: number;
  scale: number;
  /** Field rank up to which everyone checks. */
  capRank: number;
  appeared: number;
}

/** c such that the expected crowd has `size` results: bisection on ln c. */
export function selectionLaw(beta: number, size: number, appeared: number): SelectionLaw {
  const law = (scale: number): SelectionLaw => ({
    beta,
    scale,
    appeared,
    capRank: beta === 0 ? (scale >= 1 ? appeared : 0) : Math.min(appeared, appeared * scale ** (1 / beta)),
  });
  if (size >= appeared) return law(1);
  // A strong lean needs c far below size / appeared (at β = 0.9 about a tenth of it): widen the bracket until it holds.
  let low = Math.log(size / appeared);
  while (expectedCrowdAbove(law(Math.exp(low)), appeared) >= size) low -= 1;
  let high = 0;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (expectedCrowdAbove(law(Math.exp(middle)), appeared) < size) low = middle;
    else high = middle;
  }
  return law(Math.exp((low + high) / 2));
}

/** Expected number of checkers among the field's best `rank`. */
export function expectedCrowdAbove({ beta, capRank, scale, appeared }: SelectionLaw, rank: number): number {
  if (rank <= capRank) return rank;
  const power = 1 - beta;
  return capRank + (scale * appeared ** beta * (rank ** power - capRank ** power)) / power;
}

/** The field rank whose expected crowd count is `crowdCount`: the inverse of expectedCrowdAbove. */
export function fieldRankOf(law: SelectionLaw, crowdCount: number): number {
  const { beta, capRank, scale, appeared } = law;
  if (crowdCount <= capRank) return crowdCount;
  const power = 1 - beta;
  const base = capRank ** power + ((crowdCount - capRank) * power) / (scale * appeared ** beta);
  return Math.min(appeared, base ** (1 / power));
}

/** The chance that the candidate at field `rank` checks: min(1, c · (rank / N)^−β). */
function checkProbability({ beta, scale, appeared }: SelectionLaw, rank: number): number {
  return Math.min(1, scale * (rank / appeared) ** -beta);
}

/** Fewer expected results than this among the field's top 0.1%, and a law does not read the field's top mean. */
const MIN_TOP_RESULTS = 2;
/** Field ranks sampled to read the field's top-0.1% mean off the crowd. */
const TOP_MEAN_SAMPLES = 20;

/**
 * The field's top-0.1% mean (the official M̄t: the top 0.1%, at least 10) as the crowd shows it under each law: the
 * crowd's marks at the crowd ranks the law maps evenly spread field ranks of that top to. The crowd's own top 10 are
 * the field's top 10 or so once strong candidates lean to check (5–16 marks above M̄t in the backtest's crowds from
 * β = 0.35); read through the law, within 1–4. Undefined for a law that expects fewer than MIN_TOP_RESULTS there.
 */
function fieldTopMeans(crowd: RankedMarks, laws: readonly SelectionLaw[]): (number | undefined)[] {
  const indices = laws.map((law) => {
    const top = Math.max(OFFICIAL_TOP_MINIMUM, law.appeared * OFFICIAL_TOP_SHARE);
    if (expectedCrowdAbove(law, top) < MIN_TOP_RESULTS) return undefined;
    return Array.from({ length: TOP_MEAN_SAMPLES }, (_, i) =>
      Math.min(crowd.size - 1, Math.floor(expectedCrowdAbove(law, ((i + 0.5) / TOP_MEAN_SAMPLES) * top))),
    );
  });
  const best = crowd.best(1 + Math.max(0, ...indices.flatMap((i) => i ?? [])));
  return indices.map((i) =>
    i === undefined ? undefined : i.reduce((sum, index) => sum + itemAt(best, index), 0) / i.length,
  );
}

/** A crowd mark the fit compares with the history, and how many results are above it (+ 0.5: never ln 0). */
export interface FitPoint {
  marks: number;
  count: number;
}

/**
 * Crowd marks at ranks ×RANK_STEP apart from the 5th result down to the 95th percentile, further apart when that would
 * make more than MAX_FIT_POINTS (a million results show no shape that ten points do not); tied marks count once.
 */
function fitPoints(crowd: RankedMarks): FitPoint[] {
  const [first, last] = [5, 0.95 * crowd.size];
  const step = Math.max(RANK_STEP, (last / first) ** (1 / (MAX_FIT_POINTS - 1)));
  const points: FitPoint[] = [];
  for (let rank = first; rank < last; rank *= step) {
    const marks = crowd.marksAt(Math.round(rank));
    if (points.at(-1)?.marks !== marks) points.push({ marks, count: crowd.countAbove(marks) + 0.5 });
  }
  return points;
}

/** The qualifying mark as known before the fit: published (sd 0) or forecast from earlier years. */
export interface QualifyingMarksGuess {
  value: number;
  sd: number;
}

/**
 * Weighs every β (and, unless published, every qualifying mark near the forecast) by the likelihood of the crowd's
 * counts. Mapped onto the field with β, the counts give ln(share) at the fit marks; these depart from the history by
 * the year's own departure — a smooth Gaussian process as wide as the history's yearSd (departureCorrelation), or
 * twice that (DEPARTURE_SCALES) — plus the counts' sampling error, correlated too (a count includes every count
 * above it). A lean and a year unlike the others both tilt the mapped crowd against the history, so β is only as sure
 * as the years are alike.
 */
export function fitCrowd(
  crowd: RankedMarks,
  history: HistoryTable,
  guess: QualifyingMarksGuess,
  appeared: number,
): CrowdFit | undefined {
  const points = fitPoints(crowd);
  if (points.length < 3) return undefined;
  const candidates = qualifyingMarksCandidates(guess, points, history);
  const yearSds = points.map((p) => history.yearSd(p.marks - guess.value));
  const laws = SELECTIONS.map((beta) => selectionLaw(beta, crowd.size, appeared));
  const topMeans = fieldTopMeans(crowd, laws);
  const fits = laws.flatMap((law, i) => {
    const mapped = points.map((p) => Math.log(fieldRankOf(law, p.count) / appeared));
    const gains = points.map((p) => rankGain(law, p.count));
    const topMean = topMeans[i];
    return DEPARTURE_SCALES.map((scale) => {
      const priorSds = yearSds.map((sd) => sd * scale);
      const departure = { gains, priorSds, scale, factor: departureFactor(points, priorSds, gains, crowd.size) };
      return { law, topMean, mapped, departure, misfits: misfitsOf(mapped, departure, candidates, guess) };
    });
  });
  const best = Math.min(...fits.flatMap((f) => f.misfits.map((m) => m.deviance)));
  const hypotheses = normalised(
    fits.map(({ law, topMean, mapped, departure, misfits }) => {
      const likelihoods = misfits.map((m) => ({
        mean: m.qualifyingMarks,
        sd: 0,
        weight: Math.exp(-(m.deviance - best) / 2),
      }));
      const { mean, sd } = mixtureMoments(likelihoods);
      const residuals = mapped.map((logShare, i) => logShare - history.logShare(itemAt(points, i).marks - mean));
      return {
        law,
        weight: likelihoods.reduce((sum, l) => sum + l.weight, 0),
        qualifyingMarks: mean,
        qualifyingMarksSd: sd,
        departure: { ...departure, whitenedResiduals: whiten(departure.factor, residuals) },
        topMean,
      };
    }),
  );
  const qualifyingMarks = mixtureMoments(
    hypotheses.map((h) => ({ weight: h.weight, mean: h.qualifyingMarks, sd: h.qualifyingMarksSd })),
  );
  return {
    points,
    hypotheses,
    selection: hypotheses.reduce((sum, h) => sum + h.weight * h.law.beta, 0),
    qualifyingMarks: qualifyingMarks.mean,
    qualifyingMarksSd: qualifyingMarks.sd,
    fittedQualifyingMarks: guess.sd > 0,
    topMean: weighedTopMean(hypotheses),
  };
}

function weighedTopMean(hypotheses: readonly SelectionHypothesis[]): number | undefined {
  const reading = hypotheses.flatMap(({ weight, topMean }) => (topMean === undefined ? [] : [{ weight, topMean }]));
  const weight = reading.reduce((sum, r) => sum + r.weight, 0);
  if (weight < 0.5) return undefined;
  return reading.reduce((sum, r) => sum + r.weight * r.topMean, 0) / weight;
}

interface QualifyingMarksCandidate {
  qualifyingMarks: number;
  /** The history at the fit points' marks above it. */
  historyThere: number[];
}

/**
 * The published mark, or marks every QUALIFYING_MARKS_STEP within QUALIFYING_MARKS_SEARCH_SDS forecast sds. Below 25
 * too: the fit's mark lines the year's curve up with the history's, and a year whose mark sits at the floor of 25 (its
 * mean + SD lower) lines up as if its mark were lower; the scorecard's mark is never below 25.
 */
function qualifyingMarksCandidates(
  guess: QualifyingMarksGuess,
  points: readonly FitPoint[],
  history: HistoryTable,
): QualifyingMarksCandidate[] {
  const steps = Math.round((QUALIFYING_MARKS_SEARCH_SDS * guess.sd) / QUALIFYING_MARKS_STEP);
  return Array.from({ length: 2 * steps + 1 }, (_, i) => {
    const qualifyingMarks = guess.value + (i - steps) * QUALIFYING_MARKS_STEP;
    return { qualifyingMarks, historyThere: points.map((p) => history.logShare(p.marks - qualifyingMarks)) };
  });
}

/** The fit points' covariance: the year's departure, and the counts' own error through the map onto the field. */
function departureFactor(
  points: readonly FitPoint[],
  priorSds: readonly number[],
  gains: readonly number[],
  crowdSize: number,
): Cholesky {
  return cholesky(points.length, (i, j) => {
    const [a, b] = [itemAt(points, i), itemAt(points, j)];
    const departure = itemAt(priorSds, i) * itemAt(priorSds, j) * departureCorrelation(a.marks - b.marks);
    const counting = countingCovariance(a.count, b.count, crowdSize) + (i === j ? NUGGET_SD ** 2 : 0);
    return departure + itemAt(gains, i) * itemAt(gains, j) * counting;
  });
}

/**
 * −2 ln(likelihood) of the counts for each candidate qualifying mark, with the forecast's prior. The data are the
 * counts: a β that stretches them further onto the field pays for it (the map's Jacobian, Σ ln gain).
 */
function misfitsOf(
  mapped: readonly number[],
  { gains, factor }: { gains: readonly number[]; factor: Cholesky },
  candidates: readonly QualifyingMarksCandidate[],
  guess: QualifyingMarksGuess,
): { qualifyingMarks: number; deviance: number }[] {
  const normalisation = factor.logDeterminant - 2 * gains.reduce((sum, g) => sum + Math.log(g), 0);
  return candidates.map(({ qualifyingMarks, historyThere }) => {
    const whitened = whiten(
      factor,
      mapped.map((logShare, i) => logShare - itemAt(historyThere, i)),
    );
    const prior = guess.sd > 0 ? ((qualifyingMarks - guess.value) / guess.sd) ** 2 : 0;
    return { qualifyingMarks, deviance: dot(whitened, whitened) + normalisation + prior };
  });
}

/**
 * Covariance of ln(count) for two nested counts of a crowd of fixed size (multinomial): the larger count holds the
 * smaller, so both move with it, (1 − K/n) / K for the larger K.
 */
function countingCovariance(a: number, b: number, size: number): number {
  const larger = Math.max(a, b);
  return (1 - larger / size) / larger;
}

/** d ln(field rank) / d ln(count): 1 where the top is whole, about 1 / (1 − β) below it. */
function rankGain(law: SelectionLaw, count: number): number {
  const rank = fieldRankOf(law, count);
  return count / (rank * checkProbability(law, rank));
}

/** Keeps the hypotheses that weigh anything and makes their weights sum to 1. */
function normalised(hypotheses: SelectionHypothesis[]): SelectionHypothesis[] {
  const total = hypotheses.reduce((sum, h) => sum + h.weight, 0);
  const kept = hypotheses.filter((h) => h.weight / total >= MIN_WEIGHT);
  const keptTotal = kept.reduce((sum, h) => sum + h.weight, 0);
  return kept.map((h) => ({ ...h, weight: h.weight / keptTotal }));
}

export interface CrowdEstimate extends LogShareEstimate {
  /**
   * Each hypothesis's answer, by weight, the law's own error included: logShare is its median and sd its spread, and
   * its percentiles are the range (crowdRange).
   */
  mixture: MixtureComponent[];
  /** 1 + the stored results ahead of the candidate. */
  crowdRank: number;
  size: number;
  selection: number;
}

/**
 * The candidate's ln(share of the field) given the crowd: for each plausible β, the history at the marks above that
 * β's qualifying mark, moved by the year's departure the crowd shows, and the count of stored results ahead of the
 * candidate (a handful ahead says little, thousands say much); then mixed over β. Where the crowd is dense the count
 * decides and β's uncertainty sets the width; at a sparse top the history's shape does. The estimate is the mixture's
 * median: the mixture is skewed (β stops at 0 and 0.9), its mean pulled towards the long side, and the median is the
 * estimate that is off by the least ratio, the measure a rank is judged by.
 */
export function crowdEstimate(
  crowd: RankedMarks,
  marks: number,
  fit: CrowdFit,
  history: HistoryTable,
  appeared: number,
): CrowdEstimate {
  const candidate = candidateOf(crowd, marks, fit.points, appeared);
  const counted = new Map<SelectionLaw, CountedRank>();
  const mixture = fit.hypotheses.map((h) => {
    const rank = counted.get(h.law) ?? countedRank(h.law, candidate.count, appeared);
    counted.set(h.law, rank);
    const answer = posterior(h, candidate, rank, history);
    return { weight: h.weight, mean: answer.logShare, sd: Math.sqrt(answer.sd ** 2 + LAW_SD ** 2) };
  });
  return {
    logShare: mixtureQuantile(mixture, 0.5),
    sd: mixtureMoments(mixture).sd,
    mixture,
    crowdRank: candidate.ahead + 1,
    size: crowd.size,
    selection: fit.selection,
  };
}

/**
 * The ~80% range, ln(share) below and above the estimate: the mixture's 10th and 90th percentiles, so that a crowd
 * that could lean either of two ways reaches as far as the way it is less likely to lean, on that side only.
 */
export function crowdRange({ logShare, mixture }: CrowdEstimate): { below: number; above: number } {
  return {
    below: logShare - mixtureQuantile(mixture, RANGE_TAIL),
    above: mixtureQuantile(mixture, 1 - RANGE_TAIL) - logShare,
  };
}

/** Crowd members expected above a share of the field under the fitted laws: few means the history speaks there. */
export function expectedAhead(fit: CrowdFit, logShare: number, appeared: number): number {
  const rank = Math.exp(logShare) * appeared;
  return fit.hypotheses.reduce((sum, h) => sum + h.weight * expectedCrowdAbove(h.law, rank), 0);
}

/** What every hypothesis shares about the candidate: the results ahead, and how its marks and count relate to the fit's. */
interface Candidate {
  marks: number;
  ahead: number;
  /** ahead + 0.5, as the fit points' counts. */
  count: number;
  /** ln(share) of the best rank the results ahead allow. */
  lowest: number;
  /** departureCorrelation and countingCovariance with each fit point, and the count's own counting variance. */
  correlations: number[];
  countings: number[];
  ownCounting: number;
  /** Room for the two vectors each hypothesis whitens (posterior), reused from one hypothesis to the next. */
  scratch: { departure: Float64Array; count: Float64Array };
}

function candidateOf(crowd: RankedMarks, marks: number, points: readonly FitPoint[], appeared: number): Candidate {
  const ahead = crowd.countAbove(marks);
  const count = ahead + 0.5;
  return {
    marks,
    ahead,
    count,
    lowest: Math.log((ahead + 1) / appeared),
    correlations: points.map((p) => departureCorrelation(marks - p.marks)),
    countings: points.map((p) => countingCovariance(count, p.count, crowd.size)),
    ownCounting: countingCovariance(count, count, crowd.size) + NUGGET_SD ** 2,
    scratch: { departure: new Float64Array(points.length), count: new Float64Array(points.length) },
  };
}

/** The candidate's count mapped onto the field by one law: ln(share), and d ln(rank) / d ln(count) there. */
interface CountedRank {
  logShare: number;
  gain: number;
}

function countedRank(law: SelectionLaw, count: number, appeared: number): CountedRank {
  const rank = fieldRankOf(law, count);
  return { logShare: Math.log(rank / appeared), gain: count / (rank * checkProbability(law, rank)) };
}

/**
 * One hypothesis's answer: the history at the marks above its qualifying mark, moved by the year's departure there as
 * the Gaussian process has it given the fit points and the candidate's own count (the Cholesky factor grown by one
 * row): that count's information counts once, correlated as it is with the fit's (a count includes every count above
 * it). Its ln(count) is taken as normal, var (1 − K/n)/K: rough for a handful ahead, but never sure of itself there.
 * The width is what the crowd leaves unexplained of the history's and the qualifying mark's; the rank is never
 * better than the results ahead allow.
 */
function posterior(
  { qualifyingMarks, qualifyingMarksSd, departure }: SelectionHypothesis,
  candidate: Candidate,
  { logShare: counted, gain }: CountedRank,
  history: HistoryTable,
): LogShareEstimate {
  const { gains, priorSds, scale, factor, whitenedResiduals } = departure;
  const x = candidate.marks - qualifyingMarks;
  const sd = history.yearSd(x) * scale;
  // The departure's and the count's covariances with the fit points, per unit of sd and of gain, whitened (u, v): the
  // whitened rows of the grown factor are sd·u for the departure here and sd·u + gain·v for the count, and only their
  // dot products with each other and with the whitened residuals (r) are needed.
  const { departure: u, count: v } = candidate.scratch;
  candidate.correlations.forEach((c, i) => {
    u[i] = itemAt(priorSds, i) * c;
    v[i] = itemAt(gains, i) * itemAt(candidate.countings, i);
  });
  whiten(factor, u, u);
  whiten(factor, v, v);
  const uu = dot(u, u);
  const uv = dot(u, v);
  const countRowSquared = sd ** 2 * uu + 2 * sd * gain * uv + gain ** 2 * dot(v, v);
  const countVariance = sd ** 2 + gain ** 2 * candidate.ownCounting;
  const pivot = Math.sqrt(Math.max(countVariance - countRowSquared, (gain * NUGGET_SD) ** 2));
  const here = history.logShare(x);
  const ur = dot(u, whitenedResiduals);
  const countResidual = (counted - here - sd * ur - gain * dot(v, whitenedResiduals)) / pivot;
  const countCovariance = (sd ** 2 * (1 - uu) - sd * gain * uv) / pivot;
  const shift = sd * ur + countCovariance * countResidual;
  const unexplained = Math.max(0, 1 - uu - (countCovariance / sd) ** 2);
  const variance = (sd ** 2 + (history.slope(x) * qualifyingMarksSd) ** 2) * unexplained;
  return { logShare: Math.max(candidate.lowest, here + shift), sd: Math.max(Math.sqrt(variance), NUGGET_SD) };
}
