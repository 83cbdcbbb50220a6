import { ApiError, apiRequest } from './api';
import type { ScorecardData } from './scorecard-types';
import { noteSavedScorecards } from './db-presence';

export const SCORECARD_STORAGE_KEY = 'scorecardData';

export function isScorecardData(value: unknown): value is ScorecardData {
  const data = value as ScorecardData | null;
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray(data.response) &&
    typeof data.totalScore === 'object' &&
    data.totalScore !== null &&
    typeof data.testPaper === 'string'
  );
}

/** Spec §8: an unparsable stored scorecard is only logged. */
export function readStoredScorecard(storage: Storage = localStorage): ScorecardData | undefined {
  const raw = storage.getItem(SCORECARD_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isScorecardData(parsed)) return parsed;
    console.warn('Stored scorecard data has an unexpected shape');
  } catch (error) {
    console.warn('Stored scorecard data is not valid JSON', error);
  }
  return undefined;
}

export function writeStoredScorecard(data: ScorecardData, storage: Storage = localStorage): void {
  storage.setItem(SCORECARD_STORAGE_KEY, JSON.stringify(data));
}

/**
 * Saves a scorecard in IndexedDB (Dexie loads here, off the first paint), flagging first that this browser has one
 * (db-presence.ts). db.ts cannot set the flag itself: the service worker imports it and has no localStorage.
 */
export async function saveOnDevice(data: ScorecardData): Promise<void> {
  // Before the write: a flag without a scorecard only costs a look in IndexedDB, a scorecard without the flag is missed.
  noteSavedScorecards();
  const { saveScorecard } = await import('./db');
  await saveScorecard(data);
}

/**
 * Hands a fresh scorecard to the tab about to open (localStorage, spec §4) and keeps it in IndexedDB so it opens
 * again offline. Dexie loads only here, off the first paint; a device without IndexedDB still gets its scorecard.
 */
export async function keepScorecard(data: ScorecardData, link?: string): Promise<ScorecardData> {
  const kept = link ? { ...data, link: link.trim() } : data;
  writeStoredScorecard(kept);
  try {
    await saveOnDevice(kept);
  } catch (error) {
    console.warn('Could not keep the scorecard on this device', error);
  }
  return kept;
}

/* The score calls of spec §7: the checker modal and the scorecard page (opened with link and email) share them. */

export const VERIFY_EMAIL_MESSAGE = 'Please Verify Your Email';
export type ScoreOutcome = { kind: 'scorecard'; data: ScorecardData } | { kind: 'verify-email' };

interface ScoreResponse extends Partial<ScorecardData> {
  message?: string;
}

const asksForVerification = (message: unknown) => typeof message === 'string' && message.includes(VERIFY_EMAIL_MESSAGE);

/** Spec §8: 'Please Verify Your Email' may come in a success or an error body. */
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
}

export function requestScore({ link, testPaper, email }: ScoreRequest): Promise<ScoreOutcome> {
  return scoreFrom(() =>
    apiRequest<ScoreResponse>('/api/data/generate-response', {
      method: 'POST',
      body: { link, ...(testPaper ? { testPaper } : {}), ...(email ? { email } : {}) },
    }),
  );
}

/**
 * The saved response-sheet page, for when the portal blocks our server or is down. `link` is optional: it ties the
 * upload to an e-mail verified for that link.
 */
export function uploadResponseSheet(
  html: string,
  { testPaper, email, link }: { testPaper: string; email?: string; link?: string },
): Promise<ScoreOutcome> {
  const query = new URLSearchParams({ testPaper, ...(email ? { email } : {}), ...(link ? { link } : {}) });
  return scoreFrom(() =>
    apiRequest<ScoreResponse>(`/api/data/upload-response?${query}`, {
      method: 'POST',
      body: html,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  );
}
