import { ApiError } from '../../../lib/api';
import { isScorecardData } from '../../../lib/scorecard/device';
import { type ScoreOutcome, type ScoreRequest } from '../../../lib/scorecard/score-api';
import type { ScorecardData } from '../../../lib/scorecard/types';

/**
 * Where the scorecard page finds its data: navigation state (the checker's hand-over, or the verify page's link to
 * check), then the address's result id (`id`, or `saved` from the device's list) on this device and then from the
 * API, then localStorage `scorecardData` and IndexedDB. An address from before scorecards were named by id (`link`
 * and `email`) still opens. An address that names a scorecard wins over a stored one for another sheet, so a
 * verification redirect never shows a stale scorecard.
 */

export type ScorecardSource = 'navigation' | 'localStorage' | 'indexedDB' | 'api';

export interface FoundScorecard {
  data: ScorecardData;
  source: ScorecardSource;
}

export interface ScorecardSources {
  navigationState: unknown;
  search: URLSearchParams;
  readStored: () => ScorecardData | undefined;
  savedById: (id: string) => Promise<ScorecardData | undefined>;
  savedByLink: (link: string) => Promise<ScorecardData | undefined>;
  latestSaved: () => Promise<ScorecardData | undefined>;
  requestScore: (request: ScoreRequest) => Promise<ScoreOutcome>;
  storedScorecard: (resultId: string) => Promise<ScoreOutcome>;
}

export class VerificationNeededError extends Error {
  constructor() {
    super('Please verify your email first.');
  }
}

/**
 * The longest the page shows its loading view (use-scorecard.ts). The server answers within its response-sheet fetch
 * timeout (FETCH_TIMEOUT_MS, 10 s by default, then 504); past this limit the candidate gets 'no response' and a retry
 * instead, and a scorecard that still arrives replaces the message.
 */
export const SCORECARD_WAIT_LIMIT_MS = 20_000;

/**
 * Why the page shows a message instead of a scorecard, so no wait is without an end: nothing to show, the link's
 * e-mail is not verified, the device is offline with nothing saved, the server did not answer (or not within
 * SCORECARD_WAIT_LIMIT_MS, use-scorecard.ts), or the server refused with a message of its own.
 */
export type ScorecardProblem =
  | { kind: 'no-scorecard' }
  | { kind: 'verify-email' }
  | { kind: 'offline' }
  | { kind: 'no-response' }
  | { kind: 'failed'; message: string };

/** The problem behind a failed search; `online` is navigator.onLine, which tells an offline device from a silent server. */
export function scorecardProblem(error: unknown, online: boolean): ScorecardProblem {
  if (error instanceof VerificationNeededError) return { kind: 'verify-email' };
  if (error instanceof ApiError && error.status === 0) return { kind: online ? 'no-response' : 'offline' };
  return { kind: 'failed', message: (error as Error | undefined)?.message || 'An error occurred' };
}

const found = (source: ScorecardSource) => (data: ScorecardData | undefined) => (data ? { data, source } : undefined);

function fromNavigation(state: unknown): ScorecardData | undefined {
  const candidate = (state as { scorecardData?: unknown } | null | undefined)?.scorecardData;
  return isScorecardData(candidate) ? candidate : undefined;
}

/** The link the verify page hands over to be checked now that this device verified an address for it. */
function linkToCheck(state: unknown): ScoreRequest | undefined {
  const check = (state as { checkLink?: { link?: unknown; testPaper?: unknown } } | null | undefined)?.checkLink;
  if (typeof check?.link !== 'string' || !check.link) return undefined;
  return { link: check.link, testPaper: typeof check.testPaper === 'string' ? check.testPaper : undefined };
}

/** A score call's scorecard from the API; asked to verify instead, the page says so. */
async function fromApi(outcome: Promise<ScoreOutcome>, link?: string): Promise<FoundScorecard> {
  const answer = await outcome;
  if (answer.kind === 'verify-email') throw new VerificationNeededError();
  return { data: link ? { ...answer.data, link } : answer.data, source: 'api' };
}

export async function findScorecard(sources: ScorecardSources): Promise<FoundScorecard | undefined> {
  const navigated = fromNavigation(sources.navigationState);
  if (navigated) return { data: navigated, source: 'navigation' };
  const toCheck = linkToCheck(sources.navigationState);
  if (toCheck) return fromApi(sources.requestScore(toCheck), toCheck.link);

  const stored = sources.readStored();
  const id = sources.search.get('id') ?? sources.search.get('saved');
  if (id) {
    if (stored?.resultId === id) return { data: stored, source: 'localStorage' };
    const saved = await sources.savedById(id);
    if (saved) return { data: saved, source: 'indexedDB' };
    return sources.search.has('id') ? fromApi(sources.storedScorecard(id)) : undefined;
  }

  const link = sources.search.get('link')?.trim();
  if (!link) {
    return found('localStorage')(stored) ?? found('indexedDB')(await sources.latestSaved());
  }
  if (stored && stored.link === link) return { data: stored, source: 'localStorage' };
  const saved = await sources.savedByLink(link);
  if (saved) return { data: saved, source: 'indexedDB' };

  const email = sources.search.get('email')?.trim();
  if (!email) return undefined;
  return fromApi(sources.requestScore({ link, testPaper: sources.search.get('testPaper') ?? undefined }), link);
}
