import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop } from './poll-loop';

const INTERVAL_MS = 2_000;

/** Work whose runs end when the test says so: `finish()` ends the oldest one still going. */
function controlledWork() {
  const endings: Array<() => void> = [];
  const work = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        endings.push(resolve);
      }),
  );
  return { work, finish: () => endings.shift()?.() };
}

describe('a poll loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs now and then every interval', async () => {
    const work = vi.fn(() => Promise.resolve());
    const loop = createPollLoop(work, { intervalMs: INTERVAL_MS, onError: () => undefined });
    loop.poll();
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * INTERVAL_MS);
    expect(work).toHaveBeenCalledTimes(5);
    await loop.stop();
  });

  it('never starts a run while one is going: a slow run is the next one too', async () => {
    const { work, finish } = controlledWork();
    const loop = createPollLoop(work, { intervalMs: INTERVAL_MS, onError: () => undefined });
    loop.poll();
    await vi.advanceTimersByTimeAsync(3 * INTERVAL_MS);
    expect(work).toHaveBeenCalledTimes(1);
    expect(loop.running).toBe(true);
    finish();
    await loop.idle();
    expect(loop.running).toBe(false);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(work).toHaveBeenCalledTimes(2);
    finish();
    await loop.stop();
  });

  it('reports a failed run and goes on at the next interval', async () => {
    const failure = new Error('the store went away');
    const work = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onError = vi.fn();
    const loop = createPollLoop(work, { intervalMs: INTERVAL_MS, onError });
    loop.poll();
    await loop.idle();
    expect(onError).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(work).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
    await loop.stop();
  });

  it('polled again, runs at once and counts the interval from then', async () => {
    const work = vi.fn(() => Promise.resolve());
    const loop = createPollLoop(work, { intervalMs: INTERVAL_MS, onError: () => undefined });
    loop.poll();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS / 2);
    loop.poll();
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(3);
    await loop.stop();
  });

  it('stopped, waits for the run under way and starts no other', async () => {
    const { work, finish } = controlledWork();
    const loop = createPollLoop(work, { intervalMs: INTERVAL_MS, onError: () => undefined });
    loop.poll();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    loop.poll();
    await vi.advanceTimersByTimeAsync(3 * INTERVAL_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
