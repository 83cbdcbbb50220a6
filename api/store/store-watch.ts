import type { Logger } from 'pino';
import { STORE_LOOK_MS } from '../config';
import type { Store, StoreIdentity } from './types';

/**
 * An instance asks the store which database it is (one read and one write) every STORE_LOOK_MS by default. A
 * restore, an emptied database or another one behind the same address is noticed within a look and the look itself.
 */
export const STORE_CHANGE_NOTICED_WITHIN_MS = 2 * STORE_LOOK_MS;

/** Work that makes what an instance keeps in memory agree with the store again: drop a cache, seed the demo. */
export type CatchUp = () => Promise<unknown> | void;

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

/**
 * Notices the store changing under the instance: another identity (an emptied or another database) or a clock gone
 * back (a restore to an older snapshot). The marks snapshots, the paper cache and the demo's papers would otherwise
 * go on answering from the database that was.
 */
export function watchStore(store: Store, logger: Logger, { lookMs = STORE_LOOK_MS } = {}): StoreWatch {
  const catchUps: CatchUp[] = [];
  let known: StoreIdentity | undefined;
  let behind = false;
  let looking: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function lookOnce(): Promise<void> {
    const seen = await store.identity.look();
    if (known && (seen.identity !== known.identity || seen.ticks <= known.ticks)) {
      logger.warn('The database changed under this instance (restored, emptied or another one): catching up.');
      behind = true;
    }
    known = seen;
    // A catch-up that failed (the store went away again) is run again at the next look.
    if (behind) {
      for (const catchUp of catchUps) await catchUp();
      behind = false;
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
      return !behind;
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
