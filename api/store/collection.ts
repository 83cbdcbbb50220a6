import { randomBytes } from 'node:crypto';

/**
 * The small MongoDB-like subset both databases speak, so each repository is written once. Filters use only
 * operators that MongoDB, mongo-java-server and nedb agree on: equality, $gt/$gte/$lt/$lte, $in, $exists.
 */
export interface Doc {
  _id: string;
}

export type Filter = Record<string, unknown>;

export interface Update {
  /** Fields set to undefined are left unchanged (both adapters drop them). */
  $set?: Record<string, unknown>;
  $unset?: Record<string, true>;
}

export type SortOrder = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortOrder;
  skip?: number;
  limit?: number;
  /** Fields left out of the returned documents (absent then, whatever the document type says). */
  omit?: string[];
}

export interface DocumentCollection<D extends Doc> {
  /** @throws DuplicateError when a unique index refuses it. */
  insertOne(doc: D): Promise<void>;
  findOne(filter: Filter): Promise<D | null>;
  find(filter: Filter, options?: FindOptions): Promise<D[]>;
  /** Only the named fields (and _id) of the matching documents. */
  project<K extends keyof D & string>(filter: Filter, fields: K[]): Promise<Pick<D, K | '_id'>[]>;
  count(filter: Filter): Promise<number>;
  /** The greatest _id held (newId's sort by creation), from the _id index alone; undefined when empty. */
  newestId(): Promise<string | undefined>;
  /** @returns whether a document matched. @throws DuplicateError when a unique index refuses it. */
  updateOne(filter: Filter, update: Update): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface IndexSpec {
  /** Field → 1 ascending / -1 descending, in key order. */
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

/**
 * A collection name with the indexes both adapters create at start, those they drop if an older version made them,
 * and the fields an older version named otherwise (old name → name), which they rename in between: after the retired
 * indexes go, so a unique one cannot refuse the renamed documents, and before the new ones are built on them.
 */
export interface CollectionSpec {
  name: string;
  indexes: IndexSpec[];
  retiredIndexes?: IndexSpec[];
  renamedFields?: Record<string, string>;
}

/**
 * 24 hex digits like a MongoDB ObjectId (4 bytes of seconds, 8 random), so ids sort roughly by creation and read
 * familiarly in the admin area, yet stay plain strings that nedb and every client handle alike.
 */
export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

/** $set without undefined values: MongoDB (ignoreUndefined) and nedb would otherwise disagree about them. */
export function definedFields<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** The update both adapters send: undefined values dropped, empty operators left out. */
export function cleanUpdate(update: Update): Update {
  const clean: Update = {};
  const set = update.$set && definedFields(update.$set);
  if (set && Object.keys(set).length > 0) clean.$set = set;
  if (update.$unset && Object.keys(update.$unset).length > 0) clean.$unset = update.$unset;
  return clean;
}

/** A projection leaving these fields out (the same syntax in MongoDB and nedb). */
export function exclusion(fields: string[]): Record<string, 0> {
  return Object.fromEntries(fields.map((field) => [field, 0]));
}
