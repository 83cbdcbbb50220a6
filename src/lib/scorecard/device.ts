import type { ScorecardData } from './types';
import { noteSavedScorecards } from '../db-presence';

/**
 * The scorecard on this device, shared by the checker (which hands a fresh one to the scorecard's tab), the scorecard
 * page (which reads it back) and the admin area (which opens a candidate's): localStorage for the hand-over, IndexedDB
 * to open it again offline.
 */

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

/** An unparsable stored scorecard is only logged. */
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
  const { saveScorecard } = await import('../db');
  await saveScorecard(data);
}

/**
 * Hands a fresh scorecard to the tab about to open (through localStorage) and keeps it in IndexedDB so it opens
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
