import type { HistoryTable, LogShareEstimate } from './estimate';
import type { RankedMarks } from './sorted-marks';

/**
 * The crowd of stored results is self-selected: strong candidates check more. Model: the candidate at field rank r of
 * N checks with probability min(1, c · (r / N)^−β). β is how strongly the crowd leans (0: a fair sample); c follows
 * from the crowd's size; the cap makes the top identifiable: once almost every top candidate checks, the crowd's top
 * ranks are the field's. β cannot be read off the crowd alone (a leaning crowd looks like a year with a wider top), so
 * every β is weighed by how well the crowd, mapped onto the field with it, lands on the history's marks-to-rank curve
 * (and, without a published one, the qualifying mark with it); the answer mixes the β that fit.
 */
export interface SelectionHypothesis {
  law: SelectionLaw;
  /** Posterior weight of this β (the weights sum to 1). */
  weight: number;
  /** The qualifying mark that fits the crowd best with this β, and how unsure it is (0 when published). */
  qualifyingMarks: number;
  qualifyingMarksSd: number;
}

export interface CrowdFit {
  hypotheses: SelectionHypothesis[];
  /** Weighted mean β: how strongly the crowd seems to lean. */
  selection: number;
  /** Weighted mean and spread of the qualifying mark over the hypotheses. */
  qualifyingMarks: number;
  qualifyingMarksSd: number;
  /** Whether the qualifying mark was fitted (true) or given (false). */
  fittedQualifyingMarks: boolean;
}

/** β tried: 0 (a fair sample) to 0.9 (nearly only the strong check). */
const SELECTIONS = Array.from({ length: 19 }, (_, i) => i * 0.05);
/** An unpublished qualifying mark is searched this many forecast standard deviations either side, every 0.2 marks. */
const QUALIFYING_MARKS_SEARCH_SDS = 2.5;
const QUALIFYING_MARKS_STEP = 0.2;
/**
 * The crowd is compared with the history at ranks spaced ×RANK_STEP. A year's shape differs from the history's over
 * about a doubling of rank, so neighbouring residuals are not independent: each counts ln(RANK_STEP)/ln(2) of one.
 */
const RANK_STEP = 1.2;
const RESIDUALS_PER_DOUBLING = Math.log(RANK_STEP) / Math.log(2);
/** Hypotheses whose weight is below this are dropped (they change no answer). */
const MIN_WEIGHT = 1e-3;
/** Above this many results ahead, the count's Poisson likelihood is close enough to a normal in ln(rank). */
const DENSE_COUNT = 25;
/** Points of the ln(rank) grid on which a sparse count's likelihood is multiplied with the history. */
const SPARSE_GRID = 120;
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

/** Crowd marks at ranks spread evenly in log(rank), from the 5th result to the 95th percentile. */
function fitMarks(crowd: RankedMarks): number[] {
  const marks: number[] = [];
  for (let i = 5; i < 0.95 * crowd.size; i = Math.ceil(i * RANK_STEP)) marks.push(crowd.marksAt(i));
  return marks;
}

/** The qualifying mark as known before the fit: published (sd 0) or forecast from earlier years. */
export interface QualifyingMarksGuess {
  value: number;
  sd: number;
}

/**
 * Weighs every β (and, unless published, every qualifying mark near the forecast) by how well the crowd mapped onto
 * the field lands on the history: residuals in ln(share) over the years' own disagreement there and the count's
 * sampling error, plus the forecast's own prior on the qualifying mark.
 */
export function fitCrowd(
  crowd: RankedMarks,
  history: HistoryTable,
  guess: QualifyingMarksGuess,
  appeared: number,
): CrowdFit | undefined {
  const marks = fitMarks(crowd);
  if (marks.length < 3) return undefined;
  const counts = marks.map((mark) => ({ mark, count: crowd.countAbove(mark) + 0.5 }));
  const reach = QUALIFYING_MARKS_SEARCH_SDS * guess.sd;
  const steps = Math.round(reach / QUALIFYING_MARKS_STEP);
  const candidates = Array.from({ length: 2 * steps + 1 }, (_, i) => guess.value + (i - steps) * QUALIFYING_MARKS_STEP);
  const fits = SELECTIONS.map((beta) => {
    const law = selectionLaw(beta, crowd.size, appeared);
    const mapped = counts.map(({ mark, count }) => ({
      mark,
      logShare: Math.log(fieldRankOf(law, count) / appeared),
      samplingVariance: 1 / ((1 - beta) ** 2 * count),
    }));
    const misfits = candidates.map((qualifyingMarks) => {
      let sum = 0;
      for (const m of mapped) {
        const x = m.mark - qualifyingMarks;
        sum += (m.logShare - history.logShare(x)) ** 2 / (history.observedSd(x) ** 2 + m.samplingVariance);
      }
      const prior = guess.sd > 0 ? ((qualifyingMarks - guess.value) / guess.sd) ** 2 : 0;
      return { qualifyingMarks, chiSquare: sum * RESIDUALS_PER_DOUBLING + prior };
    });
    return { law, misfits };
  });
  const best = Math.min(...fits.flatMap((f) => f.misfits.map((m) => m.chiSquare)));
  const hypotheses = normalised(
    fits.map(({ law, misfits }) => {
      const likelihoods = misfits.map((m) => ({
        value: m.qualifyingMarks,
        weight: Math.exp(-(m.chiSquare - best) / 2),
      }));
      const total = likelihoods.reduce((sum, l) => sum + l.weight, 0);
      const { mean, sd } = weightedMoments(likelihoods);
      return { law, weight: total, qualifyingMarks: mean, qualifyingMarksSd: sd };
    }),
  );
  const overall = weightedMoments(hypotheses.map((h) => ({ value: h.qualifyingMarks, weight: h.weight })));
  const withinHypotheses = hypotheses.reduce((sum, h) => sum + h.weight * h.qualifyingMarksSd ** 2, 0);
  return {
    hypotheses,
    selection: hypotheses.reduce((sum, h) => sum + h.weight * h.law.beta, 0),
    qualifyingMarks: overall.mean,
    qualifyingMarksSd: Math.sqrt(overall.sd ** 2 + withinHypotheses),
    fittedQualifyingMarks: guess.sd > 0,
  };
}

/** Keeps the hypotheses that weigh anything and makes their weights sum to 1. */
function normalised(hypotheses: SelectionHypothesis[]): SelectionHypothesis[] {
  const total = hypotheses.reduce((sum, h) => sum + h.weight, 0);
  const kept = hypotheses.filter((h) => h.weight / total >= MIN_WEIGHT);
  const keptTotal = kept.reduce((sum, h) => sum + h.weight, 0);
  return kept.map((h) => ({ ...h, weight: h.weight / keptTotal }));
}

function weightedMoments(values: { value: number; weight: number }[]): { mean: number; sd: number } {
  const total = values.reduce((sum, v) => sum + v.weight, 0);
  const mean = values.reduce((sum, v) => sum + v.weight * v.value, 0) / total;
  const variance = values.reduce((sum, v) => sum + v.weight * (v.value - mean) ** 2, 0) / total;
  return { mean, sd: Math.sqrt(variance) };
}

export interface CrowdEstimate extends LogShareEstimate {
  /** 1 + the stored results ahead of the candidate. */
  crowdRank: number;
  size: number;
  selection: number;
  /** Expected crowd members above the candidate under the fitted selection: few means the history speaks. */
  expectedAhead: number;
}

/**
 * The candidate's ln(share of the field) given the crowd: for each plausible β, the history's curve at the marks above
 * that β's qualifying mark (a prior, as wide as the years disagree) times the likelihood of the count of stored results
 * ahead of the candidate (Poisson: a handful ahead says little, thousands say much); then mixed over β. Where the crowd
 * is dense the count decides and β's uncertainty sets the width; at a sparse top the history's shape does.
 */
export function crowdEstimate(
  crowd: RankedMarks,
  marks: number,
  fit: CrowdFit,
  history: HistoryTable,
  appeared: number,
): CrowdEstimate {
  const ahead = crowd.countAbove(marks);
  const answers = fit.hypotheses.map((h) => ({ ...h, ...posterior(h, marks, ahead, history, appeared) }));
  const mean = answers.reduce((sum, a) => sum + a.weight * a.logShare, 0);
  const variance = answers.reduce((sum, a) => sum + a.weight * (a.sd ** 2 + (a.logShare - mean) ** 2), 0);
  const rank = Math.exp(mean) * appeared;
  const expectedAhead = answers.reduce((sum, a) => sum + a.weight * expectedCrowdAbove(a.law, rank), 0);
  return {
    logShare: mean,
    sd: Math.sqrt(variance + LAW_SD ** 2),
    crowdRank: ahead + 1,
    size: crowd.size,
    selection: fit.selection,
    expectedAhead,
  };
}

function posterior(
  hypothesis: SelectionHypothesis,
  marks: number,
  ahead: number,
  history: HistoryTable,
  appeared: number,
): LogShareEstimate {
  const x = marks - hypothesis.qualifyingMarks;
  const prior = {
    logShare: history.logShare(x),
    sd: Math.hypot(history.sd(x), history.slope(x) * hypothesis.qualifyingMarksSd),
  };
  const lowest = Math.log((ahead + 1) / appeared);
  if (ahead >= DENSE_COUNT) {
    const { law } = hypothesis;
    const counted = {
      logShare: Math.max(lowest, Math.log(fieldRankOf(law, ahead + 0.5) / appeared)),
      sd: 1 / ((1 - law.beta) * Math.sqrt(ahead + 1)),
    };
    return productOfNormals(prior, counted);
  }
  return sparsePosterior(prior, hypothesis.law, ahead, lowest, appeared);
}

function productOfNormals(a: LogShareEstimate, b: LogShareEstimate): LogShareEstimate {
  const wa = 1 / a.sd ** 2;
  const wb = 1 / b.sd ** 2;
  return { logShare: (wa * a.logShare + wb * b.logShare) / (wa + wb), sd: 1 / Math.sqrt(wa + wb) };
}

/**
 * Few results ahead: the history's normal prior times the Poisson likelihood of `ahead` checkers among the r − 1
 * candidates above field rank r, on a grid of ln(share) from the crowd's own bound (at least `ahead` + 1) to the field.
 */
function sparsePosterior(
  prior: LogShareEstimate,
  law: SelectionLaw,
  ahead: number,
  lowest: number,
  appeared: number,
): LogShareEstimate {
  const step = -lowest / (SPARSE_GRID - 1);
  const points: { value: number; weight: number }[] = [];
  let best = -Infinity;
  for (let i = 0; i < SPARSE_GRID; i++) {
    const logShare = lowest + i * step;
    const expected = expectedCrowdAbove(law, Math.max(0, Math.exp(logShare) * appeared - 1));
    const logLikelihood = (ahead > 0 ? ahead * Math.log(expected) : 0) - expected;
    const logWeight = logLikelihood - ((logShare - prior.logShare) / prior.sd) ** 2 / 2;
    best = Math.max(best, logWeight);
    points.push({ value: logShare, weight: logWeight });
  }
  const { mean, sd } = weightedMoments(points.map((p) => ({ value: p.value, weight: Math.exp(p.weight - best) })));
  return { logShare: mean, sd: Math.max(sd, step) };
}
