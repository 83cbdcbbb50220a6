import type { KeyVersionStamp, Scorecard, TestPaper } from '../../src/domain/gate';
import type { ScorecardAnswer, ScorecardPrediction } from '../../src/contract';

export type { ScorecardPrediction };

export const SCORECARD_READY = 'Scorecard generated successfully';

/**
 * The checker's answer before its message: the engine's scorecard with the paper, the candidate, the prediction and
 * the result's id.
 */
export type CheckerScorecard = Omit<ScorecardAnswer, 'message'>;

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
