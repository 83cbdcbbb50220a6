import type { Config } from '../config';
import { openEmbeddedStore } from './embedded/embedded-store';
import { openMongoStore, type MongoStoreOptions } from './mongo/mongo-store';
import type { Store } from './types';

export * from './types';
export { paperKeyVersion } from './repositories/questions';
export { normaliseEmail } from './repositories/users';
export { alertIdOf } from './repositories/score-alerts';
export { memoryLimiters, type LimitRule, type LimiterFactory } from './limiters';
export type { MongoStoreOptions } from './mongo/mongo-store';

/** MongoDB when MONGODB_URI is set, else nedb files under DATA_DIR (nothing to install). */
export function createStore(
  config: Pick<Config, 'mongodbUri' | 'dataDir'>,
  mongoOptions: MongoStoreOptions = {},
): Promise<Store> {
  return config.mongodbUri ? openMongoStore(config.mongodbUri, mongoOptions) : openEmbeddedStore(config.dataDir);
}
