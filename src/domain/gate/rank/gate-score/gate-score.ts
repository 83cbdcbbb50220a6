import { truncateToOneDecimal } from '../statistics/statistics';

export interface ScoreFormula {
  Sq: number;
  St: number;
  cap: number;
}

/**
 * GATE score S = Sq + (St − Sq) · (M − Mq) / (M̄t − Mq), rounded to a whole number as on the scorecard, capped at
 * `cap`. Not floored: candidates far below the qualifying mark get negative scores.
 */
export function gateScore(marks: number, qualifyingMarks: number, topMean: number, formula: ScoreFormula): number {
  const raw = formula.Sq + ((formula.St - formula.Sq) * (marks - qualifyingMarks)) / (topMean - qualifyingMarks);
  return Math.min(formula.cap, Math.round(raw));
}

/** The general qualifying mark from the field's statistics: max(25, mean + SD). */
export function generalQualifyingMarks(meanPlusSd: number): number {
  return Math.max(25, meanPlusSd);
}

export type Category = 'general' | 'obcNclEws' | 'scStPwd';

export interface CategoryStatus {
  qualifyingMarks: number;
  qualifies: boolean;
}

/** OBC-NCL/EWS need 90% and SC/ST/PwD two thirds of the general mark, truncated to one decimal. */
export function categoryQualifyingMarks(general: number): Record<Category, number> {
  return {
    general,
    obcNclEws: truncateToOneDecimal(0.9 * general),
    scStPwd: truncateToOneDecimal((2 * general) / 3),
  };
}

export function qualifyingStatus(
  marks: number,
  byCategory: Record<Category, number>,
): Record<Category, CategoryStatus> {
  const status = (qualifyingMarks: number): CategoryStatus => ({
    qualifyingMarks,
    qualifies: marks >= qualifyingMarks,
  });
  return {
    general: status(byCategory.general),
    obcNclEws: status(byCategory.obcNclEws),
    scStPwd: status(byCategory.scStPwd),
  };
}
