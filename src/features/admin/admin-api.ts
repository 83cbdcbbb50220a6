import { apiRequest } from '../../lib/api';
import type { AdminCredentials } from '../../lib/admin-session';
import type { AdminResult } from './results/result-list';
import type { RescoreStatus } from '../../domain/gate/rescore-status';
import type { KeyVersionComparison, KeyVersionEntry, KeyVersionStamp, PaperSections } from '../../domain/gate';

/** The admin API calls plus the admin-only extras (import-key, stats); all carry Basic auth. */

export type QuestionType = 'MCQ' | 'MSQ' | 'NAT';

export interface AdminQuestion {
  _id: string;
  long_id: string;
  short_id?: string;
  /** The paper's name. */
  name?: string;
  /** The id of the paper the server filed the question under, e.g. 'CS1-2026'. */
  paperSet?: string;
  /** A QuestionType, or whatever else the server sends. */
  type?: string;
  marks?: number;
  question?: string;
  options?: Record<string, string>;
  /** On a paper whose candidates choose sections: the question's section ('A', 'B1'). */
  section?: string;
  answerKey?: string;
  /** Client-side only: the key was saved from this screen. */
  answerKeySaved?: boolean;
}

export type PaperSets = Record<string, AdminQuestion[]>;

/** A stored paper with its state: live (it scores candidates) or what it waits for. */
export interface AdminPaper {
  id: string;
  /** The one name the app shows for the paper, e.g. 'GATE 2026 CS 1' or 'GATE 2026 CS 1 (demo)'. */
  name: string;
  demo: boolean;
  retired: boolean;
  live: boolean;
  /** Questions with a key, and all of them. */
  keyed: number;
  questions: number;
  /** Its stored results, uploads too; absent from figures kept by an older version of the app. */
  results?: number;
  /** On a paper whose candidates choose sections: its sections, and their rule in words. */
  sections?: PaperSections;
  sectionRule?: string;
}

export interface AdminStats {
  paperSets: number;
  results: number;
  rescoring: RescoreStatus[];
  /** Absent from figures kept by an older version of the app. */
  papers?: AdminPaper[];
  /** Official results candidates added, and how the predictions did against them (docs/official-results.md). */
  officialResults?: OfficialResultsAccuracy;
}

export interface OfficialResultsAccuracy {
  reports: number;
  medianRatioError: number | null;
  /** The share of official AIRs inside their predicted range, 0–1. */
  insideRange: number | null;
}

export interface ImportKeyReport {
  paperSet: string;
  applied: number;
  unchanged: number;
  unknown: string[];
  /** The key version the import made; null when it changed no key. */
  keyVersion: KeyVersionStamp | null;
}

/** A master sheet filed: its paper's questions, and what the server did in words ('This is …, already here …'). */
export interface ProcessedPaper {
  questions: AdminQuestion[];
  message: string;
}

export async function processPaper(credentials: AdminCredentials, link: string): Promise<ProcessedPaper> {
  const body = await apiRequest<{ data: { data: AdminQuestion[]; message?: string } }>('/api/data/process', {
    method: 'POST',
    body: { link },
    basic: credentials,
  });
  return { questions: body.data.data, message: body.data.message ?? '' };
}

export async function fetchPaperSets(credentials: AdminCredentials): Promise<PaperSets> {
  return apiRequest<PaperSets>('/api/data/all-question-paper', { basic: credentials });
}

export async function fetchResults(credentials: AdminCredentials): Promise<AdminResult[]> {
  return apiRequest<AdminResult[]>('/api/data/get-all-results', { basic: credentials });
}

export async function fetchAdminStats(credentials: AdminCredentials): Promise<AdminStats> {
  return apiRequest<AdminStats>('/api/data/admin-stats', { basic: credentials });
}

/** A whole key for a paper set; `label` names the key version it makes ('provisional', 'final' or the admin's). */
export async function importAnswerKey(
  credentials: AdminCredentials,
  paperSet: string,
  key: { keys: Record<string, string>; marks?: Record<string, number> } | { rows: string },
  label?: string,
): Promise<ImportKeyReport> {
  const body = await apiRequest<{ data: ImportKeyReport }>('/api/data/import-key', {
    method: 'POST',
    body: { paperSet, ...key, ...(label ? { label } : {}) },
    basic: credentials,
  });
  return body.data;
}

/** The paper's key versions, newest first. */
export async function fetchKeyVersions(credentials: AdminCredentials, paperSet: string): Promise<KeyVersionEntry[]> {
  const body = await apiRequest<{ versions: KeyVersionEntry[] }>(
    `/api/data/key-versions?${new URLSearchParams({ paperSet })}`,
    { basic: credentials },
  );
  return body.versions;
}

/** Two key versions of a paper compared: each question's key change, and the stored results scored under both. */
export function fetchKeyVersionComparison(
  credentials: AdminCredentials,
  paperSet: string,
  from: number,
  to: number,
): Promise<KeyVersionComparison> {
  const query = new URLSearchParams({ paperSet, from: String(from), to: String(to) });
  return apiRequest<KeyVersionComparison>(`/api/data/key-versions/compare?${query}`, { basic: credentials });
}

/** What the checker API answers an admin: the scorecard object, or a message such as 'Please Verify Your Email'. */
export interface ScorecardAnswer {
  message?: string;
  response?: unknown[];
  [field: string]: unknown;
}

export async function generateScorecard(credentials: AdminCredentials, result: AdminResult): Promise<ScorecardAnswer> {
  return apiRequest<ScorecardAnswer>('/api/data/generate-response', {
    method: 'POST',
    body: { link: result.link, testPaper: result.set },
    basic: credentials,
  });
}
