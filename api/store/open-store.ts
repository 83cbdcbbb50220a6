import { alertMailRepository } from './repositories/alert-mails';
import { jobRepository } from './repositories/jobs';
import { keyVersionRepository } from './repositories/key-versions';
import { mailOutbox } from './repositories/mail-outbox';
import { paperRepository } from './repositories/papers';
import { questionRepository } from './repositories/questions';
import { resetTokenRepository } from './repositories/reset-tokens';
import { resultRepository } from './repositories/results';
import { scoreAlertRepository } from './repositories/score-alerts';
import { userRepository } from './repositories/users';
import { verificationRepository } from './repositories/verifications';
import type { Doc, DocumentCollection } from './collection';
import type { Collections } from './schema';
import { StoreUnavailableError, type Store } from './types';

/** What an adapter tells the repositories: its kind, limit counters, health check, close, and which failures are outages. */
export interface StoreAdapter extends Pick<Store, 'kind' | 'limiters' | 'ping' | 'close'> {
  /** A failure that says the database cannot be reached right now, not that the request was wrong. */
  isOutage?: (error: unknown) => boolean;
}

/** The embedded store's files: a full or read-only disk, lost permissions, a data folder gone. */
const FILE_OUTAGES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE', 'ENOENT']);

function isFileOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FILE_OUTAGES.has(code);
}

/** The collection with outages turned into StoreUnavailableError, which the API answers with 503 and Retry-After. */
function guarded<D extends Doc>(
  collection: DocumentCollection<D>,
  isOutage: (error: unknown) => boolean,
): DocumentCollection<D> {
  const call = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      if (isOutage(error)) throw new StoreUnavailableError('The database cannot be reached.', { cause: error });
      throw error;
    }
  };
  return {
    insertOne: (doc) => call(() => collection.insertOne(doc)),
    findOne: (filter) => call(() => collection.findOne(filter)),
    find: (filter, options) => call(() => collection.find(filter, options)),
    project: (filter, fields) => call(() => collection.project(filter, fields)),
    count: (filter) => call(() => collection.count(filter)),
    updateOne: (filter, update) => call(() => collection.updateOne(filter, update)),
    deleteMany: (filter) => call(() => collection.deleteMany(filter)),
  };
}

/** How an adapter opens one of the SCHEMA's collections. */
export type OpenCollection = <D extends Doc>(key: keyof Collections) => DocumentCollection<D>;

/**
 * The repositories over one adapter's collections, each opened once; the adapter brings its kind, health check,
 * close and outages.
 */
export function storeOver(open: OpenCollection, adapter: StoreAdapter): Store {
  const isOutage = (error: unknown) => isFileOutage(error) || (adapter.isOutage?.(error) ?? false);
  const collection = <D extends Doc>(key: keyof Collections) => guarded(open<D>(key), isOutage);
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
    limiters: adapter.limiters,
    ping: () => adapter.ping(),
    close: () => adapter.close(),
  };
}
