import type { CollectionSpec, DocumentCollection } from './collection';
import type { AccessRevocationDoc } from './repositories/access-revocations';
import type { AlertMailDoc } from './repositories/alert-mails';
import type { JobDoc } from './repositories/jobs';
import type { KeyVersionDoc } from './repositories/key-versions';
import type { LeanMeasurementDoc } from './repositories/lean-measurements';
import type { MailDoc } from './repositories/mail-outbox';
import type { OfficialReportDoc } from './repositories/official-reports';
import type { PaperDoc } from './repositories/papers';
import type { QuestionDoc } from './repositories/questions';
import type { ResetTokenDoc } from './repositories/reset-tokens';
import type { MarksChangeDoc, ResultDoc } from './repositories/results';
import type { ScoreAlertDoc } from './repositories/score-alerts';
import type { StoreIdentityDoc } from './repositories/store-identity';
import type { UserDoc } from './repositories/users';
import type { VerificationDoc } from './repositories/verifications';

export interface Collections {
  users: DocumentCollection<UserDoc>;
  resetTokens: DocumentCollection<ResetTokenDoc>;
  verifications: DocumentCollection<VerificationDoc>;
  papers: DocumentCollection<PaperDoc>;
  questions: DocumentCollection<QuestionDoc>;
  results: DocumentCollection<ResultDoc>;
  marksChanges: DocumentCollection<MarksChangeDoc>;
  mail: DocumentCollection<MailDoc>;
  jobs: DocumentCollection<JobDoc>;
  keyVersions: DocumentCollection<KeyVersionDoc>;
  scoreAlerts: DocumentCollection<ScoreAlertDoc>;
  alertMails: DocumentCollection<AlertMailDoc>;
  officialReports: DocumentCollection<OfficialReportDoc>;
  leanMeasurements: DocumentCollection<LeanMeasurementDoc>;
  identity: DocumentCollection<StoreIdentityDoc>;
  accessRevocations: DocumentCollection<AccessRevocationDoc>;
}

/**
 * Results an older HireGate wrote (filed by link, before papers had an identity) lack a resultKey: this one cannot
 * file them, so it refuses to start on them, saying what to do, rather than failing on the unique index.
 */
export const OLDER_RESULTS = { resultKey: { $exists: false } } as const;

export const olderDataMessage = (where: string) =>
  `${where} holds results written by an older HireGate (0.1, which filed results by link). Start on an empty ` +
  'database or data folder, or move the old one aside: see docs/operations.md, "Upgrading".';

/** Collection names (MongoDB) / datafile names (embedded) and the indexes both create at start. */
export const SCHEMA: Record<keyof Collections, CollectionSpec> = {
  users: { name: 'users', indexes: [{ keys: { email: 1 }, unique: true }] },
  resetTokens: { name: 'reset_tokens', indexes: [{ keys: { expiresAt: 1 } }] },
  // Ids are `<link hash> <e-mail>`: one per pair, looked up by id; an erasure removes an address's.
  verifications: { name: 'verifications', indexes: [{ keys: { email: 1 } }] },
  // A paper per id; a handful in all, listed whole.
  papers: { name: 'papers', indexes: [] },
  questions: {
    name: 'questions',
    indexes: [{ keys: { paperId: 1, long_id: 1 }, unique: true }, { keys: { long_id: 1 } }],
    // Until November 2026 the paper id was called paperSet.
    retiredIndexes: [{ keys: { paperSet: 1, long_id: 1 }, unique: true }],
    renamedFields: { paperSet: 'paperId' },
  },
  results: {
    name: 'results',
    indexes: [
      // One result per paper and candidate id of a fetched sheet, or per upload identity (checker's resultKeyOf).
      { keys: { resultKey: 1 }, unique: true },
      // listByPaper and idsScoredBelow walk a paper's results for re-scoring.
      { keys: { paperId: 1, _id: 1 } },
      { keys: { createdAt: -1 } },
      // View Results of one paper, newest first.
      { keys: { paperId: 1, createdAt: -1 } },
      // Re-scoring's compare-and-set `{_id, keyVersion}`. MongoDB would use _id alone; mongo-java-server (the test
      // server) uses an index only for a query naming exactly its fields, and scans a million results otherwise.
      { keys: { _id: 1, keyVersion: 1 }, unique: true },
      // confirmUploads: a candidate's uploads of a paper, confirmed when its portal link gives the same responses.
      { keys: { candidateId: 1, paperId: 1 } },
      // An erasure ("Forget me") finds an address's results.
      { keys: { email: 1 } },
    ],
    retiredIndexes: [
      // Until 0.2 a fetched result was one per link and test paper, so `…html?dup=1` made another result.
      { keys: { linkHash: 1, set: 1 }, unique: true },
      { keys: { set: 1, _id: 1 } },
      // Until 0.1 a result was one per (candidateId, set), so an edited upload could take over another's result.
      { keys: { candidateId: 1, set: 1 }, unique: true },
      // Ranks were once counted in the store, and snapshots looked for results changed since their last look: both
      // come from the marks snapshots and marks_changes now.
      { keys: { set: 1, normMarks: -1 } },
      { keys: { set: 1, updatedAt: 1 } },
    ],
  },
  // What fetched results' marks became, per paper and time: a few minutes of them (MARKS_CHANGES_KEPT_MS).
  marksChanges: {
    name: 'marks_changes',
    indexes: [{ keys: { paperId: 1, at: 1 } }, { keys: { at: 1 } }],
    retiredIndexes: [{ keys: { set: 1, at: 1 } }],
  },
  mail: { name: 'mail_outbox', indexes: [{ keys: { createdAt: -1 } }] },
  // One document per paper (its _id); a handful in all, so no index beyond _id.
  jobs: { name: 'jobs', indexes: [] },
  // Ids are `<paper id>@<version>`; the newest version of a paper is what scorecards name.
  keyVersions: {
    name: 'key_versions',
    indexes: [{ keys: { paperId: 1, version: -1 } }],
    retiredIndexes: [{ keys: { paperSet: 1, version: -1 } }],
    renamedFields: { paperSet: 'paperId' },
  },
  // Ids are `<result id>.<address hash>` (alertIdOf); planning a version's mails reads a paper's alerts that are on.
  // An erasure finds an address's alerts, and the alerts on its results.
  scoreAlerts: {
    name: 'score_alerts',
    indexes: [{ keys: { paperId: 1, active: 1 } }, { keys: { email: 1 } }, { keys: { resultId: 1 } }],
    retiredIndexes: [{ keys: { paperSet: 1, active: 1 } }],
    renamedFields: { paperSet: 'paperId' },
  },
  // Senders take what is due; a newer version's mail drops an alert's older waiting ones.
  alertMails: {
    name: 'score_alert_mails',
    indexes: [{ keys: { state: 1, nextAttemptAt: 1 } }, { keys: { alertId: 1 } }],
    retiredIndexes: [{ keys: { resultId: 1 } }],
  },
  // Ids are the result's id, one report per result; the rank lane and the lean read a year's reports.
  officialReports: { name: 'official_reports', indexes: [{ keys: { year: 1 } }] },
  // Ids are `<paper> <year>` (CS 2025): one measurement per paper and year, a handful in all, listed whole.
  leanMeasurements: { name: 'lean_measurements', indexes: [] },
  // One document: which database this is (api/store/store-watch.ts).
  identity: { name: 'store_identity', indexes: [] },
  // Ids name a device or an address digest (api/access/scorecard-access.ts); expired ones are dropped by `until`.
  accessRevocations: { name: 'access_revocations', indexes: [{ keys: { until: 1 } }] },
};
