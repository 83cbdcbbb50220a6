import { accessToken, api, ApiError } from '../../lib/api';

/** The verification API calls (the score calls live in lib/scorecard/score-api.ts, shared with the scorecard page). */

/** What a verification mail is for: the sheet behind a link (with the paper chosen), or an uploaded page's id. */
export type VerificationSubject = { link: string; testPaper?: string } | { upload: string };

export type SendOutcome = { alreadyVerified: true } | { alreadyVerified: false; resendAfterSeconds: number };

/** 'Already verified' only when this device holds the proof of this address: another device gets a mail of its own. */
export async function sendVerification(subject: VerificationSubject, email: string): Promise<SendOutcome> {
  const answer = await api.call('sendVerification', { body: { ...subject, email, access: accessToken() } });
  if (answer.code === 'ALREADY_VERIFIED') return { alreadyVerified: true };
  return { alreadyVerified: false, resendAfterSeconds: answer.resendAfterSeconds ?? 0 };
}

/** The seconds a refused send says to wait before the next mail for this subject and address, if that was the refusal. */
export function resendWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'RESEND_TOO_SOON') return undefined;
  const seconds = (error.body as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}
