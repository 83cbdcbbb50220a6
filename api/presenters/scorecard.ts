import type { KeyVersionStamp, Scorecard, TestPaper } from '../../src/domain/gate';
import type { MissingPrediction, PredictionData } from '../crowd/crowd';
import type { PaperPrediction } from '../../src/domain/gate/paper-prediction';

/** What a scorecard says of normalised marks, score and rank: the rank model's, or any paper's (paper-prediction). */
export type ScorecardPrediction = PredictionData | MissingPrediction | PaperPrediction;

export const SCORECARD_READY = 'Scorecard generated successfully';

/** The checker's answer: the engine's scorecard with the paper, the candidate, the prediction and the result's id. */
export interface CheckerScorecard extends Scorecard {
  candidate: { id: string; name: string };
  prediction_data: ScorecardPrediction;
  resultId: string;
  /** The stored paper that scored it: its id and the name the app shows for it. */
  paper: { id: string; name: string };
  /** The answer-key version the marks come from. */
  keyVersion: KeyVersionStamp;
}

export function presentScorecard(
  scorecard: Scorecard & { candidate: { id: string; name: string } },
  checked: {
    testPaper: TestPaper;
    paper: { id: string; name: string };
    prediction: ScorecardPrediction;
    resultId: string;
    keyVersion: KeyVersionStamp;
  },
): CheckerScorecard {
  const { candidate, ...card } = scorecard;
  return {
    ...card,
    testPaper: checked.testPaper,
    candidate: { id: candidate.id, name: candidate.name },
    prediction_data: checked.prediction,
    resultId: checked.resultId,
    paper: checked.paper,
    keyVersion: checked.keyVersion,
  };
}

/**
 * A scorecard is ~50 KB of JSON: serialised once per scorecard object (the checker hands out the same object for
 * repeat checks) into a buffer, so Koa need not measure a string to send it.
 */
const serialisedScorecards = new WeakMap<CheckerScorecard, Buffer>();

export function serialisedScorecard(scorecard: CheckerScorecard): Buffer {
  let json = serialisedScorecards.get(scorecard);
  if (!json) {
    json = Buffer.from(JSON.stringify({ message: SCORECARD_READY, ...scorecard }));
    serialisedScorecards.set(scorecard, json);
  }
  return json;
}
