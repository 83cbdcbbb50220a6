import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_CHANGE_NOTICED_WITHIN_MS, watchStore, type StoreChange, type StoreWatch } from './store-watch';
import type { Store, WatchedCollection } from './types';

interface Database {
  identity: string;
  ticks: number;
  /** Each collection's ids, oldest first. */
  ids: Partial<Record<WatchedCollection, string[]>>;
}

const CHANGES: Array<[string, (database: Database) => void, StoreChange['collections']]> = [
  ['restored to an older snapshot (its clock gone back)', (database) => void (database.ticks = 0), 'all'],
  ['swapped for another', (database) => void (database.identity = 'second'), 'all'],
  ['with its results dropped', (database) => void (database.ids.results = []), ['results']],
  [
    'with its users restored to an older snapshot and a result added since',
    (database) => {
      database.ids.users = ['u1'];
      database.ids.results!.push('r3');
    },
    ['users'],
  ],
];

/** A store of the database's ids, and the time each look began, on the test's clock. */
function storeOf(database: Database, changeAfterLook: number, change: (database: Database) => void) {
  let looks = 0;
  const changedAt: number[] = [];
  const store = {
    identity: {
      look: () => {
        const newest = Object.fromEntries(
          Object.entries(database.ids).flatMap(([name, ids]) => (ids.length > 0 ? [[name, ids.at(-1)]] : [])),
        );
        const seen = { identity: database.identity, ticks: ++database.ticks, newest };
        // Right after a look answered: the longest the instance can go on with what it keeps in memory.
        if (++looks === changeAfterLook) {
          change(database);
          changedAt.push(Date.now());
        }
        return Promise.resolve(seen);
      },
      holds: (collection: WatchedCollection, id: string) =>
        Promise.resolve(database.ids[collection]?.includes(id) ?? false),
    },
  } as unknown as Store;
  return { store, changedAt };
}

describe('watchStore', () => {
  let watch: StoreWatch | undefined;
  afterEach(() => {
    watch?.stop();
    vi.useRealTimers();
  });

  it.each(CHANGES)(
    'catches up with a database %s within STORE_CHANGE_NOTICED_WITHIN_MS',
    async (_what, change, collections) => {
      // The clock is the test's: the documented time holds exactly, however busy the machine.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const database: Database = { identity: 'first', ticks: 0, ids: { users: ['u1', 'u2'], results: ['r1', 'r2'] } };
      const { store, changedAt } = storeOf(database, 3, change);
      watch = watchStore(store, pino({ level: 'silent' }));
      const caughtUp: Array<{ at: number; change: StoreChange }> = [];
      watch.follow((seen) => void caughtUp.push({ at: Date.now(), change: seen }));
      watch.start();

      await vi.advanceTimersByTimeAsync(5 * STORE_CHANGE_NOTICED_WITHIN_MS);
      expect(caughtUp).toHaveLength(1);
      const [{ at, change: seen }] = caughtUp as [(typeof caughtUp)[0]];
      expect(at - changedAt[0]!).toBeGreaterThan(0);
      expect(at - changedAt[0]!).toBeLessThanOrEqual(STORE_CHANGE_NOTICED_WITHIN_MS);
      expect(seen.collections).toEqual(collections);
      // The catch-ups learn when the store was last seen as it was: before the change, within a look of it.
      expect(seen.since.getTime()).toBeLessThanOrEqual(changedAt[0]!);
      expect(changedAt[0]! - seen.since.getTime()).toBeLessThanOrEqual(STORE_CHANGE_NOTICED_WITHIN_MS);
      expect(watch.caughtUp).toBe(true);
    },
  );

  it('takes new documents, and a collection filled for the first time, for no change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const database: Database = { identity: 'first', ticks: 0, ids: { results: ['r1'] } };
    const { store } = storeOf(database, 2, (changed) => {
      changed.ids.results!.push('r2', 'r3');
      changed.ids.papers = ['CS1-2026'];
    });
    watch = watchStore(store, pino({ level: 'silent' }));
    const catchUp = vi.fn();
    watch.follow(catchUp);
    watch.start();

    await vi.advanceTimersByTimeAsync(5 * STORE_CHANGE_NOTICED_WITHIN_MS);
    expect(catchUp).not.toHaveBeenCalled();
  });
});
