import Dexie, { type EntityTable } from 'dexie';
import type { DisputesAnswer } from '../contract/dispute-answers';
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

/**
 * The last answer a saved scorecard's "Disputed answers" part got from the server, so the scorecard shows it offline.
 * Kept apart from the scorecard, by its result id: the answer may arrive before the scorecard's own save, and a
 * refreshed scorecard replaces its record.
 */
export interface KeptDisputes {
  resultId: string;
  /** When this device got the answer (ms). */
  keptAt: number;
  answer: DisputesAnswer;
}

export class HireGateDatabase extends Dexie {
  scorecards!: EntityTable<SavedScorecard, 'id'>;
  outbox!: EntityTable<AnswerOutboxEntry, 'opId'>;
  disputes!: EntityTable<KeptDisputes, 'resultId'>;

  constructor(name = 'hiregate') {
    super(name);
    this.version(1).stores({ scorecards: 'id, savedAt, link' });
    this.version(2).stores({ outbox: 'opId, questionId, clientTime' });
    this.version(3).stores({ disputes: 'resultId' });
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

/** A scorecard goes with what was kept beside it. */
export async function deleteScorecard(id: string): Promise<void> {
  await db.transaction('rw', db.scorecards, db.disputes, async () => {
    await db.scorecards.delete(id);
    await db.disputes.delete(id);
  });
}

export async function clearScorecards(): Promise<void> {
  await db.transaction('rw', db.scorecards, db.disputes, async () => {
    await db.scorecards.clear();
    await db.disputes.clear();
  });
}

/** Keeps a scorecard's disputes in place of those kept before, stamped with when this device got them. */
export async function keepDisputes(resultId: string, answer: DisputesAnswer): Promise<void> {
  await db.disputes.put({ resultId, keptAt: Date.now(), answer });
}

export function keptDisputes(resultId: string): Promise<KeptDisputes | undefined> {
  return db.disputes.get(resultId);
}
