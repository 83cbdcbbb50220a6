import type { Collection, Db, Document, Filter, FindOneAndUpdateOptions, UpdateFilter } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { StoreGate } from './deadlines';

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
 * The limit counts through the store's gate (deadlines.ts), with the server's time limit on each: RateLimiterMongo
 * calls only these three of a collection.
 */
function gatedCounts(db: Db, gate: StoreGate, maxTimeMS: number) {
  const counts = db.collection(RATE_LIMIT_COLLECTION);
  const collection: Pick<Collection, 'findOneAndUpdate' | 'findOne' | 'deleteOne'> = {
    findOneAndUpdate: ((filter: Filter<Document>, update: UpdateFilter<Document>, options: FindOneAndUpdateOptions) =>
      gate.run(() => counts.findOneAndUpdate(filter, update, { ...options, maxTimeMS }), 'point')) as never,
    findOne: ((filter: Filter<Document>) => gate.run(() => counts.findOne(filter, { maxTimeMS }), 'point')) as never,
    deleteOne: (filter) => gate.run(() => counts.deleteOne(filter, { maxTimeMS }), 'point'),
  };
  // RateLimiterMongo takes a Db (or a client) and asks it for its collection by name.
  return { collection: () => collection } as unknown as Db;
}

/**
 * Limits counted in MongoDB. While the database cannot be reached, or does not answer within its deadline, each
 * instance counts in its own memory instead (rate-limiter-flexible's insurance limiter): the limits stay in force,
 * per instance, rather than every request failing on its limit before the store's own 503 could answer it.
 */
export function mongoLimiters(db: Db, gate: StoreGate, maxTimeMS: number): LimiterFactory {
  const storeClient = gatedCounts(db, gate, maxTimeMS);
  return (rule) =>
    new RateLimiterMongo({
      storeClient,
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
