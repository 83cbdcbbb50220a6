import type { HistoryTable, LogShareEstimate } from '../prediction/estimate';
import { departureCorrelation } from '../prediction/estimate';
import type { Cholesky } from '../statistics/linear-algebra';
import type { MixtureComponent } from '../statistics/mixture';
import { mixtureMoments, mixtureQuantile } from '../statistics/mixture';
import { cholesky, dot, whiten } from '../statistics/linear-algebra';
import { itemAt } from '../../../lists';
import { RANGE_TAIL } from '../statistics/statistics';
import type { RankedMarks } from './sorted-marks';
import type { LeanShape } from './lean';
import type { BinnedCrowd, CrowdReader, MarksLean, Reading } from './readers';
import { binnedCrowd, marksReader, shareReaders } from './readers';

/**
 * The crowd of stored results is self-selected: strong candidates check more. Model: the candidate at field rank r of
 * N checks with probability min(1, c · (r / N)^−β). β is how strongly the crowd leans (0: a fair sample); c follows
 * from the crowd's size; the cap makes the top identifiable: once almost every top candidate checks, the crowd's top
 * ranks are the field's. β cannot be read off the crowd alone (a leaning crowd looks like a year with a wider top), so
 * every β is weighed by how likely the crowd's counts are under it, the year departing from the history as years do
 * (and, without a published one, with which qualifying mark); the answer mixes them.
 */
export interface SelectionHypothesis {
  reader: CrowdReader;
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
  /** d ln(field rank) / d ln(count) at each fit point, and the count whose sampling error each carries. */
  gains: number[];
  counts: number[];
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
  /** Weighted mean strength of the lean (leanStrength): how strongly the crowd seems to lean. */
  selection: number;
  /** Weighted mean and spread of the qualifying mark over the hypotheses. */
  qualifyingMarks: number;
  qualifyingMarksSd: number;
  /** Whether the qualifying mark was fitted (true) or given (false). */
  fittedQualifyingMarks: boolean;
  /** Where the lean was measured before the crowd was seen (leanPrior); undefined: unknown. */
  measuredLean: { year: number; reports: number } | undefined;
  /**
   * The field's top-0.1% mean (M̄t), the hypotheses' readings by weight; undefined when the hypotheses that can read
   * it weigh less than half.
   */
  topMean: number | undefined;
}

/**
 * A lean the fit weighs, and how likely it is before the crowd is seen (the weights of a prior sum to 1): a lean along
 * the field's shares, or one measured along marks in an earlier year (tilted by e^(tilt · x)), read at every
 * qualifying mark the forecast allows.
 */
export type LeanHypothesis = { shape: LeanShape; prior: number } | { measured: MarksLean; tilt: number; prior: number };

/** Powers tried: β from 0 (a fair sample) to 0.9 (nearly only the strong check). */
const POWERS = Array.from({ length: 19 }, (_, i) => i * 0.05);
/** Drops tried: a power among the strong falling to a floor below a share of the field. */
const DROP_POWERS = [0, 0.2, 0.4];
const KNEES = [0.015, 0.04, 0.1, 0.25];
const FLOORS = [0.3, 0.1, 0.03];

/**
 * What the fit assumes of a crowd's lean before it sees the crowd: half its weight on powers of the share, half on
 * powers with a drop, each of a half spread evenly.
 */
export const UNKNOWN_LEAN: readonly { shape: LeanShape; prior: number }[] = [
  ...POWERS.map((beta) => ({ shape: { beta }, prior: 0.5 / POWERS.length })),
  ...DROP_POWERS.flatMap((beta) =>
    KNEES.flatMap((knee) =>
      FLOORS.map((floor) => ({
        shape: { beta, knee, floor },
        prior: 0.5 / (DROP_POWERS.length * KNEES.length * FLOORS.length),
      })),
    ),
  ),
];
/** An unpublished qualifying mark is searched this many forecast standard deviations either side, every 0.5 marks. */
const QUALIFYING_MARKS_SEARCH_SDS = 2.5;
const QUALIFYING_MARKS_STEP = 0.5;
/** A lean measured along marks is read at every MARKS_LEAN_STEP-th candidate mark (every mark): each costs a reader. */
const MARKS_LEAN_STEP = 2;
/**
 * The crowd is compared with the history at ranks ×RANK_STEP apart. The years' curves are straight in ln(rank)
 * between reported points a few marks apart, so closer comparisons mostly measure where their kinks fall, and would
 * weigh the β that happens to line kinks up as if it were known. A candidate's own count still speaks at full weight.
 */
const RANK_STEP = 2.5;
const MAX_FIT_POINTS = 10;
/** Independent error of each crowd count beyond its sampling (ln count): marks come in thirds, so neighbours tie. */
const NUGGET_SD = 0.05;
/**
 * How strongly the crowd's counts weigh the hypotheses of each kind (the power of their likelihood). A lean along
 * shares is a guess at the crowd's shape, and real crowds lean in shapes the guesses only approach: at full strength
 * the counts pick one as if it were the truth. A crowd leaning in marks flattens at the top, where the marks crowd
 * together; its best check two in five, yet the shapes whose top all check fit it best, and their ranges held 46 of 60
 * of CS 2025's reported AIRs (npm run bench:rank, exponential, strong). At half strength the fit stays as unsure of the
 * shape as the shapes' misfit warrants. A lean measured from official results was fitted to that year's field; its
 * counts keep their full strength.
 */
const LIKELIHOOD_POWER: Record<ReaderKind, number> = { shares: 0.5, marks: 1 };
/** The lightest hypotheses that together weigh less than this are dropped (they change no answer). */
const MIN_WEIGHT = 0.01;
/**
 * The year's departure is weighed as the history's yearSd says, and as twice that: the years' spread is itself known
 * from three or four years, and a crowd from a year unlike them must not be forced into a lean it does not have.
 */
const DEPARTURE_SCALES = [1, 2];
/**
 * Error of the lean itself (ln rank), whatever the fit says: real crowds lean in shapes the hypotheses only approach,
 * and a lean measured a year earlier has moved since.
 */
const LAW_SD = 0.25;

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
 * counts (a lean along shares at half strength: LIKELIHOOD_POWER). Mapped onto the field with β, the counts give ln(share) at the fit marks; these depart from the history by
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
  lean: readonly LeanHypothesis[] = UNKNOWN_LEAN,
): CrowdFit | undefined {
  const points = fitPoints(crowd);
  if (points.length < 3) return undefined;
  const candidates = qualifyingMarksCandidates(guess, points, history);
  const yearSds = points.map((p) => history.yearSd(p.marks - guess.value));
  const fits = readersOf(crowd, lean, candidates, appeared).flatMap(({ reader, prior, candidates: own, kind }) => {
    const readings = points.map((p) => reader.read(p.marks, p.count));
    const mapped = readings.map((r) => r.logShare);
    const gains = readings.map((r) => r.gain);
    const counts = readings.map((r) => r.count);
    return DEPARTURE_SCALES.map((scale) => {
      const priorSds = yearSds.map((sd) => sd * scale);
      const factor = departureFactor(points, priorSds, readings, reader.size);
      const departure = { gains, counts, priorSds, scale, factor };
      return { reader, kind, prior, mapped, departure, misfits: misfitsOf(mapped, departure, own, guess) };
    });
  });
  const best = Math.min(...fits.flatMap((f) => f.misfits.map((m) => m.deviance)));
  const weighed = fits.map(({ reader, kind, prior, mapped, departure, misfits }) => {
    const likelihoods = misfits.map((m) => ({
      mean: m.qualifyingMarks,
      sd: 0,
      weight: Math.exp(-(m.deviance - best) / 2),
    }));
    const { mean, sd } = mixtureMoments(likelihoods);
    const residuals = mapped.map((logShare, i) => logShare - history.logShare(itemAt(points, i).marks - mean));
    return {
      kind,
      prior,
      hypothesis: {
        reader,
        weight: prior * likelihoods.reduce((sum, l) => sum + l.weight, 0) ** LIKELIHOOD_POWER[kind],
        qualifyingMarks: mean,
        qualifyingMarksSd: sd,
        departure: { ...departure, whitenedResiduals: whiten(departure.factor, residuals) },
        topMean: reader.topMean,
      },
    };
  });
  const hypotheses = normalised(keptPerKind(weighed));
  const qualifyingMarks = mixtureMoments(
    hypotheses.map((h) => ({ weight: h.weight, mean: h.qualifyingMarks, sd: h.qualifyingMarksSd })),
  );
  return {
    points,
    hypotheses,
    selection: hypotheses.reduce((sum, h) => sum + h.weight * h.reader.strength, 0),
    qualifyingMarks: qualifyingMarks.mean,
    qualifyingMarksSd: qualifyingMarks.sd,
    fittedQualifyingMarks: guess.sd > 0,
    measuredLean: lean.flatMap((h) => ('measured' in h && h.measured.measuredIn ? [h.measured.measuredIn] : []))[0],
    topMean: weighedTopMean(hypotheses),
  };
}

function weighedTopMean(hypotheses: readonly SelectionHypothesis[]): number | undefined {
  const reading = hypotheses.flatMap(({ weight, topMean }) => (topMean === undefined ? [] : [{ weight, topMean }]));
  const weight = reading.reduce((sum, r) => sum + r.weight, 0);
  if (weight < 0.5) return undefined;
  return reading.reduce((sum, r) => sum + r.weight * r.topMean, 0) / weight;
}

/**
 * A reader per lean along shares, searched over every candidate qualifying mark; per lean measured along marks, one
 * per candidate mark (the lean moves with it), its prior shared out by the forecast's.
 */
function readersOf(
  crowd: RankedMarks,
  lean: readonly LeanHypothesis[],
  candidates: readonly QualifyingMarksCandidate[],
  appeared: number,
): { reader: CrowdReader; kind: ReaderKind; prior: number; candidates: readonly QualifyingMarksCandidate[] }[] {
  const alongShares = lean.flatMap((h) => ('shape' in h ? [h] : []));
  const alongMarks = lean.flatMap((h) => ('measured' in h ? [h] : []));
  const shares = shareReaders(
    crowd,
    alongShares.map((h) => h.shape),
    appeared,
  ).map((reader, i) => ({ reader, kind: 'shares' as const, prior: itemAt(alongShares, i).prior, candidates }));
  let binned: BinnedCrowd | undefined;
  const marks = alongMarks.flatMap((h) => {
    binned ??= binnedCrowd(crowd);
    const crowdBins = binned;
    return candidates
      .filter((_, i) => i % MARKS_LEAN_STEP === 0)
      .map((candidate, _, kept) => ({
        reader: marksReader(crowdBins, h.measured, h.tilt, candidate.qualifyingMarks, appeared),
        kind: 'marks' as const,
        prior: h.prior / kept.length,
        candidates: [candidate],
      }));
  });
  return [...shares, ...marks];
}

type ReaderKind = 'shares' | 'marks';

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
  readings: readonly Reading[],
  crowdSize: number,
): Cholesky {
  return cholesky(points.length, (i, j) => {
    const [a, b] = [itemAt(readings, i), itemAt(readings, j)];
    const marksApart = itemAt(points, i).marks - itemAt(points, j).marks;
    const departure = itemAt(priorSds, i) * itemAt(priorSds, j) * departureCorrelation(marksApart);
    const counting = countingCovariance(a.count, b.count, crowdSize) + (i === j ? NUGGET_SD ** 2 : 0);
    return departure + a.gain * b.gain * counting;
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

/**
 * A crowd's counts cannot tell a lean along marks from one along shares (either fits any one year; they part only in
 * a field shaped otherwise), and the two read different quantities (weighted results, counts), whose likelihoods do
 * not compare: each kind keeps the weight its prior gave it, shared out within the kind by the crowd's likelihood.
 */
function keptPerKind(
  weighed: readonly { kind: ReaderKind; prior: number; hypothesis: SelectionHypothesis }[],
): SelectionHypothesis[] {
  const totals = new Map<ReaderKind, { prior: number; weight: number }>();
  for (const { kind, prior, hypothesis } of weighed) {
    const total = totals.get(kind) ?? { prior: 0, weight: 0 };
    totals.set(kind, { prior: total.prior + prior, weight: total.weight + hypothesis.weight });
  }
  return weighed.map(({ kind, hypothesis }) => {
    const total = totals.get(kind) ?? { prior: 0, weight: 1 };
    return { ...hypothesis, weight: total.weight > 0 ? (hypothesis.weight / total.weight) * total.prior : 0 };
  });
}

/**
 * Keeps the heaviest hypotheses that together hold all but MIN_WEIGHT of the weight (the rest change no answer, and
 * every hypothesis kept costs a reading at every mark) and makes their weights sum to 1.
 */
function normalised(hypotheses: SelectionHypothesis[]): SelectionHypothesis[] {
  const total = hypotheses.reduce((sum, h) => sum + h.weight, 0);
  const heaviest = [...hypotheses].sort((a, b) => b.weight - a.weight);
  const kept: SelectionHypothesis[] = [];
  let held = 0;
  for (const h of heaviest) {
    if (held >= (1 - MIN_WEIGHT) * total) break;
    kept.push(h);
    held += h.weight;
  }
  return kept.map((h) => ({ ...h, weight: h.weight / held }));
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
  /** How much the crowd weighs against the history without it (0 to 1). */
  weight: number;
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
  withoutCrowd: LogShareEstimate,
): CrowdEstimate {
  const candidate = candidateOf(crowd, marks, fit.points, appeared);
  const readings = fit.hypotheses.map((h) => {
    const answer = posterior(h, candidate, h.reader.read(marks, candidate.count), history);
    return { weight: h.weight, mean: answer.logShare, sd: Math.sqrt(answer.sd ** 2 + LAW_SD ** 2) };
  });
  const weight = crowdWeight(readings, withoutCrowd, fit.measuredLean !== undefined, candidate.ahead);
  const mixture = [
    ...readings.map((r) => ({ ...r, weight: r.weight * weight })),
    { weight: 1 - weight, mean: withoutCrowd.logShare, sd: withoutCrowd.sd },
  ].filter((c) => c.weight > 0);
  return {
    logShare: mixtureQuantile(mixture, 0.5),
    sd: mixtureMoments(mixture).sd,
    mixture,
    weight,
    crowdRank: candidate.ahead + 1,
    size: crowd.size,
    selection: fit.selection,
  };
}

/**
 * How far a crowd's readings may disagree before it stops counting, against the history's own spread: with the lean
 * unknown, readings that part by 1/√6 of the history's sd leave the history alone (their disagreement is the guess
 * of how the crowd leans, not a measure; at 1/√4, strong threshold crowds read 2023's top 0.5–1.5% worse than no
 * crowd, npm run bench:rank); with the lean measured, by all of it (what is left is the measured lean's own
 * uncertainty).
 */
const DISAGREEMENT_WEIGHT = { unknown: 6, measured: 1 };
/** Fewer results ahead than this, and the crowd counts in proportion: a handful ahead tell little of the rank. */
const FEW_RESULTS_AHEAD = 6;

/**
 * How much the crowd's readings weigh against the history without the crowd (the rest): the history's variance less
 * the readings' disagreement (between hypotheses), weighted by DISAGREEMENT_WEIGHT, as a share of it; less where few
 * results are ahead. Where the ways the crowd could lean disagree, it cannot be read, and its weight falls towards the
 * history: a crowd never makes the rank worse than the history alone would be, only the range wider.
 */
function crowdWeight(
  readings: readonly MixtureComponent[],
  withoutCrowd: LogShareEstimate,
  leanKnown: boolean,
  ahead: number,
): number {
  const between = mixtureMoments(readings.map((r) => ({ ...r, sd: 0 }))).sd;
  const disagreement = DISAGREEMENT_WEIGHT[leanKnown ? 'measured' : 'unknown'] * (between / withoutCrowd.sd) ** 2;
  return Math.max(0, 1 - disagreement) * Math.min(1, (ahead + 1) / FEW_RESULTS_AHEAD);
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
  return fit.hypotheses.reduce((sum, h) => sum + h.weight * h.reader.expectedAbove(rank), 0);
}

/** What every hypothesis shares about the candidate: the results ahead, and how its marks and count relate to the fit's. */
interface Candidate {
  marks: number;
  ahead: number;
  /** ahead + 0.5, as the fit points' counts. */
  count: number;
  /** ln(share) of the best rank the results ahead allow. */
  lowest: number;
  /** departureCorrelation with each fit point. */
  correlations: number[];
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
    scratch: { departure: new Float64Array(points.length), count: new Float64Array(points.length) },
  };
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
  { reader, qualifyingMarks, qualifyingMarksSd, departure }: SelectionHypothesis,
  candidate: Candidate,
  { logShare: counted, gain, count }: Reading,
  history: HistoryTable,
): LogShareEstimate {
  const { gains, counts, priorSds, scale, factor, whitenedResiduals } = departure;
  const x = candidate.marks - qualifyingMarks;
  const sd = history.yearSd(x) * scale;
  // The departure's and the count's covariances with the fit points, per unit of sd and of gain, whitened (u, v): the
  // whitened rows of the grown factor are sd·u for the departure here and sd·u + gain·v for the count, and only their
  // dot products with each other and with the whitened residuals (r) are needed.
  const { departure: u, count: v } = candidate.scratch;
  for (let i = 0; i < u.length; i++) {
    u[i] = (priorSds[i] ?? 0) * (candidate.correlations[i] ?? 0);
    v[i] = (gains[i] ?? 0) * countingCovariance(count, counts[i] ?? count, reader.size);
  }
  whiten(factor, u, u);
  whiten(factor, v, v);
  const uu = dot(u, u);
  const uv = dot(u, v);
  const countRowSquared = sd ** 2 * uu + 2 * sd * gain * uv + gain ** 2 * dot(v, v);
  const countVariance = sd ** 2 + gain ** 2 * (countingCovariance(count, count, reader.size) + NUGGET_SD ** 2);
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
