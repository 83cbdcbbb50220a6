import { ApiError } from '../../lib/api';

/**
 * Every wait of the checker ends: in the answer, or after at most these times in a message that says what to do next
 * (docs/behaviour.md). The server gives up fetching a sheet after
 * FETCH_TIMEOUT_MS (10 s by default), so a score has well over that to arrive.
 */
export const WAIT_LIMITS_MS = { retrieve: 30_000, send: 20_000, verify: 15_000 } as const;

export const WAIT_MESSAGES = {
  offline:
    'Your device is offline. Connect to the internet and try again; scorecards you opened before are under "Saved on this device".',
  offlineVerify: 'Your device is offline. Connect to the internet, then open the link from the e-mail again.',
  retrieveTimeout:
    'No scorecard after 30 seconds: the GATE portal or our server is slow right now. Try again in a minute, or upload the saved response-sheet page instead.',
  sendTimeout:
    'Sending the verification e-mail took longer than 20 seconds. Wait a minute and check your inbox; if nothing arrives, send the link again.',
  verifyTimeout:
    'Verification did not finish within 15 seconds. Check your connection, then open the link from the e-mail again.',
} as const;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Runs a request unless the device is offline, and stops waiting for it after `limitMs`. A request that failed
 * without an answer (ApiError status 0) while the device went offline says so, not "No response from server".
 */
export async function within<T>(
  request: () => Promise<T>,
  limitMs: number,
  messages: { offline: string; timeout: string },
): Promise<T> {
  if (isOffline()) throw new Error(messages.offline);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(messages.timeout)), limitMs);
  });
  try {
    return await Promise.race([request(), deadline]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0 && isOffline())
      throw new Error(messages.offline, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
