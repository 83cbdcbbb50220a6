import { accessRevocationRepository } from './repositories/access-revocations';
import { alertMailRepository } from './repositories/alert-mails';
import { erasureRepository } from './repositories/erasures';
import { jobRepository } from './repositories/jobs';
import { keyVersionRepository } from './repositories/key-versions';
import { leanMeasurementRepository } from './repositories/lean-measurements';
import { mailOutbox } from './repositories/mail-outbox';
import { officialReportRepository } from './repositories/official-reports';
import { paperRepository } from './repositories/papers';
import { questionRepository } from './repositories/questions';
import { resetTokenRepository } from './repositories/reset-tokens';
import { resultRepository } from './repositories/results';
import { scoreAlertRepository } from './repositories/score-alerts';
import { storeIdentityRepository } from './repositories/store-identity';
import { userRepository } from './repositories/users';
import { verificationRepository } from './repositories/verifications';
import type { Doc, DocumentCollection } from './collection';
import { findKind, type StoreGate } from './deadlines';
import type { Collections } from './schema';
import { WATCHED_COLLECTIONS, type Store, type WatchedCollection } from './types';

/** What an adapter tells the repositories: its kind, limit counters, health check, close, and the gate of its calls. */
export interface StoreAdapter extends Pick<Store, 'kind' | 'limiters' | 'ensureIndexes' | 'ping' | 'close'> {
  /** Every operation's deadline, and the outages that answer 503 (deadlines.ts). */
  gate: StoreGate;
}

/** The embedded store's files: a full or read-only disk, lost permissions, a data folder gone. */
const FILE_OUTAGES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE', 'ENOENT']);

export function isFileOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FILE_OUTAGES.has(code);
}

/**
 * The collection with every operation through the store's gate: within its deadline, and outages turned into
 * StoreUnavailableError, which the API answers with 503 and Retry-After. Reads of every match, counts and deletes
 * of many get the bulk deadline.
 */
function guarded<D extends Doc>(collection: DocumentCollection<D>, gate: StoreGate): DocumentCollection<D> {
  return {
    insertOne: (doc) => gate.run(() => collection.insertOne(doc), 'point'),
    findOne: (filter) => gate.run(() => collection.findOne(filter), 'point'),
    find: (filter, options) => gate.run(() => collection.find(filter, options), findKind(options)),
    project: (filter, fields) => gate.run(() => collection.project(filter, fields), 'bulk'),
    count: (filter) => gate.run(() => collection.count(filter), 'bulk'),
    newestId: () => gate.run(() => collection.newestId(), 'point'),
    updateOne: (filter, update) => gate.run(() => collection.updateOne(filter, update), 'point'),
    deleteMany: (filter) => gate.run(() => collection.deleteMany(filter), 'bulk'),
  };
}

/** How an adapter opens one of the SCHEMA's collections. */
export type OpenCollection = <D extends Doc>(key: keyof Collections) => DocumentCollection<D>;

/**
 * The repositories over one adapter's collections, each opened once for its repository (the store's identity reads
 * the watched ones' newest ids too); the adapter brings its kind, health check, close and outages.
 */
export function storeOver(open: OpenCollection, adapter: StoreAdapter): Store {
  const collection = <D extends Doc>(key: keyof Collections) => guarded(open<D>(key), adapter.gate);
  return {
    kind: adapter.kind,
    users: userRepository(collection('users')),
    resetTokens: resetTokenRepository(collection('resetTokens')),
    verifications: verificationRepository(collection('verifications')),
    papers: paperRepository(collection('papers')),
    questions: questionRepository(collection('questions')),
    results: resultRepository(collection('results'), collection('marksChanges')),
    mail: mailOutbox(collection('mail')),
    jobs: jobRepository(collection('jobs')),
    keyVersions: keyVersionRepository(collection('keyVersions')),
    scoreAlerts: scoreAlertRepository(collection('scoreAlerts')),
    alertMails: alertMailRepository(collection('alertMails')),
    officialReports: officialReportRepository(collection('officialReports')),
    leanMeasurements: leanMeasurementRepository(collection('leanMeasurements')),
    identity: storeIdentityRepository(
      collection('identity'),
      Object.fromEntries(WATCHED_COLLECTIONS.map((name) => [name, collection(name)])) as Record<
        WatchedCollection,
        DocumentCollection<Doc>
      >,
    ),
    accessRevocations: accessRevocationRepository(collection('accessRevocations')),
    erasures: erasureRepository({
      results: collection('results'),
      scoreAlerts: collection('scoreAlerts'),
      alertMails: collection('alertMails'),
      officialReports: collection('officialReports'),
      verifications: collection('verifications'),
    }),
    limiters: adapter.limiters,
    ensureIndexes: () => adapter.ensureIndexes(),
    ping: () => adapter.ping(),
    close: () => adapter.close(),
  };
}
