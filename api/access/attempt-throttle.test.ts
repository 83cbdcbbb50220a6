import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLimiters } from '../store';
import { RECENT_FAILURES_KEPT, SignInThrottle, TooManyAttemptsError } from './attempt-throttle';

/** One free failure per e-mail, then a wait: whether an e-mail's failures still count shows at its next attempt. */
const RULES = {
  name: 'test-sign-in',
  freeFailures: 1,
  firstDelayMs: 60_000,
  maxDelayMs: 60_000,
  failuresPerAddress: 10 * RECENT_FAILURES_KEPT,
  addressWindowMs: 60_000,
};
const ADDRESS = '203.0.113.9';
const wrong = () => Promise.resolve(null);
const right = () => Promise.resolve('signed in');

describe('SignInThrottle.forgiveFailuresSince', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`forgives the newest ${RECENT_FAILURES_KEPT} failures since then, not older ones`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const throttle = new SignInThrottle(RULES, memoryLimiters);
    expect(await throttle.attempt('before@example.org', ADDRESS, wrong)).toBeNull();
    vi.setSystemTime(Date.now() + 1);
    const since = new Date();
    const emails = Array.from({ length: RECENT_FAILURES_KEPT + 1 }, (_, n) => `failed${n}@example.org`);
    for (const email of emails) await throttle.attempt(email, ADDRESS, wrong);

    await throttle.forgiveFailuresSince(since);
    // The oldest failure since then fell out of the thousand kept; the failure before then was never the change's.
    await expect(throttle.attempt(emails[0]!, ADDRESS, right)).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(throttle.attempt('before@example.org', ADDRESS, right)).rejects.toBeInstanceOf(TooManyAttemptsError);
    expect(await throttle.attempt(emails[1]!, ADDRESS, right)).toBe('signed in');
    expect(await throttle.attempt(emails.at(-1)!, ADDRESS, right)).toBe('signed in');
  });
});
