import type { CollectionSpec, DocumentCollection } from './collection';
import type { AlertMailDoc } from './repositories/alert-mails';
import type { JobDoc } from './repositories/jobs';
import type { KeyVersionDoc } from './repositories/key-versions';
import type { MailDoc } from './repositories/mail-outbox';
import type { QuestionDoc } from './repositories/questions';
import type { ResetTokenDoc } from './repositories/reset-tokens';
import type { ResultDoc } from './repositories/results';
import type { ScoreAlertDoc } from './repositories/score-alerts';
import type { UserDoc } from './repositories/users';
import type { VerificationDoc } from './repositories/verifications';

export interface Collections {
  users: DocumentCollection<UserDoc>;
  resetTokens: DocumentCollection<ResetTokenDoc>;
  verifications: DocumentCollection<VerificationDoc>;
  questions: DocumentCollection<QuestionDoc>;
  results: DocumentCollection<ResultDoc>;
  mail: DocumentCollection<MailDoc>;
  jobs: DocumentCollection<JobDoc>;
  keyVersions: DocumentCollection<KeyVersionDoc>;
  scoreAlerts: DocumentCollection<ScoreAlertDoc>;
  alertMails: DocumentCollection<AlertMailDoc>;
}

/** Collection names (MongoDB) / datafile names (embedded) and the indexes both create at start. */
export const SCHEMA: Record<keyof Collections, CollectionSpec> = {
  users: { name: 'users', indexes: [{ keys: { email: 1 }, unique: true }] },
  resetTokens: { name: 'reset_tokens', indexes: [{ keys: { expiresAt: 1 } }] },
  verifications: { name: 'verifications', indexes: [] },
  questions: {
    name: 'questions',
    indexes: [{ keys: { paperSet: 1, long_id: 1 }, unique: true }, { keys: { long_id: 1 } }],
  },
  results: {
    name: 'results',
    indexes: [
      // One result per link (or upload identity) and paper; a candidate id alone is whatever a page says.
      { keys: { linkHash: 1, set: 1 }, unique: true },
      // rankOf counts the results of a set above a mark: a range scan on this index.
      { keys: { set: 1, normMarks: -1 } },
      // listBySet walks a set in id order for re-scoring.
      { keys: { set: 1, _id: 1 } },
      { keys: { createdAt: -1 } },
      // Marks snapshots fetch what changed since their last look (marksOfSet with changedSince).
      { keys: { set: 1, updatedAt: 1 } },
    ],
    // Until 0.1 a result was one per (candidateId, set), so an edited upload could take over another's result.
    retiredIndexes: [{ keys: { candidateId: 1, set: 1 }, unique: true }],
  },
  mail: { name: 'mail_outbox', indexes: [{ keys: { createdAt: -1 } }] },
  // One document per paper set (its _id); a handful in all, so no index beyond _id.
  jobs: { name: 'jobs', indexes: [] },
  // Ids are `<paper set>@<version>`; the newest version of a paper is what scorecards name.
  keyVersions: { name: 'key_versions', indexes: [{ keys: { paperSet: 1, version: -1 } }] },
  // Ids are result ids; planning a version's mails reads a paper's alerts that are on.
  scoreAlerts: { name: 'score_alerts', indexes: [{ keys: { paperSet: 1, active: 1 } }] },
  // Senders take what is due; a newer version's mail drops a result's older waiting ones.
  alertMails: {
    name: 'score_alert_mails',
    indexes: [{ keys: { state: 1, nextAttemptAt: 1 } }, { keys: { resultId: 1, state: 1 } }],
  },
};
