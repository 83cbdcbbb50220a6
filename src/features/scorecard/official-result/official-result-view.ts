import type { OfficialScorecard } from '../../../domain/gate/rank/official-results/official-scorecard';
import type { OfficialResultEntry, OfficialResultReport } from './official-result-api';
import { wholeNumber } from '../prediction/prediction-view';
import { dayText } from '../../../domain/dates';
import { PROVENANCE_WORDS } from '../../../domain/gate/result-provenance';
import { STANDING_WORDS } from '../../../domain/gate/rank/official-results/report-standing';

/** The "Predicted vs actual" view's rows and verdict, from an official result and the prediction it is compared with. */

export interface ComparisonRow {
  label: string;
  predicted: string;
  actual: string;
}

const twoDecimals = (value: number) => String(Math.round(value * 100) / 100);

export function comparisonRows({ predicted, actual }: OfficialResultReport): ComparisonRow[] {
  const [best, worst] = predicted.rankRange;
  return [
    {
      label: 'All India Rank',
      predicted: `${wholeNumber(predicted.rank)} (range ${wholeNumber(best)} – ${wholeNumber(worst)})`,
      actual: wholeNumber(actual.rank),
    },
    {
      label: 'GATE score',
      predicted: predicted.score === null ? '--' : String(predicted.score),
      actual: String(actual.score),
    },
    ...(actual.marks === null
      ? []
      : [
          { label: 'Marks out of 100', predicted: twoDecimals(predicted.normMarks), actual: twoDecimals(actual.marks) },
        ]),
  ];
}

export function verdictText({ insideRange, rankRatioError }: OfficialResultReport): string {
  const where = insideRange ? 'inside the predicted range' : 'outside the predicted range';
  if (rankRatioError === 1) return `Your AIR is the predicted rank, ${where}.`;
  return `Your AIR is ${where}; the predicted rank was off by a factor of ${rankRatioError.toFixed(2)}.`;
}

/**
 * What the added result counts for in other candidates' predicted ranks now, and where the result's responses came
 * from, each in the words the candidate reads under the comparison.
 */
export function standingLines({ standing, provenance }: OfficialResultReport): string[] {
  return [STANDING_WORDS[standing.state], PROVENANCE_WORDS[provenance]];
}

/**
 * The form's fields as the official scorecard PDF gave them, and what the call sends besides (marks, paper, year and
 * the registration number, which the server matches with the result's candidate id).
 */
export function entryOfScorecard(scorecard: OfficialScorecard): {
  fields: { rank: string; score: string };
  entry: OfficialResultEntry;
} {
  const { rank, score, marks, paper, year, registration } = scorecard;
  return {
    fields: { rank: String(rank), score: String(score) },
    entry: {
      rank,
      score,
      source: 'pdf',
      marks,
      ...(paper ? { paper } : {}),
      ...(year ? { year } : {}),
      ...(registration ? { registration } : {}),
    },
  };
}

/**
 * Before the year's results are out: when the candidate can add theirs (the results day is in the exam's year), and
 * whether that day is GATE's or a guess.
 */
export function opensOnText({ day, scheduled }: { day: string; scheduled: boolean }): string {
  const year = day.slice(0, 4);
  const when = scheduled ? `on ${dayText(day)}` : `around ${dayText(day)} (GATE has not announced the day yet)`;
  return `GATE ${year} results are due ${when}. Come back then to add your All India Rank and GATE score and see how the prediction did.`;
}
