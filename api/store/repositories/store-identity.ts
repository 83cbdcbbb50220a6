import { randomUUID } from 'node:crypto';
import type { Doc, DocumentCollection } from '../collection';
import { DuplicateError, WATCHED_COLLECTIONS, type StoreIdentityRepository, type WatchedCollection } from '../types';

/** The one document that says which database this is and how far its clock has come. */
export interface StoreIdentityDoc {
  _id: 'store';
  identity: string;
  ticks: number;
}

const ID = 'store';

export function storeIdentityRepository(
  documents: DocumentCollection<StoreIdentityDoc>,
  watched: Record<WatchedCollection, DocumentCollection<Doc>>,
): StoreIdentityRepository {
  /** The document, written first on a store that has none (a new, emptied or other database). */
  async function read(): Promise<StoreIdentityDoc> {
    const found = await documents.findOne({ _id: ID });
    if (found) return found;
    const created: StoreIdentityDoc = { _id: ID, identity: randomUUID(), ticks: 0 };
    try {
      await documents.insertOne(created);
      return created;
    } catch (error) {
      // Another instance wrote it first: theirs is the store's.
      if (!(error instanceof DuplicateError)) throw error;
      return (await documents.findOne({ _id: ID }))!;
    }
  }

  async function newestIds() {
    const ids = await Promise.all(WATCHED_COLLECTIONS.map((name) => watched[name].newestId()));
    return Object.fromEntries(WATCHED_COLLECTIONS.flatMap((name, at) => (ids[at] ? [[name, ids[at]]] : [])));
  }

  return {
    async look() {
      const { identity, ticks } = await read();
      // Compare-and-set: when it does not match, another instance moved the clock past `ticks` meanwhile.
      await documents.updateOne({ _id: ID, ticks }, { $set: { ticks: ticks + 1 } });
      return { identity, ticks: ticks + 1, newest: await newestIds() };
    },
    async holds(collection, id) {
      return (await watched[collection].findOne({ _id: id })) !== null;
    },
  };
}
