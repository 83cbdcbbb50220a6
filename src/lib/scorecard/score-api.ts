import { accessToken, api, ApiError } from '../api';
import { isScorecardData } from './device';
import { sectionsFor } from './section-choice';
import type { ScorecardData } from './types';

/* The score API calls: the checker modal, the verify page and the scorecard page share them. */

/**
 * A scorecard, or the server asking for a verified e-mail first: for the link, or (`upload`, the stored page's id)
 * for a saved page the candidate uploaded.
 */
export type ScoreOutcome = { kind: 'scorecard'; data: ScorecardData } | { kind: 'verify-email'; upload?: string };

interface ScoreResponse extends Partial<ScorecardData> {
  message?: string;
}

/** The server's answer that a verified e-mail is needed: its code, never its wording. */
function verificationAsked(error: unknown): ScoreOutcome | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VERIFICATION_REQUIRED') return undefined;
  const { upload } = (error.body ?? {}) as { upload?: unknown };
  return { kind: 'verify-email', ...(typeof upload === 'string' ? { upload } : {}) };
}

async function scoreFrom(call: () => Promise<ScoreResponse>): Promise<ScoreOutcome> {
  let body: ScoreResponse;
  try {
    body = await call();
  } catch (error) {
    const asked = verificationAsked(error);
    if (asked) return asked;
    throw error;
  }
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
    api.call('checkScore', {
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
  // The address leaves out what is undefined: a field not given is not sent.
  const query = {
    testPaper,
    email: email || undefined,
    link: link || undefined,
    access: accessToken(),
    sections: sections || undefined,
  };
  return scoreFrom(() =>
    api.call('uploadResponse', {
      query,
      body: html,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  );
}

/**
 * A stored result's scorecard (the server scores what it stored: an uploaded page, or a sheet fetched before), for
 * this device's verified address; `minKeyVersion` as for requestScore.
 */
export function storedScorecard(resultId: string, minKeyVersion?: number): Promise<ScoreOutcome> {
  return scoreFrom(() =>
    api.call('scorecard', {
      body: { resultId, access: accessToken(), minKeyVersion },
    }),
  );
}

/** The address of a scorecard: its result's id, nothing of the candidate. */
export const scorecardAddress = (resultId: string) => `/scorecard?${new URLSearchParams({ id: resultId })}`;
