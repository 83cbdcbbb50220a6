import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { cleanUpdate, exclusion } from '../collection';
import type { Doc, DocumentCollection, Filter, FindOptions, IndexSpec, Update } from '../collection';
import { isFileOutage, storeOver } from '../open-store';
import { EMBEDDED_DEADLINES, storeGate } from '../deadlines';
import { memoryLimiters } from '../limit-counts';
import { OLDER_RESULTS, SCHEMA, olderDataMessage, type Collections } from '../schema';
import { DuplicateError, StoreUnavailableError, type Store } from '../types';
import { lockDataFolder } from './data-folder-lock';

/** Password hashes, reset links in the mail outbox: the files are for the server's own user only. */
const PRIVATE = { fileMode: 0o600, dirMode: 0o700 };

/** nedb appends every change to its datafile; rewriting it this often keeps the files small. */
const COMPACTION_INTERVAL_MS = 10 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  return (error as { errorType?: unknown } | null)?.errorType === 'uniqueViolated';
}

class NedbCollection<D extends Doc> implements DocumentCollection<D> {
  constructor(
    private readonly datastore: Datastore,
    private readonly name: string,
    /** Leading fields of unique indexes: the most selective fields to look up by. */
    private readonly selectiveFields: Set<string>,
  ) {}

  /**
   * nedb looks a query up by the LAST indexed equality field it names, so the most selective ones go last:
   * `{candidateId, set}` must use the candidateId index, not scan every result of the set.
   */
  private plan(filter: Filter): Filter {
    const entries = Object.entries(filter);
    const selective = (field: string) => (this.selectiveFields.has(field) ? 1 : 0);
    return Object.fromEntries(entries.sort(([a], [b]) => selective(a) - selective(b)));
  }

  private async write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateError(this.name);
      throw error;
    }
  }

  insertOne(doc: D) {
    return this.write(async () => {
      await this.datastore.insertAsync(doc);
    });
  }

  async findOne(filter: Filter) {
    return ((await this.datastore.findOneAsync(this.plan(filter))) as D | null) ?? null;
  }

  async find(filter: Filter, { sort, skip, limit, omit }: FindOptions = {}) {
    let cursor = this.datastore.findAsync(this.plan(filter), omit && exclusion(omit));
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit !== undefined) cursor = cursor.limit(limit);
    return (await cursor) as unknown as D[];
  }

  async project<K extends keyof D & string>(filter: Filter, fields: K[]) {
    const projection = Object.fromEntries(['_id', ...fields].map((field) => [field, 1] as const));
    return (await this.datastore.findAsync(this.plan(filter), projection)) as unknown as Pick<D, K | '_id'>[];
  }

  async count(filter: Filter) {
    return (await this.datastore.countAsync(this.plan(filter))) as unknown as number;
  }

  /**
   * Straight from nedb's own _id index, an AVL tree (untyped in nedb's d.ts): a find sorted by _id would sort every
   * document, 75-500 ms for 100,000 results against 0.03 ms here.
   */
  newestId() {
    const { indexes } = this.datastore as unknown as IdIndexed;
    return Promise.resolve(indexes._id.tree.tree.getMaxKey());
  }

  updateOne(filter: Filter, update: Update) {
    return this.write(
      async () => (await this.datastore.updateAsync(this.plan(filter), cleanUpdate(update), {})).numAffected > 0,
    );
  }

  deleteMany(filter: Filter) {
    return this.datastore.removeAsync(this.plan(filter), { multi: true });
  }
}

interface IdIndexed {
  indexes: { _id: { tree: { tree: { getMaxKey(): string | undefined } } } };
}

interface NedbIndex {
  fieldName: string | string[];
  unique: boolean;
}

/**
 * The nedb indexes for the schema's, by nedb's name for them (a compound index's sorted fields). nedb uses an index
 * only for exact matches on all its fields, so besides each unique compound index (which enforces uniqueness) its
 * leading field gets one of its own: the part a query like `{linkHash, set}` or `{paperId}` can use, as MongoDB would
 * use the compound index's prefix. Left out: a compound index led by _id (nedb's own _id index makes it unique and
 * finds its documents), and a non-unique compound index, led by a paper that nearly every result (or marks change)
 * shares: nedb keeps one list of the documents sharing an indexed value and rewrites it whole when one of them
 * changes, so that index cost a write O(results), and re-scoring 50,000 results held requests for seconds.
 */
function nedbIndexes(indexes: IndexSpec[]): Map<string, NedbIndex> {
  const wanted = new Map<string, NedbIndex>();
  for (const { keys, unique = false } of indexes) {
    const fields = Object.keys(keys);
    const [leading] = fields;
    if (leading === undefined || leading === '_id') continue;
    if (fields.length === 1) {
      wanted.set(leading, { fieldName: leading, unique });
    } else if (unique) {
      wanted.set([...fields].sort().join(','), { fieldName: fields, unique });
      if (!wanted.has(leading)) wanted.set(leading, { fieldName: leading, unique: false });
    }
  }
  return wanted;
}

/**
 * Makes the datastore's indexes exactly these: those an older version made and this one does not are dropped, then
 * the fields it named otherwise are renamed (nedb has no $rename), then the wanted indexes are built.
 */
async function upgrade(datastore: Datastore, wanted: Map<string, NedbIndex>, renamedFields: Record<string, string>) {
  const made = (datastore as unknown as { indexes: Record<string, unknown> }).indexes; // untyped in nedb's d.ts
  for (const name of Object.keys(made)) {
    if (name !== '_id' && !wanted.has(name)) await datastore.removeIndexAsync(name);
  }
  for (const [older, field] of Object.entries(renamedFields)) {
    for (const doc of await datastore.findAsync<Record<string, unknown>>({ [older]: { $exists: true } })) {
      await datastore.updateAsync({ _id: doc._id }, { $set: { [field]: doc[older] }, $unset: { [older]: true } });
    }
  }
  for (const index of wanted.values()) await datastore.ensureIndexAsync(index);
}

async function openDatastore(dataDir: string, key: keyof Collections): Promise<Datastore> {
  const { name, indexes, renamedFields = {} } = SCHEMA[key];
  const datastore = new Datastore({ filename: path.join(dataDir, `${name}.db`), modes: PRIVATE });
  await datastore.loadDatabaseAsync();
  if (key === 'results' && (await datastore.countAsync(OLDER_RESULTS)) > 0) {
    throw new StoreUnavailableError(olderDataMessage(`The data folder ${dataDir}`));
  }
  await upgrade(datastore, nedbIndexes(indexes), renamedFields);
  datastore.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
  return datastore;
}

/**
 * The store in nedb datafiles under dataDir, one per collection. nedb does not share files, so the store locks the
 * folder while open: a second process (the admin CLI beside a running server) gets DataFolderInUseError.
 */
export async function openEmbeddedStore(dataDir: string, deadlines = EMBEDDED_DEADLINES): Promise<Store> {
  const keys = Object.keys(SCHEMA) as (keyof Collections)[];
  let datastores: Datastore[];
  let unlock: () => Promise<void>;
  try {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE.dirMode });
    unlock = await lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    throw cannotOpen(dataDir, error);
  }
  try {
    datastores = await Promise.all(keys.map((key) => openDatastore(dataDir, key)));
  } catch (error) {
    await unlock();
    throw cannotOpen(dataDir, error);
  }
  const collection = <D extends Doc>(key: keyof Collections) => {
    const { name, indexes } = SCHEMA[key];
    const leadingFields = indexes
      .filter((index) => index.unique)
      .flatMap((index) => Object.keys(index.keys).slice(0, 1));
    const selectiveFields = new Set(leadingFields);
    // datastores holds one datastore per entry of keys, in keys' order.
    return new NedbCollection<D>(datastores[keys.indexOf(key)]!, name, selectiveFields);
  };
  let open = true;
  // A count on the smallest collection goes through its queue: a datastore stuck behind a hung disk write answers none.
  const jobs = datastores[keys.indexOf('jobs')]!;
  const probe = () => jobs.countAsync({ _id: '' }) as Promise<number>;
  const gate = storeGate(deadlines, isFileOutage, probe);
  return storeOver(collection, {
    kind: 'embedded',
    // One process owns the data folder (its lock), so its limits count in that process's memory.
    limiters: memoryLimiters,
    // nedb keeps its indexes in this process, made at open: nothing outside it drops them.
    ensureIndexes: () => Promise.resolve(),
    ping: () =>
      open
        ? gate.run(probe, 'point').then(
            () => true,
            () => false,
          )
        : Promise.resolve(false),
    gate,
    async close() {
      if (!open) return;
      open = false;
      // Compaction waits for queued writes, so everything is on disk, in one clean file, when this resolves.
      await Promise.all(
        datastores.map((datastore) => {
          datastore.stopAutocompaction();
          return datastore.compactDatafileAsync();
        }),
      );
      await unlock();
    },
  });
}

function cannotOpen(dataDir: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  return new StoreUnavailableError(`Cannot open the embedded database in ${dataDir}: ${(error as Error).message}`, {
    cause: error,
  });
}
