import { queryOptions } from '@tanstack/react-query';
import { api, rememberAccessToken } from '../../lib/api';
import { announceVerified } from './verified-elsewhere';
import { WAIT_LIMITS_MS, WAIT_MESSAGES, within } from './waits';

/** The verify page's own calls: in its chunk, not the checker's (the home route carries the checker's). */

/**
 * Where the verified scorecard is: a stored result (an uploaded page: its id), or the sheet behind a link, asked for
 * with the paper chosen when the mail was sent.
 */
export type VerifiedScorecard = { resultId: string } | { link: string; testPaper?: string };

export interface Verified {
  alreadyVerified: boolean;
  scorecard: VerifiedScorecard;
}

/** The mailed /verify-email address's one parameter: the sealed token (no e-mail, no link). */
export function verificationToken(search: string): string | undefined {
  return new URLSearchParams(search).get('token')?.trim() || undefined;
}

/**
 * Verifies the mailed link, keeps on this device the proof of the address it gives back, and tells this browser's
 * other tabs (the one on "Check your inbox" goes on by itself).
 */
export async function verifyEmail(token: string): Promise<Verified> {
  const answer = await api.call('verify', { query: { token } });
  rememberAccessToken(answer.access);
  announceVerified();
  const scorecard = answer.resultId
    ? { resultId: answer.resultId }
    : { link: answer.link ?? '', testPaper: answer.testPaper };
  return { alreadyVerified: answer.code === 'ALREADY_VERIFIED', scorecard };
}

/**
 * The verification of a mailed link, once per token: not retried, never stale, kept for the session. Its own module
 * so the score modal, which uses checker-api.ts, does not bring react-query with it.
 */
export const verifyEmailQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['verify-email', token] as const,
    queryFn: () =>
      token
        ? within(() => verifyEmail(token), WAIT_LIMITS_MS.verify, {
            offline: WAIT_MESSAGES.offlineVerify,
            timeout: WAIT_MESSAGES.verifyTimeout,
          })
        : Promise.reject(new Error('Missing verification parameters')),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
