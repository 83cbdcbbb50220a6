import type { Config } from '../config';
import { openEmbeddedStore } from './embedded/embedded-store';
import { openMongoStore, type MongoStoreOptions } from './mongo/mongo-store';
import type { Store } from './types';
import { EMBEDDED_DEADLINES, MONGODB_DEADLINES, type StoreDeadlines } from './deadlines';

export * from './types';
export { paperKeyVersion } from './repositories/questions';
export { normaliseEmail } from './repositories/users';
export { alertIdOf } from './repositories/score-alerts';
export { memoryLimiters, type LimitRule, type LimiterFactory } from './limit-counts';
export type { MongoStoreOptions } from './mongo/mongo-store';
export type { StoreDeadlines } from './deadlines';
export {
  STORE_CHANGE_NOTICED_WITHIN_MS,
  watchStore,
  type CatchUp,
  type StoreChange,
  type StoreWatch,
} from './store-watch';

/**
 * MongoDB when MONGODB_URI is set, else nedb files under DATA_DIR (nothing to install). Each store's operations have
 * its own deadlines (deadlines.ts) unless STORE_TIMEOUT_MS or STORE_BULK_TIMEOUT_MS set them.
 */
export function createStore(
  config: Pick<Config, 'mongodbUri' | 'dataDir'> & Partial<Pick<Config, 'storeTimeoutMs' | 'storeBulkTimeoutMs'>>,
  mongoOptions: MongoStoreOptions = {},
): Promise<Store> {
  const deadlines = (defaults: StoreDeadlines): StoreDeadlines => ({
    operationMs: config.storeTimeoutMs ?? defaults.operationMs,
    bulkMs: config.storeBulkTimeoutMs ?? defaults.bulkMs,
  });
  return config.mongodbUri
    ? openMongoStore(config.mongodbUri, { deadlines: deadlines(MONGODB_DEADLINES), ...mongoOptions })
    : openEmbeddedStore(config.dataDir, deadlines(EMBEDDED_DEADLINES));
}
