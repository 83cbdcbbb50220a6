import { ApiError } from '../../lib/api';
import { isScorecardData } from '../../lib/scorecard/device';
import { type ScoreOutcome, type ScoreRequest } from '../../lib/scorecard/score-api';
import type { ScorecardData } from '../../lib/scorecard/types';

/**
 * Where the scorecard page finds its data: navigation state, then localStorage `scorecardData`,
 * then IndexedDB, then, with link and email in the address, the API. An address that names a scorecard (`saved`,
 * or `link`) wins over a stored one for another sheet, so a verification redirect never shows a stale scorecard.
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

export async function findScorecard(sources: ScorecardSources): Promise<FoundScorecard | undefined> {
  const navigated = fromNavigation(sources.navigationState);
  if (navigated) return { data: navigated, source: 'navigation' };

  const savedId = sources.search.get('saved');
  if (savedId) return found('indexedDB')(await sources.savedById(savedId));

  const link = sources.search.get('link')?.trim();
  const stored = sources.readStored();
  if (!link) {
    return found('localStorage')(stored) ?? found('indexedDB')(await sources.latestSaved());
  }
  if (stored && stored.link === link) return { data: stored, source: 'localStorage' };
  const saved = await sources.savedByLink(link);
  if (saved) return { data: saved, source: 'indexedDB' };

  const email = sources.search.get('email')?.trim();
  if (!email) return undefined;
  const outcome = await sources.requestScore({
    link,
    email,
    testPaper: sources.search.get('testPaper') ?? undefined,
  });
  if (outcome.kind === 'verify-email') throw new VerificationNeededError();
  return { data: { ...outcome.data, link }, source: 'api' };
}
