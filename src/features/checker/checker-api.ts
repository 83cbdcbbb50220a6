import { apiRequest } from '../../lib/api';

/** The verification calls of spec §7 (the score calls live in lib/scorecard-data, shared with the scorecard page). */

export const ALREADY_VERIFIED_MESSAGE = 'Link is already verified.';

export async function sendVerification(link: string, email: string): Promise<{ alreadyVerified: boolean }> {
  const { message } = await apiRequest<{ message?: string }>('/api/data/send-verification', {
    method: 'POST',
    body: { link, email },
  });
  return { alreadyVerified: message === ALREADY_VERIFIED_MESSAGE };
}

/** Every query parameter of the verification address goes through, the token included. */
export async function verifyEmail(search: URLSearchParams): Promise<{ alreadyVerified: boolean }> {
  const { message } = await apiRequest<{ message?: string }>(`/api/data/verify?${search}`);
  return { alreadyVerified: message === ALREADY_VERIFIED_MESSAGE };
}

/** The scorecard address the verification flow opens: link and email URL-encoded (spec §2), plus the paper. */
export function scorecardAddress(params: { link: string; email: string; testPaper?: string }): string {
  const query = new URLSearchParams({ link: params.link, email: params.email });
  if (params.testPaper) query.set('testPaper', params.testPaper);
  return `/scorecard?${query}`;
}
