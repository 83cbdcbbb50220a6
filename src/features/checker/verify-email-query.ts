import { queryOptions } from '@tanstack/react-query';
import { verifyEmail, type VerificationParams } from './checker-api';
import { WAIT_LIMITS_MS, WAIT_MESSAGES, within } from './waits';

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
