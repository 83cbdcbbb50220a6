import { plural } from '../../../domain/words';
import type { OfficialResultsAccuracy } from '../admin-api';

/** The dashboard's line on official results: how many came in, and how the predictions did against them. */
export function officialResultsText({ reports, medianRatioError, insideRange }: OfficialResultsAccuracy): string {
  if (reports === 0 || medianRatioError === null || insideRange === null) {
    return 'Official results added by candidates: none yet.';
  }
  const inside = Math.round(insideRange * reports);
  return (
    `Official results added by candidates: ${reports}. Predicted ranks were off by a median factor of ` +
    `${medianRatioError.toFixed(2)}; ${inside} of ${reports} ${plural(reports, 'AIR')} (${Math.round(insideRange * 100)}%) fell inside the predicted range.`
  );
}
