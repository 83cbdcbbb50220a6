import Dexie, { type EntityTable } from 'dexie';
import type { ScorecardData } from './scorecard/types';

/**
 * The app's IndexedDB database. Each table arrives with a schema version: a later feature adds its table by declaring
 * the next version with only the new store (Dexie keeps the tables of earlier versions).
 */

/** A scorecard kept on this device so it opens again offline. */
export interface SavedScorecard {
  /** The server's resultId (one per candidate and paper), so re-checking the same sheet replaces, never duplicates. */
  id: string;
  savedAt: number;
  testPaper: string;
  totalMarks: number;
  candidateName?: string;
  candidateId?: string;
  /** Kept so a `/scorecard?link=…` address opens the copy on the device before asking the server. */
  link?: string;
  data: ScorecardData;
}

/**
 * An admin answer-key save waiting to reach the server. The service worker flushes it on Background Sync
 * and cannot read sessionStorage, so the entry carries its own Authorization header; it is deleted once answered.
 */
export interface AnswerOutboxEntry {
  /** Client operation id: the server applies each id once. */
  opId: string;
  questionId: string;
  longId: string;
  answerKey: string;
  /** When the admin saved it (ms); the server keeps the newest save of a question. */
  clientTime: number;
  authorization: string;
  attempts: number;
  lastError?: string;
}

export class HireGateDatabase extends Dexie {
  scorecards!: EntityTable<SavedScorecard, 'id'>;
  outbox!: EntityTable<AnswerOutboxEntry, 'opId'>;

  constructor(name = 'hiregate') {
    super(name);
    this.version(1).stores({ scorecards: 'id, savedAt, link' });
    this.version(2).stores({ outbox: 'opId, questionId, clientTime' });
  }
}

export const db = new HireGateDatabase();

export function scorecardId(data: ScorecardData, link?: string): string {
  return data.resultId || `${data.testPaper}:${data.candidate?.id ?? link ?? 'unknown'}`;
}

export async function saveScorecard(data: ScorecardData, link?: string): Promise<SavedScorecard> {
  const record: SavedScorecard = {
    id: scorecardId(data, link),
    savedAt: Date.now(),
    testPaper: data.testPaper,
    totalMarks: Number(data.totalScore['Total Marks']) || 0,
    candidateName: data.candidate?.name,
    candidateId: data.candidate?.id,
    link: link ?? data.link,
    data,
  };
  await db.scorecards.put(record);
  return record;
}

/** Newest first. */
export function listScorecards(): Promise<SavedScorecard[]> {
  return db.scorecards.orderBy('savedAt').reverse().toArray();
}

export function getScorecard(id: string): Promise<SavedScorecard | undefined> {
  return db.scorecards.get(id);
}

export async function findScorecardByLink(link: string): Promise<SavedScorecard | undefined> {
  const matches = await db.scorecards.where('link').equals(link.trim()).sortBy('savedAt');
  return matches.at(-1);
}

export async function deleteScorecard(id: string): Promise<void> {
  await db.scorecards.delete(id);
}

export async function clearScorecards(): Promise<void> {
  await db.scorecards.clear();
}
