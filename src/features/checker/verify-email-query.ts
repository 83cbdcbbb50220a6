import { queryOptions } from '@tanstack/react-query';
import { apiRequest, rememberAccessToken } from '../../lib/api';
import { ALREADY_VERIFIED_MESSAGE } from './checker-api';
import { WAIT_LIMITS_MS, WAIT_MESSAGES, within } from './waits';

/** The verify page's own calls: in its chunk, not the checker's (the home route carries the checker's). */

export interface VerificationParams {
  link: string;
  email: string;
  token: string;
}

/** The parameters of the mailed /verify-email address (each may be missing), and the paper when one was given. */
export function verificationParams(search: string): Partial<VerificationParams> & { testPaper?: string } {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() || undefined;
  return { link: read('link'), email: read('email'), token: read('token'), testPaper: read('testPaper') };
}

/** Verifies the mailed link, and keeps on this device the proof of the address it gives back. */
export async function verifyEmail({ link, email, token }: VerificationParams): Promise<{ alreadyVerified: boolean }> {
  const query = new URLSearchParams({ link, email, token });
  const { message, access } = await apiRequest<{ message?: string; access?: string }>(`/api/data/verify?${query}`);
  if (access) rememberAccessToken(access);
  return { alreadyVerified: message === ALREADY_VERIFIED_MESSAGE };
}

/**
 * The verification of a mailed link, once per token: not retried, never stale, kept for the session. Its own module
 * so the score modal, which uses checker-api.ts, does not bring react-query with it.
 */
export const verifyEmailQuery = ({ link, email, token }: Partial<VerificationParams>) =>
  queryOptions({
    queryKey: ['verify-email', link, email, token] as const,
    queryFn: () =>
      link && email && token
        ? within(() => verifyEmail({ link, email, token }), WAIT_LIMITS_MS.verify, {
            offline: WAIT_MESSAGES.offlineVerify,
            timeout: WAIT_MESSAGES.verifyTimeout,
          })
        : Promise.reject(new Error('Missing verification parameters')),
    enabled: Boolean(link && email && token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
