import { api } from '../../lib/api';
import type { AdminCredentials } from '../../lib/admin-session';
import type { AdminResult } from './results/result-list';
import type {
  AccessRevokedAnswer,
  AdminStatsAnswer,
  DisputeAppliedAnswer,
  DisputesAnswer,
  ImportKeyAnswer,
  KeyVersionComparisonAnswer,
  KeyVersionsAnswer,
  OfficialResultModeratedAnswer,
  OfficialResultReviewAnswer,
  QuestionAnswer,
} from '../../contract';

/** The admin API calls plus the admin-only extras (import-key, stats); all carry Basic auth. */

export type QuestionType = QuestionAnswer['type'];

/** A question as the API answers it; `answerKeySaved` is this screen's own: the key was saved from here. */
export type AdminQuestion = QuestionAnswer & { answerKeySaved?: boolean };

export type AllPapers = Record<string, AdminQuestion[]>;

/**
 * A stored paper with its state, as the dashboard's figures list it; figures kept on this device by an older version
 * of the app may lack its results count.
 */
export type AdminPaper = Omit<AdminStatsAnswer['papers'][number], 'results'> & { results?: number };

/** The dashboard's figures; those kept by an older version of the app may lack the papers and official results. */
export type AdminStats = Omit<AdminStatsAnswer, 'papers' | 'officialResults'> & {
  papers?: AdminPaper[];
  officialResults?: OfficialResultsAccuracy;
};

/** Official results candidates added, and how the predictions did against them (docs/official-results.md). */
export type OfficialResultsAccuracy = AdminStatsAnswer['officialResults'];

/** A master sheet filed: its paper's questions, and what the server did in words ('This is …, already here …'). */
export interface ProcessedPaper {
  questions: AdminQuestion[];
  message: string;
}

export async function processPaper(credentials: AdminCredentials, link: string): Promise<ProcessedPaper> {
  const body = await api.call('processPaper', { body: { link }, basic: credentials });
  return { questions: body.data.data, message: body.data.message };
}

export async function fetchAllPapers(credentials: AdminCredentials): Promise<AllPapers> {
  return api.call('allPapers', { basic: credentials });
}

export async function fetchResults(credentials: AdminCredentials): Promise<AdminResult[]> {
  return api.call('allResults', { basic: credentials });
}

export async function fetchAdminStats(credentials: AdminCredentials): Promise<AdminStats> {
  return api.call('adminStats', { basic: credentials });
}

/** A whole key for a paper; `label` names the key version it makes ('provisional', 'final' or the admin's). */
export async function importAnswerKey(
  credentials: AdminCredentials,
  paperId: string,
  key: { keys: Record<string, string>; marks?: Record<string, number> } | { rows: string },
  label?: string,
): Promise<ImportKeyAnswer> {
  return api.call('importKey', {
    body: { paperId, ...key, ...(label ? { label } : {}) },
    basic: credentials,
  });
}

/** The paper's key versions, newest first. */
export async function fetchKeyVersions(
  credentials: AdminCredentials,
  paperId: string,
): Promise<KeyVersionsAnswer['versions']> {
  const body = await api.call('keyVersions', { query: { paperId }, basic: credentials });
  return body.versions;
}

/** Two key versions of a paper compared: each question's key change, and the stored results scored under both. */
export function fetchKeyVersionComparison(
  credentials: AdminCredentials,
  paperId: string,
  from: number,
  to: number,
): Promise<KeyVersionComparisonAnswer> {
  return api.call('compareKeyVersions', { query: { paperId, from, to }, basic: credentials });
}

/** A paper's disputed answers: where its strongest trusted candidates agree on an answer the key does not give. */
export function fetchPaperDisputes(credentials: AdminCredentials, paperId: string): Promise<DisputesAnswer> {
  return api.call('paperDisputes', { query: { paperId }, basic: credentials });
}

/**
 * Keys a disputed question to the strong candidates' answer. `keyVersion` is the version the list was found under:
 * the server refuses (409) a key that moved since, or an answer its rule no longer backs.
 */
export function applyDispute(
  credentials: AdminCredentials,
  paperId: string,
  dispute: { questionId: string; answer: string },
  keyVersion: number,
): Promise<DisputeAppliedAnswer> {
  return api.call('applyDispute', {
    body: { paperId, questionId: dispute.questionId, answer: dispute.answer, keyVersion },
    basic: credentials,
  });
}

/** Every official result added for a GATE year, with its standing, and each ranked paper's consensus. */
export function fetchOfficialResultsReview(
  credentials: AdminCredentials,
  year: number,
): Promise<OfficialResultReviewAnswer> {
  return api.call('officialResultReview', { query: { year }, basic: credentials });
}

/** Quarantines a report (out of every candidate's fit) or restores it, with the reason the moderation log keeps. */
export function moderateOfficialResult(
  credentials: AdminCredentials,
  resultId: string,
  action: 'quarantine' | 'restore',
  reason: string,
): Promise<OfficialResultModeratedAnswer> {
  const operation = action === 'quarantine' ? 'quarantineOfficialResult' : 'restoreOfficialResult';
  return api.call(operation, { params: { resultId }, body: { reason }, basic: credentials });
}

/** Revokes every device token issued to this address until now, on every instance. */
export function revokeAccess(credentials: AdminCredentials, email: string): Promise<AccessRevokedAnswer> {
  return api.call('revokeAccess', { body: { email }, basic: credentials });
}

/** What the checker API answers an admin: the scorecard object, or a message such as 'Please Verify Your Email'. */
export interface ScorecardAnswer {
  message?: string;
  response?: unknown[];
  [field: string]: unknown;
}

export async function generateScorecard(credentials: AdminCredentials, result: AdminResult): Promise<ScorecardAnswer> {
  return api.call('checkScore', {
    // An uploaded page's result has no link: the server then answers why it cannot score it.
    body: { link: result.link ?? '', testPaper: result.set },
    basic: credentials,
  });
}
