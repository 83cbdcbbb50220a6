import type { LogShareEstimate } from './estimate';
import { itemAt } from '../../lists';
import { countAbove } from './statistics';

/**
 * The crowd of stored results is self-selected: strong candidates check more. Model: the candidate at field rank r of
 * N checks with probability min(1, c · (r / N)^−β). β is how strongly the crowd leans (0: a fair sample); c follows
 * from the crowd's size; the cap is what makes the top identifiable — once almost every top candidate checks, the
 * crowd's top ranks are the field's. β (and, without a published one, the qualifying mark) is fitted so the crowd
 * mapped onto the field matches the history; every β that fits almost as well is kept, and the spread of their
 * answers widens the range where the crowd cannot tell them apart.
 */
export interface CrowdFit {
  /** β of the best fit. */
  selection: number;
  /** β values that fit almost as well as the best (the best included). */
  plausibleSelections: number[];
  qualifyingMarks: number;
  /** Whether the qualifying mark was fitted (true) or given (false). */
  fittedQualifyingMarks: boolean;
  /** Root-mean-square misfit in ln(share) between the mapped crowd and the history. */
  misfit: number;
}

/**
 * Fewer results than this cannot locate the qualifying mark. With the mark published, they still fit the selection;
 * without it, fitting the selection alone would absorb how easy the year was, so an assumed one is used instead.
 */
export const MIN_CROWD_TO_FIT_QUALIFYING_MARKS = 100;
/** β tried: 0 (a fair sample) to 0.9 (nearly only the strong check). */
const SELECTIONS = Array.from({ length: 19 }, (_, i) => i * 0.05);
/**
 * The assumed selection, how unsure it is in ln(share), and the β it leaves plausible (mild to strong). An
 * assumption: no real crowd was available to calibrate it; fits to larger crowds replace it.
 */
const ASSUMED_SELECTION = 0.35;
const ASSUMED_SELECTION_MISFIT = 0.5;
const ASSUMED_PLAUSIBLE = SELECTIONS.filter((beta) => beta >= 0.1 && beta <= 0.8);

export function assumedCrowdFit(qualifyingMarks: number): CrowdFit {
  return {
    selection: ASSUMED_SELECTION,
    plausibleSelections: ASSUMED_PLAUSIBLE,
    qualifyingMarks,
    fittedQualifyingMarks: false,
    misfit: ASSUMED_SELECTION_MISFIT,
  };
}
/** Model error of the selection law itself (log space), whatever the fit says. */
const CROWD_MODEL_SD = 0.2;
/** A β stays plausible while its squared misfit is within this factor of the best one's. */
const PLAUSIBLE_MISFIT_RATIO = 4;
/**
 * The qualifying mark is searched within this many marks of the first guess, in steps of 0.1: about the largest
 * year-to-year move published. A wider search lets a strongly self-selected crowd pass for an easy year (simulated
 * crowds with β = 0.8 fitted 47.5 for a true 27.6).
 */
const QUALIFYING_MARKS_SEARCH = 6;
/** The range covers about ±this many standard deviations (kept equal to predict's RANGE_Z). */
const BAND_Z = 1.2816;

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
  let low = Math.log(size / appeared) - 1;
  let high = 0;
  for (let i = 0; i < 60; i++) {
    const middle = (low + high) / 2;
    if (expectedCrowdAbove(law(Math.exp(middle)), appeared) < size) low = middle;
    else high = middle;
  }
  return law(Math.exp((low + high) / 2));
}

/** Expected number of checkers among the field's best `rank`. */
function expectedCrowdAbove({ beta, capRank, scale, appeared }: SelectionLaw, rank: number): number {
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
function fitMarks(descending: readonly number[]): number[] {
  const marks: number[] = [];
  for (let i = 5; i < 0.95 * descending.length; i = Math.ceil(i * 1.2)) marks.push(itemAt(descending, i));
  return marks;
}

/**
 * Least-squares match of the crowd mapped onto the field to `historyAt` (ln field share at marks − qualifying mark),
 * for every β, with the qualifying mark searched too unless `fixedQualifyingMarks`.
 */
export function fitCrowd(
  descending: readonly number[],
  historyAt: (x: number) => number,
  guess: number,
  fixedQualifyingMarks: boolean,
  appeared: number,
): CrowdFit | undefined {
  const marks = fitMarks(descending);
  if (marks.length < 3) return undefined;
  const counts = marks.map((mark) => ({ mark, count: countAbove(descending, mark) + 0.5 }));
  const candidates = fixedQualifyingMarks
    ? [guess]
    : Array.from({ length: 2 * QUALIFYING_MARKS_SEARCH * 10 + 1 }, (_, i) => guess - QUALIFYING_MARKS_SEARCH + i / 10);
  const fits = SELECTIONS.map((beta) => {
    const law = selectionLaw(beta, descending.length, appeared);
    const field = counts.map((c) => ({ mark: c.mark, logShare: Math.log(fieldRankOf(law, c.count) / appeared) }));
    let best = { error: Infinity, qualifyingMarks: guess };
    for (const qualifyingMarks of candidates) {
      const error = field.reduce((sum, f) => sum + (f.logShare - historyAt(f.mark - qualifyingMarks)) ** 2, 0);
      if (error < best.error) best = { error, qualifyingMarks };
    }
    return { beta, ...best };
  });
  const best = fits.reduce((a, b) => (b.error < a.error ? b : a));
  return {
    selection: best.beta,
    plausibleSelections: fits.filter((f) => f.error <= PLAUSIBLE_MISFIT_RATIO * best.error).map((f) => f.beta),
    qualifyingMarks: best.qualifyingMarks,
    fittedQualifyingMarks: !fixedQualifyingMarks,
    misfit: Math.sqrt(best.error / marks.length),
  };
}

/**
 * What the crowd says for certain, whatever its self-selection: every stored result is a candidate of the field, so
 * the field rank is at least the crowd rank; and when strong candidates check at least as often as weak ones, the
 * share of the field ahead is at most the share of the crowd ahead.
 */
export function identifiableLogShares(crowdRank: number, crowdSize: number, appeared: number): [number, number] {
  const best = Math.log(Math.min(1, crowdRank / appeared));
  const worst = Math.log(Math.min(1, crowdRank / crowdSize));
  return [best, Math.max(best, worst)];
}

export interface CrowdEstimate extends LogShareEstimate {
  crowdRank: number;
  size: number;
  selection: number;
}

/**
 * The candidate's share of the field from the crowd: the crowd count ahead of them mapped onto the field by the fitted
 * selection law, kept inside what the crowd identifies. Its width: sampling, the law's own error, the misfit, and
 * half the spread of the answers of every plausible β (small at the top, where they agree: the crowd's top is the
 * field's).
 */
export function crowdEstimate(
  descending: readonly number[],
  marks: number,
  fit: CrowdFit,
  appeared: number,
): CrowdEstimate {
  const above = countAbove(descending, marks);
  const logShareFor = (beta: number) =>
    Math.log(fieldRankOf(selectionLaw(beta, descending.length, appeared), above + 0.5) / appeared);
  const answers = fit.plausibleSelections.map(logShareFor);
  const spread = (Math.max(...answers) - Math.min(...answers)) / (2 * BAND_Z);
  const [best, worst] = identifiableLogShares(above + 1, descending.length, appeared);
  const samplingSd = 1 / (1 - fit.selection) / Math.sqrt(above + 1);
  return {
    logShare: Math.min(worst, Math.max(best, logShareFor(fit.selection))),
    sd: Math.sqrt(samplingSd ** 2 + CROWD_MODEL_SD ** 2 + fit.misfit ** 2 + spread ** 2),
    crowdRank: above + 1,
    size: descending.length,
    selection: fit.selection,
  };
}
