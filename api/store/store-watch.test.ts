import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_CHANGE_NOTICED_WITHIN_MS, watchStore, type StoreWatch } from './store-watch';
import type { Store } from './types';

interface Database {
  identity: string;
  ticks: number;
}

const CHANGES: Array<[string, (database: Database) => void]> = [
  ['restored to an older snapshot (its clock gone back)', (database) => void (database.ticks = 0)],
  ['swapped for another', (database) => void (database.identity = 'second')],
];

describe('watchStore', () => {
  let watch: StoreWatch | undefined;
  afterEach(() => {
    watch?.stop();
    vi.useRealTimers();
  });

  it.each(CHANGES)('catches up with a database %s within STORE_CHANGE_NOTICED_WITHIN_MS', async (_what, change) => {
    // The clock is the test's: the documented time holds exactly, however busy the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const database: Database = { identity: 'first', ticks: 0 };
    let looks = 0;
    let changedAt = Number.NaN;
    const store = {
      identity: {
        look: () => {
          const seen = { identity: database.identity, ticks: ++database.ticks };
          // Right after a look answered: the longest the instance can go on with what it keeps in memory.
          if (++looks === 3) {
            change(database);
            changedAt = Date.now();
          }
          return Promise.resolve(seen);
        },
      },
    } as unknown as Store;
    watch = watchStore(store, pino({ level: 'silent' }));
    const caughtUpAt: number[] = [];
    watch.follow(() => void caughtUpAt.push(Date.now()));
    watch.start();

    await vi.advanceTimersByTimeAsync(5 * STORE_CHANGE_NOTICED_WITHIN_MS);
    expect(caughtUpAt).toHaveLength(1);
    expect(caughtUpAt[0]! - changedAt).toBeGreaterThan(0);
    expect(caughtUpAt[0]! - changedAt).toBeLessThanOrEqual(STORE_CHANGE_NOTICED_WITHIN_MS);
    expect(watch.caughtUp).toBe(true);
  });
});
