import type { LogShareEstimate } from './estimate';
import { itemAt } from '../../lists';
import { countAbove } from './statistics';

/**
 * The crowd of stored results is self-selected: strong candidates check more. Model: a candidate whose share of the
 * field ahead of them is s checks with a probability ∝ s^(−β). Then the crowd's share above a mark is the field's
 * share raised to the power 1 − β, i.e. ln(field share) = g · ln(crowd share) with g = 1 / (1 − β) ≥ 1 for a
 * stronger crowd. g comes from matching the crowd's curve to the historical curve; when the year's qualifying mark is
 * not published, the same match also finds it (g sets the slope, the qualifying mark the offset).
 */
export interface CrowdFit {
  /** ln(field share) = strength · ln(crowd share). */
  strength: number;
  qualifyingMarks: number;
  /** Whether the qualifying mark was fitted (true) or given (false). */
  fittedQualifyingMarks: boolean;
  /** Root-mean-square misfit in ln(share) between the corrected crowd and the history. */
  misfit: number;
}

/**
 * Fewer results than this cannot locate the qualifying mark. With the mark published, they still fit the strength;
 * without it, fitting the strength alone would absorb how easy the year was, so an assumed strength is used instead.
 */
export const MIN_CROWD_TO_FIT_QUALIFYING_MARKS = 100;
/**
 * The assumed strength (β ≈ 0.33) and how unsure it is, in ln(share). An assumption: no real crowd was available to
 * calibrate it; fits to larger crowds replace it.
 */
const ASSUMED_STRENGTH = 1.5;
const ASSUMED_STRENGTH_MISFIT = 0.5;

export function assumedCrowdFit(qualifyingMarks: number): CrowdFit {
  return { strength: ASSUMED_STRENGTH, qualifyingMarks, fittedQualifyingMarks: false, misfit: ASSUMED_STRENGTH_MISFIT };
}
/** Model error of the selection law itself (log space), whatever the fit says. */
const CROWD_MODEL_SD = 0.35;
const STRENGTH_LIMITS = [0.5, 4] as const;
/** The qualifying mark is searched within this many marks of the first guess, in steps of 0.1. */
const QUALIFYING_MARKS_SEARCH = 15;

/** ln of the share of the crowd ahead of `marks`, with half a rank of continuity so the top is not share 0. */
function crowdLogShare(descending: readonly number[], marks: number): number {
  return Math.log((countAbove(descending, marks) + 0.5) / descending.length);
}

/** Crowd marks at ranks spread evenly in log(rank), from the 5th result to the 95th percentile. */
function fitMarks(descending: readonly number[]): number[] {
  const marks: number[] = [];
  for (let i = 5; i < 0.95 * descending.length; i = Math.ceil(i * 1.2)) marks.push(itemAt(descending, i));
  return marks;
}

/**
 * Least-squares match of the crowd's corrected curve to `historyAt` (ln field share at marks − qualifying mark).
 * With `fixedQualifyingMarks` only the strength is fitted.
 */
export function fitCrowd(
  descending: readonly number[],
  historyAt: (x: number) => number,
  guess: number,
  fixedQualifyingMarks: boolean,
): CrowdFit | undefined {
  const marks = fitMarks(descending);
  if (marks.length < 3) return undefined;
  const crowd = marks.map((mark) => ({ mark, logShare: crowdLogShare(descending, mark) }));
  const square = crowd.reduce((sum, c) => sum + c.logShare * c.logShare, 0);
  const candidates = fixedQualifyingMarks
    ? [guess]
    : Array.from({ length: 2 * QUALIFYING_MARKS_SEARCH * 10 + 1 }, (_, i) => guess - QUALIFYING_MARKS_SEARCH + i / 10);
  let best: CrowdFit | undefined;
  let bestError = Infinity;
  for (const qualifyingMarks of candidates) {
    const pairs = crowd.map((c) => ({ crowd: c.logShare, history: historyAt(c.mark - qualifyingMarks) }));
    const cross = pairs.reduce((sum, p) => sum + p.crowd * p.history, 0);
    const strength = Math.min(STRENGTH_LIMITS[1], Math.max(STRENGTH_LIMITS[0], cross / square));
    const error = pairs.reduce((sum, p) => sum + (strength * p.crowd - p.history) ** 2, 0);
    if (error < bestError) {
      bestError = error;
      best = {
        strength,
        qualifyingMarks,
        fittedQualifyingMarks: !fixedQualifyingMarks,
        misfit: Math.sqrt(error / marks.length),
      };
    }
  }
  return best;
}

export interface CrowdEstimate extends LogShareEstimate {
  crowdRank: number;
  size: number;
  strength: number;
}

/** The candidate's share of the field from the crowd: the crowd share ahead of them, corrected for the crowd's strength. */
export function crowdEstimate(descending: readonly number[], marks: number, fit: CrowdFit): CrowdEstimate {
  const above = countAbove(descending, marks);
  const logShare = Math.min(0, fit.strength * crowdLogShare(descending, marks));
  const samplingSd = fit.strength / Math.sqrt(above + 1);
  return {
    logShare,
    sd: Math.sqrt(samplingSd ** 2 + CROWD_MODEL_SD ** 2 + fit.misfit ** 2),
    crowdRank: above + 1,
    size: descending.length,
    strength: fit.strength,
  };
}
