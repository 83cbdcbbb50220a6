import {
  MongoClient,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import { cleanUpdate, exclusion } from '../collection';
import type { Doc, DocumentCollection, Filter, FindOptions, Update } from '../collection';
import { storeOver } from '../open-store';
import { createLimitIndexes, mongoLimiters } from '../limiters';
import { OLDER_RESULTS, SCHEMA, olderDataMessage, type Collections } from '../schema';
import { DuplicateError, StoreUnavailableError, type Store } from '../types';

/** Documents per reply of a query (a million results come in a hundred replies). */
const FIND_BATCH = 10_000;

export interface MongoStoreOptions {
  /** Overrides the database named in the URI (default `hiregate` when the URI names none). */
  databaseName?: string;
  /** Connection attempts before giving up (the database may start after us, e.g. in docker compose). */
  connectAttempts?: number;
  /** Pause after the first failed attempt; it doubles up to 5 s. */
  retryDelayMs?: number;
  /** How long one attempt, and later each request, waits for a server. */
  serverSelectionTimeoutMS?: number;
  /** Told about each failed attempt that will be retried. */
  onRetry?: (attempt: number, error: Error) => void;
}

const DEFAULT_DATABASE = 'hiregate';
/**
 * While the database is down a request waits this long for it, then answers 503 with Retry-After: a candidate is
 * better told at once than kept waiting. The start retries more often to wait as long as before (~100 s in all).
 */
const SERVER_SELECTION_TIMEOUT_MS = 1_000;
const CONNECT_ATTEMPTS = 20;
const MAX_RETRY_DELAY_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
const DUPLICATE_KEY = 11000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

/** The database named in the URI path, if any (`mongodb://host:27017/name?options`). */
export function databaseNameOf(uri: string): string | undefined {
  const name = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri)?.[1];
  return name ? decodeURIComponent(name) : undefined;
}

/** The URI without credentials, fit for messages and logs. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/[^@/?]*@/, '//***@');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class MongoCollection<D extends Doc> implements DocumentCollection<D> {
  constructor(private readonly collection: Collection<Document>) {}

  private async write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateError(this.collection.collectionName);
      throw error;
    }
  }

  insertOne(doc: D) {
    return this.write(async () => {
      await this.collection.insertOne(doc as unknown as Document);
    });
  }

  async findOne(filter: Filter) {
    return (await this.collection.findOne(filter)) as unknown as D | null;
  }

  async find(filter: Filter, { sort, skip, limit, omit }: FindOptions = {}) {
    // Bounded batches: a server answering a large query in one batch would overflow the driver's toArray.
    let cursor = this.collection.find(filter, { batchSize: FIND_BATCH, ...(omit && { projection: exclusion(omit) }) });
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit !== undefined) cursor = cursor.limit(limit);
    return (await cursor.toArray()) as unknown as D[];
  }

  async project<K extends keyof D & string>(filter: Filter, fields: K[]) {
    const projection = Object.fromEntries(['_id', ...fields].map((field) => [field, 1] as const));
    const cursor = this.collection.find(filter, { projection, batchSize: FIND_BATCH });
    return (await cursor.toArray()) as unknown as Pick<D, K | '_id'>[];
  }

  count(filter: Filter) {
    return this.collection.countDocuments(filter);
  }

  updateOne(filter: Filter, update: Update) {
    return this.write(async () => (await this.collection.updateOne(filter, cleanUpdate(update))).matchedCount > 0);
  }

  async deleteMany(filter: Filter) {
    return (await this.collection.deleteMany(filter)).deletedCount;
  }
}

async function connectWithRetry(uri: string, options: MongoStoreOptions): Promise<MongoClient> {
  const {
    connectAttempts = CONNECT_ATTEMPTS,
    retryDelayMs = 500,
    serverSelectionTimeoutMS = SERVER_SELECTION_TIMEOUT_MS,
    onRetry,
  } = options;
  let delay = retryDelayMs;
  let lastError: Error = new Error('no attempt made');
  for (let attempt = 1; attempt <= connectAttempts; attempt++) {
    // No serverApi option: the test server does not speak the versioned API.
    const client = new MongoClient(uri, { ignoreUndefined: true, serverSelectionTimeoutMS, appName: 'hiregate' });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
      return client;
    } catch (error) {
      lastError = error as Error;
      await client.close().catch(() => undefined);
      if (attempt < connectAttempts) {
        onRetry?.(attempt, lastError);
        await sleep(delay);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
      }
    }
  }
  throw new StoreUnavailableError(
    `Could not reach MongoDB at ${redactUri(uri)} after ${connectAttempts} attempts: ${lastError.message}`,
    { cause: lastError },
  );
}

/** MongoDB's default index name: `field_direction` pairs joined by `_`. */
const indexName = (keys: Record<string, 1 | -1>) =>
  Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

/** The indexes of a collection; none when it does not exist yet (MongoDB answers NamespaceNotFound, code 26). */
async function indexesOf(db: Db, name: string) {
  try {
    return await db.collection(name).indexes();
  } catch (error) {
    if ((error as { code?: unknown }).code === 26) return [];
    throw error;
  }
}

async function createIndexes(db: Db): Promise<void> {
  if ((await db.collection(SCHEMA.results.name).countDocuments(OLDER_RESULTS, { limit: 1 })) > 0) {
    throw new StoreUnavailableError(olderDataMessage(`The database ${db.databaseName}`));
  }
  for (const { name, indexes, retiredIndexes = [] } of Object.values(SCHEMA)) {
    const existing = new Set((await indexesOf(db, name)).map((index) => index.name));
    for (const { keys } of retiredIndexes) {
      if (existing.has(indexName(keys))) await db.collection(name).dropIndex(indexName(keys));
    }
    for (const { keys, unique } of indexes) {
      await db.collection(name).createIndex(keys, unique ? { unique } : {});
    }
  }
}

async function answersPing(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const ping = db.command({ ping: 1 }).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** No server to send to, the connection lost, or a replica set between primaries: try again shortly. */
function isOutage(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    (error instanceof MongoError && error.hasErrorLabel('RetryableWriteError'))
  );
}

/** The store on a MongoDB server (official driver 6.x): connects with retry and creates its indexes first. */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const client = await connectWithRetry(uri, options);
  const db = client.db(options.databaseName ?? databaseNameOf(uri) ?? DEFAULT_DATABASE);
  try {
    await createIndexes(db);
    await createLimitIndexes(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  const collection = <D extends Doc>(key: keyof Collections) => new MongoCollection<D>(db.collection(SCHEMA[key].name));
  return storeOver(collection, {
    kind: 'mongodb',
    limiters: mongoLimiters(db),
    ping: () => answersPing(db),
    close: () => client.close(),
    isOutage,
  });
}
