import type { Logger } from 'pino';
import { STORE_LOOK_MS } from '../config';
import { SCHEMA } from './schema';
import { WATCHED_COLLECTIONS, type Store, type StoreIdentity, type WatchedCollection } from './types';

/**
 * An instance asks the store which database it is (one read and one write) and each watched collection's newest id
 * (one read of its _id index each) every STORE_LOOK_MS by default. A restore, of the database or of one collection, an
 * emptied database or another one behind the same address is noticed within a look and the look itself.
 */
export const STORE_CHANGE_NOTICED_WITHIN_MS = 2 * STORE_LOOK_MS;

/** What changed under the instance, handed to every catch-up. */
export interface StoreChange {
  /** The whole database (another identity, or its clock gone back), or the collections that lost documents. */
  collections: 'all' | readonly WatchedCollection[];
  /** The change came after this: when the last look that still saw the store as it was began. */
  since: Date;
}

/** Work that makes what an instance keeps in memory agree with the store again: drop a cache, seed the demo. */
export type CatchUp = (change: StoreChange) => Promise<unknown> | void;

export interface StoreWatch {
  /** False from a change of the store until every catch-up has run to its end (readiness says 503 meanwhile). */
  readonly caughtUp: boolean;
  /** Runs this, in the order given, each time the store changed under the instance. */
  follow(catchUp: CatchUp): void;
  /** Looks now (tests; the background looks do this every lookMs). */
  look(): Promise<void>;
  /** Looks now and then every lookMs, until stop. */
  start(): void;
  stop(): void;
}

/** Two changes not yet caught up with make one: everything either touched, since the earlier one. */
function joined(first: StoreChange | undefined, second: StoreChange): StoreChange {
  if (!first) return second;
  const collections =
    first.collections === 'all' || second.collections === 'all'
      ? 'all'
      : [...new Set([...first.collections, ...second.collections])];
  return { collections, since: first.since < second.since ? first.since : second.since };
}

/**
 * Notices the store changing under the instance: another identity (an emptied or another database), a clock gone
 * back (a restore to an older snapshot), or a watched collection's newest document gone (that collection alone
 * restored or dropped: nothing else deletes one). The marks snapshots, the paper cache, the admin's credentials and
 * the demo's papers would otherwise go on answering from the database that was.
 */
export function watchStore(store: Store, logger: Logger, { lookMs = STORE_LOOK_MS } = {}): StoreWatch {
  const catchUps: CatchUp[] = [];
  let known: StoreIdentity | undefined;
  /** When the look that saw `known` began. */
  let knownSince = new Date();
  let pending: StoreChange | undefined;
  let looking: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** The watched collections that lost the newest document they held at the last look. */
  async function lostCollections(before: StoreIdentity, now: StoreIdentity): Promise<WatchedCollection[]> {
    const lost = await Promise.all(
      WATCHED_COLLECTIONS.map(async (collection) => {
        const newest = before.newest[collection];
        const gone = newest !== undefined && now.newest[collection] !== newest;
        return gone && !(await store.identity.holds(collection, newest)) ? [collection] : [];
      }),
    );
    return lost.flat();
  }

  async function changeOf(before: StoreIdentity, now: StoreIdentity): Promise<StoreChange | undefined> {
    if (now.identity !== before.identity || now.ticks <= before.ticks) {
      logger.warn('The database changed under this instance (restored, emptied or another one): catching up.');
      return { collections: 'all', since: knownSince };
    }
    const lost = await lostCollections(before, now);
    if (lost.length === 0) return undefined;
    logger.warn(
      { collections: lost.map((collection) => SCHEMA[collection].name) },
      'Collections of the database were restored or dropped under this instance: catching up.',
    );
    return { collections: lost, since: knownSince };
  }

  async function lookOnce(): Promise<void> {
    const startedAt = new Date();
    const seen = await store.identity.look();
    const change = known && (await changeOf(known, seen));
    if (change) pending = joined(pending, change);
    known = seen;
    knownSince = startedAt;
    // A catch-up that failed (the store went away again) is run again at the next look.
    if (pending) {
      for (const catchUp of catchUps) await catchUp(pending);
      pending = undefined;
      logger.info('Caught up with the database.');
    }
  }

  const look = () =>
    (looking ??= lookOnce().finally(() => {
      looking = undefined;
    }));

  function keepLooking(): void {
    timer = setTimeout(() => {
      void look()
        .catch(() => undefined)
        .then(() => {
          if (!stopped) keepLooking();
        });
    }, lookMs);
    timer.unref();
  }
  return {
    start() {
      void look().catch(() => undefined);
      keepLooking();
    },
    get caughtUp() {
      return !pending;
    },
    follow(catchUp) {
      catchUps.push(catchUp);
    },
    look,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
