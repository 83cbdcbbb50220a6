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
import { findKind, MONGODB_DEADLINES, storeGate, type OperationKind, type StoreDeadlines } from '../deadlines';
import { isFileOutage, storeOver } from '../open-store';
import { createLimitIndexes, mongoLimiters } from '../limit-counts';
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
  /** Each operation's deadline (default MONGODB_DEADLINES); a request waits for a server as long as for an answer. */
  deadlines?: StoreDeadlines;
  /** Told about each failed attempt that will be retried. */
  onRetry?: (attempt: number, error: Error) => void;
}

const DEFAULT_DATABASE = 'hiregate';
const CONNECT_ATTEMPTS = 20;
const MAX_RETRY_DELAY_MS = 5_000;
/**
 * The driver's own bounds, under the operations' deadlines (deadlines.ts), so nothing in it waits without an end either:
 * a connection and its handshake (a frozen server still accepts TCP), and how long a connection owing a reply may stay
 * silent before the driver drops it (a batch of a healthy bulk read arrives well within).
 */
const CONNECT_TIMEOUT_MS = 2_000;
const SOCKET_TIMEOUT_MS = 10_000;
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
  constructor(
    private readonly collection: Collection<Document>,
    private readonly deadlines: StoreDeadlines,
  ) {}

  /** The server's own time limit for an operation, its deadline: it stops work no one waits for any more. */
  private maxTimeMS(kind: OperationKind) {
    return kind === 'point' ? this.deadlines.operationMs : this.deadlines.bulkMs;
  }

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
      await this.collection.insertOne(doc as unknown as Document, { maxTimeMS: this.maxTimeMS('point') });
    });
  }

  async findOne(filter: Filter) {
    return (await this.collection.findOne(filter, { maxTimeMS: this.maxTimeMS('point') })) as unknown as D | null;
  }

  async find(filter: Filter, options: FindOptions = {}) {
    const { sort, skip, limit, omit } = options;
    // Bounded batches: a server answering a large query in one batch would overflow the driver's toArray.
    let cursor = this.collection.find(filter, {
      batchSize: FIND_BATCH,
      maxTimeMS: this.maxTimeMS(findKind(options)),
      ...(omit && { projection: exclusion(omit) }),
    });
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit !== undefined) cursor = cursor.limit(limit);
    return (await cursor.toArray()) as unknown as D[];
  }

  async project<K extends keyof D & string>(filter: Filter, fields: K[]) {
    const projection = Object.fromEntries(['_id', ...fields].map((field) => [field, 1] as const));
    const cursor = this.collection.find(filter, {
      projection,
      batchSize: FIND_BATCH,
      maxTimeMS: this.maxTimeMS('bulk'),
    });
    return (await cursor.toArray()) as unknown as Pick<D, K | '_id'>[];
  }

  count(filter: Filter) {
    return this.collection.countDocuments(filter, { maxTimeMS: this.maxTimeMS('bulk') });
  }

  async newestId() {
    const [newest] = await this.collection
      .find({}, { projection: { _id: 1 }, sort: { _id: -1 }, limit: 1, maxTimeMS: this.maxTimeMS('point') })
      .toArray();
    return newest?._id as string | undefined;
  }

  updateOne(filter: Filter, update: Update) {
    return this.write(
      async () =>
        (await this.collection.updateOne(filter, cleanUpdate(update), { maxTimeMS: this.maxTimeMS('point') }))
          .matchedCount > 0,
    );
  }

  async deleteMany(filter: Filter) {
    return (await this.collection.deleteMany(filter, { maxTimeMS: this.maxTimeMS('bulk') })).deletedCount;
  }
}

/**
 * The driver's bounds for these deadlines: a request waits for a server (a restart, an election) or for a pooled
 * connection (all of them busy) no longer than for an operation's answer; see CONNECT_TIMEOUT_MS, SOCKET_TIMEOUT_MS.
 */
function driverTimeouts({ operationMs }: StoreDeadlines) {
  return {
    serverSelectionTimeoutMS: operationMs,
    waitQueueTimeoutMS: operationMs,
    connectTimeoutMS: Math.max(CONNECT_TIMEOUT_MS, operationMs),
    socketTimeoutMS: Math.max(SOCKET_TIMEOUT_MS, 2 * operationMs),
  };
}

async function connectWithRetry(uri: string, options: MongoStoreOptions, deadlines: StoreDeadlines) {
  const { connectAttempts = CONNECT_ATTEMPTS, retryDelayMs = 500, onRetry } = options;
  let delay = retryDelayMs;
  let lastError: Error = new Error('no attempt made');
  for (let attempt = 1; attempt <= connectAttempts; attempt++) {
    // No serverApi option: the test server does not speak the versioned API.
    const client = new MongoClient(uri, { ignoreUndefined: true, appName: 'hiregate', ...driverTimeouts(deadlines) });
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
  for (const { name, indexes, retiredIndexes = [], renamedFields = {} } of Object.values(SCHEMA)) {
    const existing = new Set((await indexesOf(db, name)).map((index) => index.name));
    for (const { keys } of retiredIndexes) {
      if (existing.has(indexName(keys))) await db.collection(name).dropIndex(indexName(keys));
    }
    for (const [older, field] of Object.entries(renamedFields)) {
      await db.collection(name).updateMany({ [older]: { $exists: true } }, { $rename: { [older]: field } });
    }
    for (const { keys, unique } of indexes) {
      await db.collection(name).createIndex(keys, unique ? { unique } : {});
    }
  }
}

/** The pool's own failures, which the driver does not export: every connection busy, or the pool reset. */
const POOL_OUTAGES = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClearedError', 'PoolClearedOnNetworkError']);
/** MaxTimeMSExpired: the server gave up on an operation at its deadline. */
const MAX_TIME_EXPIRED = 50;

/**
 * No server to send to, the connection lost or silent, no free connection, a replica set between primaries, or an
 * operation the server could not finish within its deadline: try again shortly.
 */
function isOutage(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    (error instanceof MongoError &&
      (error.hasErrorLabel('RetryableWriteError') || error.code === MAX_TIME_EXPIRED || POOL_OUTAGES.has(error.name)))
  );
}

/** The store on a MongoDB server (official driver 6.x): connects with retry and creates its indexes first. */
export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const { deadlines = MONGODB_DEADLINES } = options;
  const client = await connectWithRetry(uri, options, deadlines);
  const db = client.db(options.databaseName ?? databaseNameOf(uri) ?? DEFAULT_DATABASE);
  const ensureIndexes = async () => {
    await createIndexes(db);
    await createLimitIndexes(db);
  };
  try {
    await ensureIndexes();
  } catch (error) {
    await client.close();
    throw error;
  }
  const ping = () => db.command({ ping: 1 });
  const gate = storeGate(deadlines, (error) => isFileOutage(error) || isOutage(error), ping);
  const collection = <D extends Doc>(key: keyof Collections) =>
    new MongoCollection<D>(db.collection(SCHEMA[key].name), deadlines);
  const maxTimeMS = deadlines.operationMs;
  return storeOver(collection, {
    kind: 'mongodb',
    limiters: mongoLimiters(db, gate, maxTimeMS),
    ensureIndexes: () => gate.run(ensureIndexes, 'bulk'),
    ping: () =>
      gate.run(ping, 'point').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
    gate,
  });
}
