import type { KeyVersionStamp, ScorecardQuestion, ScoringRules, SectionsOutcome, TotalScore } from '../../domain/gate';
import type { PaperPrediction } from '../../domain/gate/paper-prediction';
import type { Prediction } from '../../domain/gate/rank/predict';

/**
 * The scorecard as the checker API returns it and as the browser keeps it: in
 * localStorage under `scorecardData` (the hand-over to a new tab), in navigation state, and in IndexedDB.
 */

/**
 * The rank model's prediction. Scorecards saved earlier may carry only normMarks, score and estimatedRank, and when the
 * model has no data for a paper the API sends score and estimatedRank as null with its warnings.
 */
export type PredictionData = { [Field in keyof Prediction]?: Prediction[Field] | null } & PaperPredictionFields;

/**
 * What a prediction for a paper without marks→rank data adds (paper-prediction.ts): every score input with where it
 * comes from, and how the rank was made or why there is no field rank.
 */
export type PaperPredictionFields = Partial<
  Pick<PaperPrediction, 'rankedAs' | 'scoreKind' | 'paperScore' | 'rankBasis' | 'rankMethod'>
>;

export interface ScorecardData {
  response: ScorecardQuestion[];
  totalScore: TotalScore;
  /** How MTA ('marks to all') questions were scored; absent on scorecards from before the engine reported it. */
  scoringRules?: ScoringRules;
  /** On a paper whose candidates choose sections: which count, how that was decided, each section's marks. */
  sections?: SectionsOutcome;
  prediction_data?: PredictionData;
  resultId?: string;
  testPaper: string;
  /** The stored paper that scored it (its id and the name the app shows); absent on scorecards saved before. */
  paper?: { id: string; name: string };
  candidate?: { id?: string; name?: string };
  /** The answer-key version the marks come from; absent on scorecards saved before the API named it. */
  keyVersion?: KeyVersionStamp;
  /** The response-sheet link the scorecard came from, when known (not sent by the API; added by this app). */
  link?: string;
  /** Opened by an administrator (View Scorecard): the page shows none of the candidate's own controls. */
  openedByAdmin?: true;
}
