import { accessToken, ApiError, apiRequest } from '../../lib/api';

/** The verification API calls (the score calls live in lib/scorecard/score-api.ts, shared with the scorecard page). */

export const ALREADY_VERIFIED_MESSAGE = 'Link is already verified.';

export type SendOutcome = { alreadyVerified: true } | { alreadyVerified: false; resendAfterSeconds: number };

/** 'Already verified' only when this device holds the proof of this address: another device gets a mail of its own. */
export async function sendVerification(link: string, email: string): Promise<SendOutcome> {
  const { message, resendAfterSeconds } = await apiRequest<{ message?: string; resendAfterSeconds?: number }>(
    '/api/data/send-verification',
    { method: 'POST', body: { link, email, access: accessToken() } },
  );
  if (message === ALREADY_VERIFIED_MESSAGE) return { alreadyVerified: true };
  return { alreadyVerified: false, resendAfterSeconds: resendAfterSeconds ?? 0 };
}

/** The seconds a refused send says to wait before the next mail for this link and address, if that was the refusal. */
export function resendWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const seconds = (error.body as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** The scorecard address the verification flow opens: link and email URL-encoded, plus the paper. */
export function scorecardAddress(params: { link: string; email: string; testPaper?: string }): string {
  const query = new URLSearchParams({ link: params.link, email: params.email });
  if (params.testPaper) query.set('testPaper', params.testPaper);
  return `/scorecard?${query}`;
}
