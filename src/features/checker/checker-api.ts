import { ApiError, apiRequest } from '../../lib/api';

/** The verification API calls (the score calls live in lib/scorecard/score-api.ts, shared with the scorecard page). */

export const ALREADY_VERIFIED_MESSAGE = 'Link is already verified.';

export type SendOutcome = { alreadyVerified: true } | { alreadyVerified: false; resendAfterSeconds: number };

export async function sendVerification(link: string, email: string): Promise<SendOutcome> {
  const { message, resendAfterSeconds } = await apiRequest<{ message?: string; resendAfterSeconds?: number }>(
    '/api/data/send-verification',
    { method: 'POST', body: { link, email } },
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

export async function verifyEmail({ link, email, token }: VerificationParams): Promise<{ alreadyVerified: boolean }> {
  const query = new URLSearchParams({ link, email, token });
  const { message } = await apiRequest<{ message?: string }>(`/api/data/verify?${query}`);
  return { alreadyVerified: message === ALREADY_VERIFIED_MESSAGE };
}

/** The scorecard address the verification flow opens: link and email URL-encoded, plus the paper. */
export function scorecardAddress(params: { link: string; email: string; testPaper?: string }): string {
  const query = new URLSearchParams({ link: params.link, email: params.email });
  if (params.testPaper) query.set('testPaper', params.testPaper);
  return `/scorecard?${query}`;
}
