import { accessToken, ApiError, apiRequest } from '../api';
import { isScorecardData } from './device';
import { sectionsFor } from './section-choice';
import type { ScorecardData } from './types';

/* The score API calls: the checker modal and the scorecard page (opened with link and email) share them. */

export const VERIFY_EMAIL_MESSAGE = 'Please Verify Your Email';
export type ScoreOutcome = { kind: 'scorecard'; data: ScorecardData } | { kind: 'verify-email' };

interface ScoreResponse extends Partial<ScorecardData> {
  message?: string;
}

const asksForVerification = (message: unknown) => typeof message === 'string' && message.includes(VERIFY_EMAIL_MESSAGE);

/** 'Please Verify Your Email' may come in a success or an error body. */
async function scoreFrom(call: () => Promise<ScoreResponse>): Promise<ScoreOutcome> {
  let body: ScoreResponse;
  try {
    body = await call();
  } catch (error) {
    if (error instanceof ApiError && asksForVerification(error.message)) return { kind: 'verify-email' };
    throw error;
  }
  if (asksForVerification(body.message)) return { kind: 'verify-email' };
  const { message: _message, ...data } = body;
  if (!isScorecardData(data)) throw new ApiError(200, body.message ?? '', body);
  return { kind: 'scorecard', data };
}

export interface ScoreRequest {
  link: string;
  /** Always sent by the modal; a `/scorecard?link&email` address may not carry it. */
  testPaper?: string;
  email?: string;
  /** The key version the candidate was told of (a refresh after a key change): the answer uses at least it. */
  minKeyVersion?: number;
  /** The sections the candidate chose on a paper with parts ('B,C'); else those this device remembers for the link. */
  sections?: string;
}

/**
 * A score request carries this device's verified address (its access token) when it holds one, and the sections its
 * candidate said they chose on this sheet.
 */
export function requestScore({ link, testPaper, email, minKeyVersion, sections }: ScoreRequest): Promise<ScoreOutcome> {
  return scoreFrom(() =>
    apiRequest<ScoreResponse>('/api/data/generate-response', {
      method: 'POST',
      // JSON leaves out what is undefined: a field not given is not sent.
      body: {
        link,
        testPaper: testPaper || undefined,
        email: email || undefined,
        access: accessToken(),
        minKeyVersion,
        sections: sections || sectionsFor(link)?.join(','),
      },
    }),
  );
}

/**
 * The saved response-sheet page, for when the portal blocks our server or is down. `link` is optional: it ties the
 * upload to an e-mail verified for that link.
 */
export function uploadResponseSheet(
  html: string,
  { testPaper, email, link, sections }: { testPaper: string; email?: string; link?: string; sections?: string },
): Promise<ScoreOutcome> {
  const access = accessToken();
  const query = new URLSearchParams({
    testPaper,
    ...(email ? { email } : {}),
    ...(link ? { link } : {}),
    ...(access ? { access } : {}),
    ...(sections ? { sections } : {}),
  });
  return scoreFrom(() =>
    apiRequest<ScoreResponse>(`/api/data/upload-response?${query}`, {
      method: 'POST',
      body: html,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  );
}
