import { setTimeout as pause } from 'node:timers/promises';
import { inspect } from 'node:util';

export interface EventuallyOptions {
  /** Generous by default: a check that holds ends the wait at once, so only a failing test waits this long. */
  timeoutMs?: number;
  intervalMs?: number;
  /** What the test waits for, as the failure names it ("mail for a@b.c", "the re-scoring job"). */
  what?: string;
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

// Real time even while a test fakes timers or the clock: what it waits for (a socket, a worker) lives in real time,
// and a faked setTimeout would never wake this loop.
const now = performance.now.bind(performance);

/**
 * Asks `check` again and again until it answers a truthy value (the mail, the job, `true`), and resolves with that
 * value. A check that throws has not held yet either: what a test waits for often fails until it exists (a record not
 * written, a server not ready), and the last error is the best account of why it never came.
 *
 * Tests wait for the thing they expect, never for a fixed time: a fixed time is too short on a busy machine and
 * wasted on an idle one.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50, what = 'the check to hold' }: EventuallyOptions = {},
): Promise<Truthy<T>> {
  const deadline = now() + timeoutMs;
  for (;;) {
    let last: string;
    let cause: unknown;
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
      last = `the last check answered ${inspect(value)}`;
    } catch (error) {
      cause = error;
      last = `the last check threw: ${error instanceof Error ? error.message : inspect(error)}`;
    }
    const left = deadline - now();
    if (left <= 0) throw new Error(`Waited ${timeoutMs} ms for ${what}; ${last}`, { cause });
    await pause(Math.min(intervalMs, left));
  }
}
