import { changedQuestions, type ChangedQuestion, type KeyVersionStamp } from '../../../domain/gate';
import { keepScorecard } from '../../../lib/scorecard/device';
import { storedScorecard, type ScoreOutcome } from '../../../lib/scorecard/score-api';
import type { ScorecardData } from '../../../lib/scorecard/types';
import { scorecardProblem, VerificationNeededError } from '../loading/load-scorecard';

/**
 * A saved scorecard against the paper's current answer key: whether to offer a refresh, the refresh itself, and what
 * a failed refresh tells the candidate. No React here, so it is tested in node.
 */

/**
 * A scorecard that can be scored again: its result is stored on the server (a fetched sheet's or an uploaded page's),
 * which scores the stored responses under the current key without asking the portal.
 */
export type RefreshableScorecard = ScorecardData & { resultId: string };

export const isRefreshable = (data: ScorecardData): data is RefreshableScorecard => Boolean(data.resultId);

export type KeyUpdateOffer =
  /** The paper has a newer key than the one the scorecard's marks came from. */
  | { kind: 'newer'; current: KeyVersionStamp }
  /** Saved before scorecards named their key: whether it is current cannot be told, so a refresh is offered. */
  | { kind: 'unnamed' };

/** What to offer for a scorecard, given the paper's current key version (undefined until the server answers). */
export function keyUpdateOffer(data: ScorecardData, current: KeyVersionStamp | undefined): KeyUpdateOffer | null {
  if (!isRefreshable(data)) return null;
  if (!data.keyVersion) return { kind: 'unnamed' };
  return current && current.version > data.keyVersion.version ? { kind: 'newer', current } : null;
}

export interface RefreshedScorecard {
  before: ScorecardData;
  data: ScorecardData;
  /** The questions whose key or marks differ between the two, in the paper's order. */
  changes: ChangedQuestion[];
}

/**
 * The stored result scored again. After a key change the offer names the new version, and the request asks for at
 * least it (minKeyVersion): every server instance then answers with that key or a newer one, whatever it had in memory.
 */
export function scoreUnderKey(
  saved: RefreshableScorecard,
  current: KeyVersionStamp | undefined,
  { score = storedScorecard } = {},
): Promise<ScoreOutcome> {
  return score(saved.resultId, current?.version);
}

/**
 * Scores the stored result again under the current key (`current`, when the offer named it) and keeps the new
 * scorecard on the device in place of the old.
 */
export async function refreshScorecard(
  saved: RefreshableScorecard,
  current?: KeyVersionStamp,
): Promise<RefreshedScorecard> {
  const outcome = await scoreUnderKey(saved, current);
  if (outcome.kind === 'verify-email') throw new VerificationNeededError();
  const data = await keepScorecard(outcome.data, saved.link);
  return { before: saved, data, changes: changedQuestions(saved.response, data.response) };
}

const KEPT = 'This saved scorecard stays as it is.';
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Why a refresh failed, ending with the saved scorecard left shown; `toChecker` when the checker is the next step. */
export function refreshProblem(error: unknown, online: boolean): { text: string; toChecker?: boolean } {
  const problem = scorecardProblem(error, online);
  switch (problem.kind) {
    case 'verify-email':
      return {
        text: `Verify your e-mail for this response sheet first: ask for a new verification link in the checker. ${KEPT}`,
        toChecker: true,
      };
    case 'offline':
      return { text: `Your device is offline. Refresh again when you are back online. ${KEPT}` };
    case 'no-response':
      return { text: `No response from server. Please try again. ${KEPT}` };
    default:
      return { text: `${sentence(problem.kind === 'failed' ? problem.message : 'An error occurred')} ${KEPT}` };
  }
}
