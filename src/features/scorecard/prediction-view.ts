import type { Category } from '../../domain/gate/rank/score';
import type { PredictionData } from '../../lib/scorecard-types';

/** Readable figures of the rank prediction; every field may be missing on older saved scorecards. */

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One formatter for the page: `toLocaleString('en-IN')` builds a new one on every call, and on a throttled phone those
 * few calls cost the scorecard's first render tens of milliseconds.
 */
const indianWholeNumbers = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** 1234567 → '12,34,567' (Indian digit grouping, as the rank data and the candidates use). */
export const wholeNumber = (value: number) => indianWholeNumbers.format(Math.round(value));

export function predictedRankText(prediction: PredictionData | undefined): string {
  return finite(prediction?.estimatedRank) ? wholeNumber(prediction.estimatedRank) : 'Not available yet';
}

export function rankRangeText(prediction: PredictionData | undefined): string | undefined {
  const [best, worst] = prediction?.rankRange ?? [];
  return finite(best) && finite(worst) ? `${wholeNumber(best)} – ${wholeNumber(worst)}` : undefined;
}

export const percentileText = (prediction: PredictionData | undefined) =>
  finite(prediction?.percentile) ? prediction.percentile.toFixed(2) : '--';

export const gateScoreText = (prediction: PredictionData | undefined) =>
  finite(prediction?.score) ? String(Math.round(prediction.score)) : '--';

export interface QualifyingRow {
  category: string;
  qualifies: boolean;
  qualifyingMarks: number;
}

const CATEGORIES: Array<[Category, string]> = [
  ['general', 'General'],
  ['obcNclEws', 'OBC-NCL / EWS'],
  ['scStPwd', 'SC / ST / PwD'],
];

export function qualifyingRows(prediction: PredictionData | undefined): QualifyingRow[] {
  const qualifying = prediction?.qualifying;
  if (!qualifying) return [];
  return CATEGORIES.flatMap(([key, category]) => {
    const status = qualifying[key];
    return status ? [{ category, qualifies: status.qualifies, qualifyingMarks: status.qualifyingMarks }] : [];
  });
}

/** The model's own description of how it got the rank, and how many stored results the crowd part rests on. */
export function methodText(prediction: PredictionData | undefined): string | undefined {
  if (!prediction?.method) return undefined;
  const sample = finite(prediction.sampleSize) ? wholeNumber(prediction.sampleSize) : '0';
  return `Method: ${prediction.method.trim()} Sample size: ${sample} results checked here.`;
}
