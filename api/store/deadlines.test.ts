import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asOneAttempt, storeGate } from './deadlines';
import { StoreUnavailableError } from './types';

const DEADLINES = { operationMs: 100, bulkMs: 400 };
const OUTAGE = new Error('connection refused');
const isOutage = (error: unknown) => error === OUTAGE;

/** An operation that answers when told to (or never). */
function pending<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { operation: () => promise, answer };
}

/** How the promise settles, and after how many milliseconds of the test's clock. */
function timed(promise: Promise<unknown>) {
  const started = performance.now();
  return promise.then(
    (value) => ({ value, error: undefined, ms: performance.now() - started }),
    (error: unknown) => ({ value: undefined, error, ms: performance.now() - started }),
  );
}

/** Moves the test's clock on, running what falls due on the way; then the answer of what settled by then. */
async function after<T>(ms: number, outcome: Promise<T>): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

const unavailable = expect.any(StoreUnavailableError) as unknown;

describe('storeGate: every store operation has a deadline', () => {
  // Deadlines are the gate's timers and performance.now() readings: on a clock of the test's own they are exact,
  // where a real one adds whatever else the machine is doing.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an operation at its deadline, and with it every other one the database owes an answer', async () => {
    const database = pending<string>();
    const gate = storeGate(DEADLINES, isOutage, database.operation);
    const bulk = timed(gate.run(database.operation, 'bulk'));
    await vi.advanceTimersByTimeAsync(50);
    const point = await after(DEADLINES.operationMs, timed(gate.run(database.operation, 'point')));
    expect(point.error).toEqual(unavailable);
    expect((point.error as StoreUnavailableError).kind).toBe('timeout');
    expect(point.ms).toBe(DEADLINES.operationMs);
    // The bulk read had 400 ms: the store found not answering ends it with the point operation, 150 ms in.
    const ended = await bulk;
    expect(ended.error).toEqual(unavailable);
    expect(ended.ms).toBe(50 + DEADLINES.operationMs);
    expect(gate.answering).toBe(false);
  });

  it('while not answering, holds each operation for one shared probe within its deadline, never longer', async () => {
    let probes = 0;
    const hung = pending<void>();
    const gate = storeGate(DEADLINES, isOutage, () => {
      probes++;
      return hung.operation();
    });
    await expect(gate.run(() => Promise.reject(OUTAGE), 'point')).rejects.toEqual(unavailable);
    let asked = 0;
    const waiting = await after(
      DEADLINES.operationMs,
      Promise.all([1, 2, 3].map(() => timed(gate.run(() => Promise.resolve(asked++), 'point')))),
    );
    expect(waiting).toEqual([1, 2, 3].map(() => ({ value: undefined, error: unavailable, ms: DEADLINES.operationMs })));
    expect({ probes, asked }).toEqual({ probes: 1, asked: 0 });
  });

  it('holds a bulk read of a store not answering no longer than a point operation', async () => {
    const gate = storeGate(DEADLINES, isOutage, pending<void>().operation);
    await expect(gate.run(() => Promise.reject(OUTAGE), 'point')).rejects.toEqual(unavailable);
    const bulk = await after(DEADLINES.operationMs, timed(gate.run(() => Promise.resolve('not asked'), 'bulk')));
    expect(bulk.error).toEqual(unavailable);
    expect(bulk.ms).toBe(DEADLINES.operationMs);
  });

  it('lets every waiting operation through once the database answers a probe', async () => {
    const database = pending<void>();
    const gate = storeGate(DEADLINES, isOutage, database.operation);
    await expect(gate.run(() => Promise.reject(OUTAGE), 'point')).rejects.toEqual(unavailable);
    const waiting = [1, 2].map((n) => timed(gate.run(() => Promise.resolve(n), 'point')));
    await vi.advanceTimersByTimeAsync(30);
    database.answer();
    expect(await Promise.all(waiting)).toEqual([1, 2].map((value) => ({ value, error: undefined, ms: 30 })));
    expect(gate.answering).toBe(true);
  });

  it('refuses the rest of one attempt at once once the store failed it; another attempt waits for a probe', async () => {
    const database = pending<void>();
    const gate = storeGate(DEADLINES, isOutage, database.operation);
    const request = asOneAttempt(async () => {
      await expect(gate.run(() => Promise.reject(OUTAGE), 'point')).rejects.toEqual(unavailable);
      return timed(gate.run(() => Promise.resolve('not asked'), 'point'));
    });
    const rest = await request;
    expect(rest.error).toEqual(unavailable);
    expect(rest.ms).toBe(0);
    const other = asOneAttempt(() => gate.run(() => Promise.resolve('asked once answering'), 'point'));
    database.answer();
    await expect(other).resolves.toBe('asked once answering');
  });

  it('lets work a request left behind (a timer it set) ask the store again once the request is over', async () => {
    const gate = storeGate(DEADLINES, isOutage, () => Promise.resolve());
    let later: Promise<string> | undefined;
    await asOneAttempt(async () => {
      await expect(gate.run(() => Promise.reject(OUTAGE), 'point')).rejects.toEqual(unavailable);
      later = new Promise((resolve) => {
        setTimeout(() => resolve(gate.run(() => Promise.resolve('asked after the request'), 'point')), 300);
      });
    });
    await expect(after(300, later!)).resolves.toBe('asked after the request');
  });

  it('gives a bulk read its longer deadline, and passes a failure that is no outage on as it is', async () => {
    const gate = storeGate(DEADLINES, isOutage, () => Promise.resolve());
    const slowBulk = gate.run(() => new Promise((resolve) => setTimeout(() => resolve('all of them'), 200)), 'bulk');
    await expect(after(200, slowBulk)).resolves.toBe('all of them');
    const refusal = new Error('duplicate key');
    await expect(gate.run(() => Promise.reject(refusal), 'point')).rejects.toBe(refusal);
    expect(gate.answering).toBe(true);
  });
});
