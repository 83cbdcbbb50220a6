import type { ScorecardAnswer } from '../../contract';
import type { PaperPrediction } from '../../domain/gate/paper-prediction';
import type { Prediction } from '../../domain/gate/rank/prediction/predict';

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

/**
 * The API's scorecard (src/contract), as kept on this device: scorecards saved by earlier versions may lack what the
 * API added since (scoring rules, sections, result id, paper, key version, provenance) and carry an older prediction,
 * and this app adds the link it came from and whether an administrator opened it.
 */
export interface ScorecardData
  extends
    Pick<ScorecardAnswer, 'response' | 'totalScore' | 'testPaper'>,
    Partial<Pick<ScorecardAnswer, 'scoringRules' | 'sections' | 'resultId' | 'paper' | 'keyVersion' | 'provenance'>> {
  prediction_data?: PredictionData;
  candidate?: { id?: string; name?: string };
  /** The response-sheet link the scorecard came from, when known (not sent by the API; added by this app). */
  link?: string;
  /** Opened by an administrator (View Scorecard): the page shows none of the candidate's own controls. */
  openedByAdmin?: true;
}
