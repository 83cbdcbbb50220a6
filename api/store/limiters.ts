import type { Db } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where the counts of the Limits table (docs/configuration.md) live is the store's decision: the embedded store serves one process,
 * so its counts stay in that process's memory; on MongoDB every instance shares one count per key, so 30 checks a
 * minute means 30 in all, whichever instance answers. Either way each consume is atomic (MongoDB: one
 * findOneAndUpdate with $inc), so parallel requests cannot all pass a check made before the count goes up.
 */
export interface LimitRule {
  /** Key prefix: one name per limit, so limits sharing a store never share counts. */
  name: string;
  /** Requests (points) allowed per window. */
  points: number;
  windowMs: number;
}

export type LimiterFactory = (rule: LimitRule) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = ({ name, points, windowMs }) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration: windowMs / 1000 });

/** The collection every shared limit counts in (keys carry their limit's name). */
export const RATE_LIMIT_COLLECTION = 'rate_limits';

/**
 * Limits counted in MongoDB. While the database cannot be reached, each instance counts in its own memory instead
 * (rate-limiter-flexible's insurance limiter): the limits stay in force, per instance, rather than every request
 * failing on its limit before the store's own 503 could answer it.
 */
export function mongoLimiters(db: Db): LimiterFactory {
  return (rule) =>
    new RateLimiterMongo({
      storeClient: db,
      tableName: RATE_LIMIT_COLLECTION,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.windowMs / 1000,
      insuranceLimiter: memoryLimiters(rule),
      // createLimitIndexes made them at start, before the first count could race a lazily made unique index.
      disableIndexesCreation: true,
    });
}

/** What RateLimiterMongo relies on: one document per key (so parallel first counts meet), removed once expired. */
export async function createLimitIndexes(db: Db): Promise<void> {
  const counts = db.collection(RATE_LIMIT_COLLECTION);
  await counts.createIndex({ key: 1 }, { unique: true });
  await counts.createIndex({ expire: -1 }, { expireAfterSeconds: 0 });
}
