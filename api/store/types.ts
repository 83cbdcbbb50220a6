import type { KeyVersionSource } from '../../src/domain/gate/key-changes';
import type { LeanMeasurement } from '../../src/domain/gate/rank/crowd/lean-measurement';
import type { PaperIdentity } from '../../src/domain/gate/paper-identity';
import type { PaperSections } from '../../src/domain/gate/sections';
import type { QuestionType } from '../../src/domain/gate/types';
import type { ResultProvenance } from '../../src/domain/gate/result-provenance';
import type { ReporterIdentity } from '../../src/domain/gate/rank/official-results/report-consensus';
import type { LimiterFactory } from './limit-counts';

/**
 * The storage port: one repository per aggregate, implemented once over a MongoDB-like collection
 * (see collection.ts) and run on MongoDB or on embedded nedb files. Ids are strings, dates are Dates.
 */

/** A unique index refused a write: an e-mail taken, a paper question or a result that already exists. */
export class DuplicateError extends Error {
  constructor(readonly collection: string) {
    super(`A record with the same unique key already exists in ${collection}.`);
    this.name = 'DuplicateError';
  }
}

export { StoreUnavailableError } from './store-unavailable';

// ---- users ----------------------------------------------------------------------------------------------------

export type UserType = 'user' | 'admin';

export interface NewUser {
  /** Stored lower-cased and trimmed; unique. */
  email: string;
  firstName: string;
  passwordHash: string;
  userType: UserType;
}

export interface User extends NewUser {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserRepository {
  /** @throws DuplicateError when the e-mail (in any letter case) is taken. */
  create(user: NewUser): Promise<User>;
  findByEmail(email: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  /** @returns false when no such user. */
  updatePassword(id: string, passwordHash: string): Promise<boolean>;
  /** @returns false when no such user. */
  setUserType(id: string, userType: UserType): Promise<boolean>;
}

// ---- password reset tokens --------------------------------------------------------------------------------------

export interface NewResetToken {
  /** A hash of the token (never the token itself). */
  tokenHash: string;
  userId: string;
  expiresAt: Date;
}

export interface ResetTokenRepository {
  create(token: NewResetToken): Promise<void>;
  /** Uses the token up: the first call before expiry gets the user id, every other call gets null. */
  consume(tokenHash: string, now?: Date): Promise<string | null>;
}

// ---- e-mail verifications of response-sheet links -----------------------------------------------------------

/**
 * A verification belongs to a (link, e-mail) pair: every address that proves it received the mail for a link may see
 * that link's scorecard, and no address takes a link from another.
 */
export interface VerificationRepository {
  /** Records that this address verified this link; a repeat changes nothing and says so. */
  markVerified(linkHash: string, email: string, now?: Date): Promise<{ alreadyVerified: boolean }>;
  isVerified(linkHash: string, email: string): Promise<boolean>;
}

// ---- papers -------------------------------------------------------------------------------------------------------

/** A paper as created: its id, the identity its sheets name, whether it is the demo's, and its display name. */
export interface NewPaper extends PaperIdentity {
  /** Stable and opaque: what questions, key versions, results, jobs and alerts file themselves under. */
  id: string;
  demo: boolean;
  /** The name shown (paperName of the identity, '(demo)' added for the demo's); nothing reads it back. */
  label: string;
  /**
   * On a paper whose candidates choose sections (AR, GE, GG, XE, XL, XH): its sections and how many optional ones
   * count, as the engine built them from the catalogue. Absent on papers without parts.
   */
  sections?: PaperSections;
}

export interface Paper extends NewPaper {
  /** The key version checks score with: the newest one recorded in full (key_versions) and published. */
  keyVersion: number;
  /** Key version numbers handed out so far; a change takes the next one, so no number is given twice. */
  keyVersionsIssued: number;
  /** A demo paper an administrator stood down for the real paper of its identity: it scores nothing any more. */
  retired: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaperRepository {
  /**
   * @param firstKeyVersion where the paper's key versions start (a paper keyed before papers were recorded goes on
   * from its questions' count). @throws DuplicateError when a paper has this id.
   */
  create(paper: NewPaper, firstKeyVersion?: number): Promise<Paper>;
  findById(id: string): Promise<Paper | null>;
  /** Every paper, oldest first. */
  list(): Promise<Paper[]>;
  /** Takes the next key version number of the paper (never the same for two callers). */
  issueKeyVersion(id: string): Promise<number>;
  /** Makes `version` the paper's key version, unless a newer one is already. @returns false when no such paper. */
  publishKeyVersion(id: string, version: number): Promise<boolean>;
  setRetired(id: string, retired: boolean): Promise<boolean>;
  /** Records the sections of a choice paper stored before it had them. @returns false when no such paper. */
  setSections(id: string, sections: PaperSections): Promise<boolean>;
}

// ---- question papers --------------------------------------------------------------------------------------------

export type { QuestionType } from '../../src/domain/gate/types';

/** A question as the engine builds it from a master sheet (the spec's admin question, without key fields). */
export interface PaperQuestion {
  long_id: string;
  /** Master question number; papers list in this order. */
  short_id: number;
  /** Paper name. */
  name: string;
  type: QuestionType;
  marks: number;
  /** Stem image URL. */
  question: string;
  /** Master option letter → image URL. */
  options: Record<string, string>;
  /**
   * On a choice paper: the question's section ('GA', 'A', 'B1'…). With it, section and short_id name the question (GG
   * numbers Part B1 and Part B2 alike); master order is the sections' order, then the numbers.
   */
  section?: string;
}

export interface Question extends PaperQuestion {
  id: string;
  paperId: string;
  /** Spec format: `B`, `A;C`, `12.5`, `2.95:3.05`, `MTA`. Absent until an admin sets it. */
  answerKey?: string;
  /** Starts at 0, +1 per applied key change. */
  keyVersion: number;
  /** Client time of the applied key save (server time when the client gave none). */
  keyUpdatedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface KeySaveOptions {
  /** Client operation id: the same id is applied at most once. */
  opId?: string;
  /** When the admin saved it; a save older than the stored key is ignored. */
  clientTime?: Date;
}

export interface KeySave {
  outcome: 'applied' | 'duplicate' | 'stale';
  /** The question as stored after the call. */
  question: Question;
}

export interface QuestionRepository {
  /**
   * Inserts or updates each question by (paperId, long_id), keeping the answer keys of questions already stored.
   * @returns the paper as stored, in master order.
   */
  upsertPaper(paperId: string, questions: PaperQuestion[]): Promise<Question[]>;
  /** One paper in master order (numeric short_id). */
  listByPaperId(paperId: string): Promise<Question[]>;
  /** Paper set → its questions in master order. */
  listAll(): Promise<Record<string, Question[]>>;
  findById(id: string): Promise<Question | null>;
  /** Stored questions with these long ids, from any paper (tells which paper a sheet belongs to). */
  findByLongIds(longIds: string[]): Promise<Question[]>;
  countPapers(): Promise<number>;
  /** Idempotent, newest-wins key save. @returns null when no such question. */
  setAnswerKey(id: string, answerKey: string, options?: KeySaveOptions): Promise<KeySave | null>;
}

// ---- results ----------------------------------------------------------------------------------------------------

/** What scoring a sheet produces; re-scoring replaces these. */
export interface ResultScores {
  totalMarks: number;
  finalMarks: number;
  negativeMarks: number;
  attempts: number;
  incorrectAttempts: number;
  normMarks: number;
  /** The paper's key version (Paper.keyVersion) these marks were computed with. */
  keyVersion: number;
  scoredAt: Date;
}

export interface ResultInput extends ResultScores {
  candidateId: string;
  name: string;
  email?: string;
  /** The test paper, e.g. `CS 1`. */
  set: string;
  /** The stored paper that scores it: its questions, keys, ranks and re-scoring. */
  paperId: string;
  isVerified: boolean;
  /**
   * What identifies the result (unique): a fetched sheet is one result per paper and candidate id, however its link
   * is written; an uploaded page has a key in the upload namespace (see checker-service's resultKeyOf).
   */
  resultKey: string;
  /** The response-sheet link, only while it is needed to re-open the scorecard (fetched sheets only). */
  link?: string;
  /**
   * The sheet came as an uploaded page, which anyone can edit: kept apart from fetched results (its own identity)
   * and out of the crowd that ranks and predictions count.
   */
  uploaded?: true;
  /** An uploaded page whose portal link later gave the same responses (confirmUploads): provenance `confirmed`. */
  confirmed?: true;
  /** long_id → response in master letters (or the NAT number); '' or absent when not answered. */
  responses: Record<string, string>;
  /** long_id → the sheet's status where the response alone does not tell it ('Marked For Review', …). */
  statuses?: Record<string, string>;
  /** Exam session of multi-session papers (for normalisation). */
  session?: string;
  /**
   * On a choice paper whose sheet did not settle the choice: the optional sections the candidate said they chose, so
   * re-scoring counts the same sections. Absent when the answers settle it (they settle it again on every re-scoring).
   */
  chosenSections?: string[];
  /** The paper as ranked when a choice is ranked apart (GG1, GG2); absent when it is the paper's own code. */
  rankedAs?: string;
}

export interface Result extends ResultInput {
  id: string;
  /** From the first upsert; later upserts keep it. */
  createdAt: Date;
  updatedAt: Date;
}

/** A result without its response vector: what lists show. */
export type ResultSummary = Omit<Result, 'responses'>;

export interface ResultPage {
  limit?: number;
  skip?: number;
  /** Only this paper's results. */
  paperId?: string;
}

export interface ResultBatchOptions {
  /** Continue after this id (ids ascend within a batch run). */
  afterId?: string;
  limit: number;
  /** Only results scored with an older key version (restartable re-scoring). */
  keyVersionBelow?: number;
}

/**
 * How long the marks changes of results are kept (marksChangedSince): a reader must look at least this often, less
 * the clock difference between instances, or read every result again.
 */
export const MARKS_CHANGES_KEPT_MS = 2 * 60_000;

/** A fetched result's marks as crowd statistics count them. */
export interface SetMarks {
  id: string;
  normMarks: number;
  totalMarks: number;
}

/** New scores for one stored result (a re-scoring batch is a list of these). */
export interface ScoresUpdate {
  id: string;
  scores: Partial<ResultScores>;
}

export interface ResultRepository {
  /**
   * One result per resultKey: inserts, or replaces the scores, responses and name keeping id and createdAt.
   * Optional fields left out are removed from the stored result. The owner (email, isVerified) only ever moves up:
   * a verified owner is kept whoever checks again; an unverified one gives way to a verified one; an e-mail is
   * added where there was none. A fetched result's marks go to the marks changes (marksChangedSince).
   */
  upsert(result: ResultInput, now?: Date): Promise<{ id: string; created: boolean }>;
  findById(id: string): Promise<Result | null>;
  /** The result with this key (as upsert keys it). */
  findByKey(resultKey: string): Promise<Result | null>;
  /** The stored results among these ids, in no particular order (unknown ids are left out). */
  findByIds(ids: readonly string[]): Promise<Result[]>;
  /**
   * Marks confirmed the uploads of this paper and candidate id whose responses are these (a fetched sheet's):
   * the portal vouches for them now. @returns the ids newly confirmed.
   */
  confirmUploads(paperId: string, candidateId: string, responses: Record<string, string>): Promise<string[]>;
  /**
   * The address its uploader verified for an upload becomes its owner (e-mail, verified), once: false when no such
   * upload, or its owner was verified already.
   */
  verifyOwner(uploadId: string, email: string): Promise<boolean>;
  /** Newest createdAt first; without a limit, all of them. */
  list(page?: ResultPage): Promise<ResultSummary[]>;
  count(): Promise<number>;
  /** Fetched results of a paper (uploads are not counted unless asked for: the dashboard counts every result). */
  countByPaper(paperId: string, options?: { withUploads?: boolean }): Promise<number>;
  /** One batch of a paper's results (uploads too) in ascending id order. */
  listByPaper(paperId: string, options: ResultBatchOptions): Promise<Result[]>;
  /** Ids of every result of a paper (uploads too) scored with a key version below this one: what re-scoring has left. */
  idsScoredBelow(paperId: string, keyVersion: number): Promise<string[]>;
  /**
   * @param options.keyVersionBelow only while the stored result was scored with an older key version, so a re-scoring
   * run that lost its lease can never put older marks over newer ones.
   * @returns false when no such result (or it is already scored with that version or a newer one).
   */
  updateScores(id: string, scores: Partial<ResultScores>, options?: { keyVersionBelow?: number }): Promise<boolean>;
  /**
   * updateScores for a batch: each result on its own terms (one refused write leaves the others stored).
   * @returns the ids stored.
   */
  updateScoresOf(updates: readonly ScoresUpdate[], options?: { keyVersionBelow?: number }): Promise<string[]>;
  /** The marks of every fetched result of a paper, for crowd statistics (uploads left out). */
  marksOfPaper(paperId: string): Promise<SetMarks[]>;
  /**
   * Where normalised marks rank among the fetched results of a paper's choice ranked apart (GG1, GG2): 1 + how many
   * have more, and how many there are. Counted in the store: such papers have few results.
   */
  rankAmongRankedAs(paperId: string, rankedAs: string, normMarks: number): Promise<{ rank: number; total: number }>;
  /**
   * The marks fetched results of the paper were given (stored or re-scored) at or after `since`, oldest first; a result
   * may appear more than once, its last entry holding its marks now. Kept MARKS_CHANGES_KEPT_MS, so a reader who
   * looks less often than that must read marksOfPaper instead. Time is the writing instance's clock, made strictly
   * increasing within an instance so that a result's later marks never sort before its earlier ones.
   */
  marksChangedSince(paperId: string, since: Date): Promise<SetMarks[]>;
}

// ---- background jobs ---------------------------------------------------------------------------------------------

/**
 * Re-scoring a paper's stored results after its key changed, as a job every instance can see: one instance holds
 * it at a time under a lease it renews; a lease left to run out (a killed instance) lets another take the job over.
 */
export interface RescoreJob {
  paperId: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Key changes asked for so far, and the one the latest run took on: a later request means another pass. */
  requested: number;
  claimed: number;
  /** The instance holding the lease ('' before the first claim). */
  owner: string;
  leaseUntil: Date;
  rescored: number;
  total: number;
  error?: string;
  updatedAt: Date;
}

export interface JobRepository {
  /** Asks for a (new) re-scoring pass of the paper. */
  request(paperId: string, now?: Date): Promise<void>;
  /** Takes one waiting or abandoned job under a lease of `leaseMs`, or null when there is none; one claimer wins. */
  claim(owner: string, leaseMs: number, now?: Date): Promise<RescoreJob | null>;
  /** Extends the holder's lease and records progress; false when the job is no longer this holder's. */
  renew(
    paperId: string,
    owner: string,
    leaseMs: number,
    progress: Pick<RescoreJob, 'rescored' | 'total'>,
    now?: Date,
  ): Promise<boolean>;
  /** Ends the holder's run: done (or queued again when asked for meanwhile) or failed with a message. */
  finish(
    paperId: string,
    owner: string,
    outcome: { state: 'done' | 'failed'; error?: string },
    now?: Date,
  ): Promise<void>;
  /** Gives the lease up now (a graceful stop), so another instance takes the job over at once. */
  release(paperId: string, owner: string, now?: Date): Promise<void>;
  /** Every paper's job, by paper. */
  list(): Promise<RescoreJob[]>;
}

// ---- answer-key versions ----------------------------------------------------------------------------------------

export type { KeyVersionSource } from '../../src/domain/gate/key-changes';

/** A paper's whole answer key as it stood at one version: what checks scored with while it was the paper's. */
export interface KeyVersion {
  paperId: string;
  version: number;
  /** 'provisional', 'final', an administrator's own name, or what an edit or a recording says of itself. */
  label: string;
  source: KeyVersionSource;
  /** The administrator (e-mail) who made it, when one did. */
  by?: string;
  /** Question ID → key, every keyed question of the paper. */
  keys: Record<string, string>;
  /**
   * Question ID → marks, when an official key's Marks column gave them (a paper with parts): they count over the
   * paper's own marks for every check and re-scoring with this version. Absent when no key brought marks.
   */
  marks?: Record<string, number>;
  createdAt: Date;
  /** When the score-change e-mails of this version were planned (at most once per version). */
  alertsPlannedAt?: Date;
}

export type NewKeyVersion = Omit<KeyVersion, 'alertsPlannedAt'>;

export interface KeyVersionRepository {
  /** Records a version; when the paper already has one with this number, that first record stays and is returned. */
  record(version: NewKeyVersion): Promise<KeyVersion>;
  find(paperId: string, version: number): Promise<KeyVersion | null>;
  latest(paperId: string): Promise<KeyVersion | null>;
  /** Newest first. */
  list(paperId: string): Promise<KeyVersion[]>;
  markAlertsPlanned(paperId: string, version: number, now?: Date): Promise<void>;
}

// ---- score alerts: candidates told when a key change moves their total -----------------------------------------

export interface ScoreAlert {
  /** One alert per stored result and e-mail address (alertIdOf). */
  id: string;
  resultId: string;
  /** The address that asked, verified for the result's link; its mails go there and nowhere else. */
  email: string;
  paperId: string;
  /** The test paper, e.g. `CS 1`. */
  set: string;
  active: boolean;
  /** The total the candidate last heard of (when asking, or in the last mail) and the key version it came from. */
  toldTotal: number;
  toldVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewScoreAlert = Pick<ScoreAlert, 'resultId' | 'email' | 'paperId' | 'set' | 'toldTotal' | 'toldVersion'>;

export interface ScoreAlertRepository {
  /** Turns the alert on. An alert already on keeps what the candidate was told; a new or renewed one starts from now. */
  subscribe(alert: NewScoreAlert, now?: Date): Promise<ScoreAlert>;
  /** @returns the alert as it is now off, or null when there is none. */
  unsubscribe(id: string, now?: Date): Promise<ScoreAlert | null>;
  find(id: string): Promise<ScoreAlert | null>;
  listActive(paperId: string): Promise<ScoreAlert[]>;
  /** Paper sets with at least one alert on. */
  activePaperIds(): Promise<string[]>;
  /** What a sent mail told the candidate. */
  markTold(id: string, told: Pick<ScoreAlert, 'toldTotal' | 'toldVersion'>, now?: Date): Promise<void>;
}

export type AlertMailState = 'pending' | 'sending' | 'sent' | 'failed' | 'superseded';

export interface NewAlertMail {
  /** The alert it tells (one result and address). */
  alertId: string;
  resultId: string;
  paperId: string;
  /** The key version the mail tells of: one mail per alert and version at most. */
  version: number;
  /** The total the mail tells of (the candidate's told total once it is sent). */
  newTotal: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface AlertMail extends NewAlertMail {
  id: string;
  state: AlertMailState;
  attempts: number;
  /** A pending mail waits until then (a retry's back-off). */
  nextAttemptAt: Date;
  /** The instance sending it, until leaseUntil. */
  owner: string;
  leaseUntil: Date;
  error?: string;
  createdAt: Date;
  updatedAt: Date;
  sentAt?: Date;
}

export interface AlertMailRepository {
  /** Queues a mail; false when the alert already has one for this version. */
  enqueue(mail: NewAlertMail, now?: Date): Promise<boolean>;
  /** Drops the alert's mails still waiting for versions before this one: the newer mail tells the whole change. */
  supersede(alertId: string, beforeVersion: number, now?: Date): Promise<void>;
  /**
   * Takes up to `limit` mails that are due (pending, or left sending by an instance whose lease ran out) under a
   * lease of `leaseMs`; one claimer wins each.
   */
  claim(owner: string, leaseMs: number, limit: number, now?: Date): Promise<AlertMail[]>;
  /** @returns false when the mail is no longer this owner's (its lease ran out and another took it). */
  markSent(id: string, owner: string, now?: Date): Promise<boolean>;
  /** A failed attempt: pending again from `retryAt`, or failed for good when `retryAt` is null. */
  markFailed(id: string, owner: string, error: string, retryAt: Date | null, now?: Date): Promise<void>;
  /** Gives claimed, unsent mails back at once (a graceful stop). */
  release(owner: string, now?: Date): Promise<void>;
  countByState(): Promise<Record<AlertMailState, number>>;
}

// ---- official results: what candidates report of their result after GATE's results -----------------------------

/** How a candidate gave their official result: typed in, or read on their device from the official scorecard PDF. */
export type OfficialReportSource = 'typed' | 'pdf';

/** What the scorecard showed for the result when its official result came: what the report is compared with. */
export interface ShownPrediction {
  rank: number;
  rankRange: [number, number];
  normMarks: number;
  /** Null where the product could not give a GATE score. */
  score: number | null;
}

export interface NewOfficialReport {
  /** One report per stored result. */
  resultId: string;
  paperId: string;
  /** The test paper, e.g. `CS 1`, and the GATE year. */
  set: string;
  year: number;
  /** All India Rank and GATE score as the official scorecard gives them. */
  rank: number;
  score: number;
  /** The official (normalised) marks, when the candidate's scorecard PDF printed them. */
  marks?: number;
  source: OfficialReportSource;
  predicted: ShownPrediction;
  /** Where the result's responses came from when reported; `confirmed` later when the portal agrees (absent: kept before provenance was recorded, counted as an upload). */
  provenance?: ResultProvenance;
  /** Who reported it (digests, never the address or network itself): independent reporters are what consensus counts. */
  reporter?: ReporterIdentity;
  /** Read from the official scorecard PDF whose registration number is the result's candidate id and whose marks are ours. */
  documentChecked?: true;
  /** The earlier years' forecast for the result when it was reported (before any report was read): what the report is measured against. */
  forecast?: { rank: number; rankRange: [number, number] };
}

/** An admin's quarantine or restore of a report, with the reason they gave. */
export interface ModerationEntry {
  action: 'quarantine' | 'restore';
  /** The admin's user id. */
  by: string;
  at: Date;
  reason: string;
}

export interface OfficialReport extends NewOfficialReport {
  reportedAt: Date;
  /** Set while an admin holds the report out of every fit. */
  quarantined?: true;
  /** Every quarantine and restore, oldest first. */
  moderation?: ModerationEntry[];
}

export interface OfficialReportRepository {
  /** @throws DuplicateError when the result already has a report. */
  add(report: NewOfficialReport, now?: Date): Promise<OfficialReport>;
  findByResult(resultId: string): Promise<OfficialReport | null>;
  /** Every report, or a year's, oldest first. */
  list(filter?: { year?: number }): Promise<OfficialReport[]>;
  /** The reports of these results take this provenance (uploads the portal confirmed). */
  setProvenance(resultIds: readonly string[], provenance: ResultProvenance): Promise<void>;
  /** Quarantines or restores a report, logging the entry. @returns the report after it, null when no such report. */
  moderate(resultId: string, entry: ModerationEntry): Promise<OfficialReport | null>;
}

// ---- the crowd's lean, measured from a year's official results -------------------------------------------------

export type { LeanMeasurement } from '../../src/domain/gate/rank/crowd/lean-measurement';

export interface LeanMeasurementRepository {
  /** Keeps the measurement of its paper and year, in place of an earlier one of the same paper and year. */
  record(measurement: LeanMeasurement): Promise<void>;
  /** Every stored measurement: what the next years' priors on the lean come from (leanPrior). */
  list(): Promise<LeanMeasurement[]>;
}

// ---- local mail outbox ------------------------------------------------------------------------------------------

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: Date;
}

export interface StoredMail extends OutboxMail {
  id: string;
}

export interface MailOutbox {
  add(mail: OutboxMail): Promise<void>;
  /** Newest first. */
  list(limit?: number): Promise<StoredMail[]>;
}

// ---- device access: revocations and erasure ----------------------------------------------------------------------

export interface AccessRevocationRepository {
  /**
   * Refuses every token of this holder (a device, or an address) issued at or before `before`, until `until` (when the
   * last of them would have expired anyway). A later revocation of the same holder moves the line forward.
   */
  revoke(holder: string, before: Date, until: Date): Promise<void>;
  /** The latest line any of these holders was revoked at, or null when none was. */
  revokedBefore(holders: readonly string[]): Promise<Date | null>;
  /** Drops revocations whose tokens have all expired. @returns how many. */
  forgetExpired(now?: Date): Promise<number>;
}

/** What an erasure removed. */
export interface ErasedData {
  results: number;
  alerts: number;
  reports: number;
}

export interface ErasureRepository {
  /**
   * Removes what is stored under this address: its results (with their official-result reports and any score alert
   * on them), its score alerts with their mails, and its verifications.
   */
  eraseAddress(email: string): Promise<ErasedData>;
}

// ---- the store --------------------------------------------------------------------------------------------------

/**
 * Which database the store is, and a clock every look moves on: a database restored to another snapshot, emptied or
 * swapped for another shows as another identity or as a clock gone back, so what an instance keeps in memory can
 * follow it.
 */
export interface StoreIdentity {
  identity: string;
  ticks: number;
  /**
   * Each watched collection's newest document id (absent when it is empty). A restore or a drop of one collection
   * alone leaves the identity as it was but loses that document, which nothing else deletes.
   */
  newest: Partial<Record<WatchedCollection, string>>;
}

/** The collections an instance keeps something of in memory: accounts, papers and their keys, results, the crowd's data. */
export const WATCHED_COLLECTIONS = [
  'users',
  'papers',
  'questions',
  'keyVersions',
  'results',
  'officialReports',
  'leanMeasurements',
] as const;
export type WatchedCollection = (typeof WATCHED_COLLECTIONS)[number];

export interface StoreIdentityRepository {
  /** The store's identity (made on a store without one) with its clock, moved on by this look, and the newest ids. */
  look(): Promise<StoreIdentity>;
  /** Whether the collection still holds the document with this id. */
  holds(collection: WatchedCollection, id: string): Promise<boolean>;
}

export interface Store {
  readonly kind: 'mongodb' | 'embedded';
  readonly users: UserRepository;
  readonly resetTokens: ResetTokenRepository;
  readonly verifications: VerificationRepository;
  readonly papers: PaperRepository;
  readonly questions: QuestionRepository;
  readonly results: ResultRepository;
  readonly mail: MailOutbox;
  readonly jobs: JobRepository;
  readonly keyVersions: KeyVersionRepository;
  readonly scoreAlerts: ScoreAlertRepository;
  readonly alertMails: AlertMailRepository;
  readonly officialReports: OfficialReportRepository;
  readonly leanMeasurements: LeanMeasurementRepository;
  readonly identity: StoreIdentityRepository;
  readonly accessRevocations: AccessRevocationRepository;
  readonly erasures: ErasureRepository;
  /** Makes the limiters of the Limits table (docs/configuration.md), counting where every instance on this store sees the counts. */
  readonly limiters: LimiterFactory;
  /**
   * Makes the schema's indexes where they are missing: a database or collection dropped under the running instances
   * lost them, and the store made them only at start. @throws when a unique index cannot be made (duplicates).
   */
  ensureIndexes(): Promise<void>;
  /** True while the database answers (health check); never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
