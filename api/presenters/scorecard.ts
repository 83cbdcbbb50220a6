import type { KeyVersionStamp, Scorecard, TestPaper } from '../../src/domain/gate';
import type { ScorecardAnswer, ScorecardPrediction } from '../../src/contract';
import type { ResultProvenance } from '../../src/domain/gate/result-provenance';

export type { ScorecardPrediction };

export const SCORECARD_READY = 'Scorecard generated successfully';

/**
 * A sheet or a stored result scored, as the checker gives it: the engine's scorecard with the candidate, and what the
 * answer adds to it (the paper, the prediction, the result's id and the key version). The checker hands out the same
 * object for a repeated check, so its answer is shaped and serialised once. `provenance`: where the stored result's
 * responses came from (result-provenance.ts).
 */
export interface CheckedScorecard {
  scorecard: Scorecard & { candidate: { id: string; name: string } };
  testPaper: TestPaper;
  paper: { id: string; name: string };
  prediction: ScorecardPrediction;
  resultId: string;
  keyVersion: KeyVersionStamp;
  provenance: ResultProvenance;
}

/** The scorecard answer (generate-response, upload-response, scorecard), in the spec's shape. */
export function presentScorecard(checked: CheckedScorecard): ScorecardAnswer {
  const { candidate, ...card } = checked.scorecard;
  return {
    message: SCORECARD_READY,
    ...card,
    testPaper: checked.testPaper,
    candidate: { id: candidate.id, name: candidate.name },
    prediction_data: checked.prediction,
    resultId: checked.resultId,
    paper: checked.paper,
    keyVersion: checked.keyVersion,
    provenance: checked.provenance,
  };
}

/**
 * A scorecard is ~50 KB of JSON: presented and serialised once per checked scorecard into a buffer, so a repeated
 * check costs neither again and Koa need not measure a string to send it.
 */
const serialisedScorecards = new WeakMap<CheckedScorecard, Buffer>();

export function serialisedScorecard(checked: CheckedScorecard): Buffer {
  let json = serialisedScorecards.get(checked);
  if (!json) {
    json = Buffer.from(JSON.stringify(presentScorecard(checked)));
    serialisedScorecards.set(checked, json);
  }
  return json;
}
