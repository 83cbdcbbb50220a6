import { paperKeyOf, RANK_DATA } from '../published-data/data';
import type { Prediction } from '../prediction/predict';
import { rankFromReports, type ReportedPair } from './reported-ranks';

/**
 * Once candidates have added enough official results for the paper and year (MIN_REPORTED_PAIRS), the rank is read
 * off their (marks, AIR) pairs, with a range from their spread (rankFromReports), in place of the forecast; the
 * GATE score and everything else stay the model's. Fewer pairs leave the prediction as it is.
 */
export function afterResults(prediction: Prediction, pairs: readonly ReportedPair[]): Prediction {
  const official = RANK_DATA.papers[paperKeyOf(prediction.testPaper)]?.years[String(prediction.year)]?.official;
  const appeared = prediction.expectedAppeared.value;
  const read = rankFromReports({
    pairs,
    marks: prediction.normMarks,
    appeared,
    qualifyingMarks: official?.qualifyingMarks?.general,
    qualified: official?.qualified,
  });
  if (!read) return prediction;
  return {
    ...prediction,
    estimatedRank: read.estimatedRank,
    rankRange: read.rankRange,
    percentile: Math.round((10_000 * (appeared - read.estimatedRank)) / appeared) / 100,
    method:
      `Read from the official results ${read.reports} candidates added for ${prediction.year} ` +
      `(${read.nearby} within 5 marks of yours); the range is their spread.`,
  };
}
