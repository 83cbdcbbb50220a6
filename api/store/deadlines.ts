import { AsyncLocalStorage } from 'node:async_hooks';
import { StoreUnavailableError } from './store-unavailable';

/**
 * How long a store operation may take before the store counts as not answering. A point operation (one document, a
 * page of them) is what a request waits for; a bulk read (every result of a paper: a snapshot build, a re-scoring
 * pass), a count or a delete of many may take longer and still be healthy.
 */
export interface StoreDeadlines {
  operationMs: number;
  bulkMs: number;
}

/** MongoDB answers a point operation in milliseconds: a second without an answer is a store in trouble. */
export const MONGODB_DEADLINES: StoreDeadlines = { operationMs: 1_000, bulkMs: 60_000 };
/**
 * The embedded store runs one operation at a time per collection, in this process: a point operation can queue behind
 * a compaction (0.5 s at 100,000 results, 3.3 s at 250,000), which is slow, not broken.
 */
export const EMBEDDED_DEADLINES: StoreDeadlines = { operationMs: 5_000, bulkMs: 60_000 };

export type OperationKind = 'point' | 'bulk';

/** A probe refused at once (a closed connection) is not repeated sooner. */
const PROBE_INTERVAL_MS = 250;

/** What one request learnt of the store: once an operation of it found the store not answering, the rest need not ask. */
interface Attempt {
  failure?: StoreUnavailableError;
  /** The request's work is over: work it started that goes on (a timer, a job's loop) asks the store again. */
  ended?: boolean;
}
const attempts = new AsyncLocalStorage<Attempt>();

/**
 * Runs a request's work as one attempt on the store: once one of its operations finds the store not answering
 * (missed its deadline, or waited for a probe in vain), its next operations are refused at once, so the request ends
 * after one deadline however many operations it has (a limit counted in memory instead lets it go on to the next).
 */
export async function asOneAttempt<T>(work: () => Promise<T>): Promise<T> {
  const attempt: Attempt = {};
  try {
    return await attempts.run(attempt, work);
  } finally {
    attempt.ended = true;
  }
}

/** The attempt an operation belongs to, while its request's work lasts. */
function currentAttempt(): Attempt | undefined {
  const attempt = attempts.getStore();
  return attempt?.ended ? undefined : attempt;
}

/** A find without a limit reads every document that matches: bulk. With one it reads a page at most. */
export const findKind = (options?: { limit?: number }): OperationKind =>
  options?.limit === undefined ? 'bulk' : 'point';

/**
 * Every operation of one store goes through its gate, and each has a deadline. When an operation misses it, or fails
 * because the database cannot be reached, the store is found not answering: every operation still waiting on the
 * database is answered at once with StoreUnavailableError, so a request already in flight ends as soon as a new one.
 * From then on an operation first waits for the store to answer a probe (a ping, one at a time, shared by every
 * operation waiting), at most the point deadline, whatever its own: while the database hangs each request ends with
 * 503 after at most one deadline, and the first probe the database answers lets every waiting operation through.
 */
export interface StoreGate {
  run<T>(operation: () => Promise<T>, kind: OperationKind): Promise<T>;
  /** False from a failure until the database answers again (readiness). */
  readonly answering: boolean;
}

/**
 * @param isOutage tells a failure that says the database cannot be reached from one that says the request was wrong.
 * @param probe the cheapest question the database can answer.
 */
export function storeGate(
  deadlines: StoreDeadlines,
  isOutage: (error: unknown) => boolean,
  probe: () => Promise<unknown>,
): StoreGate {
  let answering = true;
  let probing: Promise<void> | undefined;
  /** The operations sent to the database and not answered yet: each ends with the error it is given. */
  const sent = new Set<(error: StoreUnavailableError) => void>();

  const foundNotAnswering = (error: StoreUnavailableError) => {
    answering = false;
    for (const cut of [...sent]) cut(error);
  };

  /**
   * One probe at a time: the database answers it within the point deadline, or the store stays not answering. A probe
   * refused at once (a closed connection) is not repeated before PROBE_INTERVAL_MS.
   */
  const probeOnce = () => {
    const started = performance.now();
    return (probing ??= withDeadline(probe(), deadlines.operationMs)
      .then(
        () => {
          answering = true;
        },
        () => sleep(PROBE_INTERVAL_MS - (performance.now() - started)),
      )
      .finally(() => {
        probing = undefined;
      }));
  };

  /**
   * Resolves once the database answers a probe; rejects after the point deadline, whatever the operation's own: a
   * bulk read is no reason to wait longer for a database that does not answer a ping.
   */
  async function untilAnswering(): Promise<void> {
    const until = performance.now() + deadlines.operationMs;
    while (!answering) {
      const left = until - performance.now();
      if (left <= 0) throw timedOut(deadlines.operationMs);
      await Promise.race([probeOnce(), sleep(left)]);
    }
  }

  return {
    get answering() {
      return answering;
    },
    run<T>(operation: () => Promise<T>, kind: OperationKind): Promise<T> {
      const limitMs = kind === 'point' ? deadlines.operationMs : deadlines.bulkMs;
      const attempt = currentAttempt();
      if (attempt?.failure) return Promise.reject(attempt.failure);
      return new Promise<T>((resolve, reject) => {
        let state: 'waiting' | 'sent' | 'settled' = 'waiting';
        const settle = (outcome: () => void) => {
          if (state === 'settled') return;
          state = 'settled';
          clearTimeout(timer);
          sent.delete(cut);
          outcome();
        };
        const cut = (error: unknown) =>
          settle(() => {
            if (attempt && !attempt.ended && error instanceof StoreUnavailableError) attempt.failure = error;
            // A failure that is no outage goes on as the operation gave it.
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the operation's own reason
            reject(error);
          });
        const timer = setTimeout(() => {
          const late = timedOut(limitMs);
          // Sent and not answered in time: the database is not answering. Still waiting for a probe: it was not.
          const wasSent = state === 'sent';
          cut(late);
          if (wasSent) foundNotAnswering(late);
        }, limitMs);
        const send = () => {
          if (state === 'settled') return;
          state = 'sent';
          sent.add(cut);
          operation().then(
            (value) => {
              // Even the answer to an operation given up on says the database answers again.
              answering = true;
              settle(() => resolve(value));
            },
            (error: unknown) => {
              if (!isOutage(error)) return cut(error);
              const unavailable =
                error instanceof StoreUnavailableError
                  ? error
                  : new StoreUnavailableError('The database cannot be reached.', { cause: error });
              cut(unavailable);
              foundNotAnswering(unavailable);
            },
          );
        };
        if (answering) send();
        else untilAnswering().then(send, cut);
      });
    },
  };
}

function timedOut(limitMs: number): StoreUnavailableError {
  return new StoreUnavailableError(`The database did not answer within ${limitMs} ms.`, { kind: 'timeout' });
}

/** The promise, or a rejection once `ms` have passed. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut(ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
