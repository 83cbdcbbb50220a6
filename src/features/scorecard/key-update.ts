import { changedQuestions, type ChangedQuestion, type KeyVersionStamp } from '../../domain/gate';
import { keepScorecard } from '../../lib/scorecard/device';
import { requestScore, type ScoreOutcome } from '../../lib/scorecard/score-api';
import type { ScorecardData } from '../../lib/scorecard/types';
import { scorecardProblem, VerificationNeededError } from './load-scorecard';

/**
 * A saved scorecard against the paper's current answer key: whether to offer a refresh, the refresh itself, and what
 * a failed refresh tells the candidate. No React here, so it is tested in node.
 */

/** A scorecard that can be scored again: the response-sheet link it came from is known. */
export type RefreshableScorecard = ScorecardData & { link: string };

export type KeyUpdateOffer =
  /** The paper has a newer key than the one the scorecard's marks came from. */
  | { kind: 'newer'; current: KeyVersionStamp }
  /** Saved before scorecards named their key: whether it is current cannot be told, so a refresh is offered. */
  | { kind: 'unnamed' };

/** What to offer for a scorecard, given the paper's current key version (undefined until the server answers). */
export function keyUpdateOffer(data: ScorecardData, current: KeyVersionStamp | undefined): KeyUpdateOffer | null {
  if (!data.link) return null;
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
 * How long a server instance may go on scoring with a paper's previous key after it changed (it keeps a paper it read
 * for the server's PAPER_TTL_MS, 3 s), with a margin.
 */
export const KEY_REACHES_EVERY_INSTANCE_MS = 3_500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The saved link scored again. A refresh in the seconds after a key change can meet an instance that still scores
 * with the key before; asked once more after that time, the candidate gets the key they were offered.
 */
export async function scoreUnderKey(
  saved: RefreshableScorecard,
  current: KeyVersionStamp | undefined,
  { score = requestScore, wait = delay } = {},
): Promise<ScoreOutcome> {
  const request = { link: saved.link, testPaper: saved.testPaper };
  const outcome = await score(request);
  const older = (data: ScorecardData) => current !== undefined && (data.keyVersion?.version ?? 0) < current.version;
  if (outcome.kind !== 'scorecard' || !older(outcome.data)) return outcome;
  await wait(KEY_REACHES_EVERY_INSTANCE_MS);
  return score(request);
}

/**
 * Scores the saved link again under the current key (`current`, when the offer named it) and keeps the new scorecard
 * on the device in place of the old.
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
