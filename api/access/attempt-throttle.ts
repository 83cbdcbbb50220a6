import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consume, waitFor } from '../http/limiters';
import type { LimiterFactory } from '../store';

/**
 * Slows password guessing without locking the owner out. Every attempt claims its place BEFORE the password is
 * checked, so parallel requests cannot all slip through. Per e-mail, the first `freeFailures` attempts go ahead;
 * after them, one attempt at a time, each after a wait that doubles with every failure (`firstDelayMs`, twice that,
 * ... up to `maxDelayMs`): a guesser gets a few tries a day, the owner waits seconds to minutes, never a fixed
 * lock-out. Per client address, a fixed number of failures per window. A success forgives the e-mail and does not
 * count against the address.
 */
export interface SignInRules {
  /** Names the limiters' keys: one throttle per kind of sign-in. */
  name: string;
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  failuresPerAddress: number;
  addressWindowMs: number;
}

/** Failures per e-mail are forgotten a day after the first one. */
const FORGET_FAILURES_MS = 24 * 60 * 60_000;

/**
 * The failures this process remembers, newest last, for forgiveFailuresSince: a store change is noticed within
 * seconds, so the newest thousand are more than a restore's window holds, even under a guesser's attempts.
 */
export const RECENT_FAILURES_KEPT = 1_000;

interface Failure {
  key: string;
  address: string;
  at: number;
}

export class TooManyAttemptsError extends Error {
  constructor(readonly waitMs: number) {
    super('too many sign-in attempts');
  }
}

export class SignInThrottle {
  private readonly byAddress: RateLimiterAbstract;
  /** Attempts per e-mail since its last success: the free ones, then the ones that had their turn. */
  private readonly attempts: RateLimiterAbstract;
  /** One turn per e-mail per wait, once the free attempts are used. */
  private readonly turns: RateLimiterAbstract;
  private recentFailures: Failure[] = [];

  constructor(
    private readonly rules: SignInRules,
    limiters: LimiterFactory,
  ) {
    this.byAddress = limiters({
      name: `${rules.name}-address`,
      points: rules.failuresPerAddress,
      windowMs: rules.addressWindowMs,
    });
    this.attempts = limiters({ name: `${rules.name}-email`, points: rules.freeFailures, windowMs: FORGET_FAILURES_MS });
    this.turns = limiters({ name: `${rules.name}-turn`, points: 1, windowMs: rules.maxDelayMs });
  }

  /**
   * Runs `check` (the password check) when the e-mail and the address may try now, else throws TooManyAttemptsError
   * with the wait. `check` answers null for wrong credentials.
   */
  async attempt<T>(email: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
    const key = email.toLowerCase();
    const addressWait = await waitFor(this.byAddress, address);
    if (addressWait > 0) throw new TooManyAttemptsError(addressWait);
    const emailWait = await this.claimTurn(key);
    if (emailWait > 0) {
      await this.byAddress.reward(address);
      throw new TooManyAttemptsError(emailWait);
    }
    const result = await check();
    if (result !== null) await this.forgive(key, address);
    else this.remember({ key, address, at: Date.now() });
    return result;
  }

  /**
   * Forgets every failure this process counted since then, wholly: the e-mails' waits and the addresses' counts. For
   * failures a store change caused (accounts a restore took away), not the person trying: see docs/operations.md.
   */
  async forgiveFailuresSince(since: Date): Promise<void> {
    const caused = this.recentFailures.filter((failure) => failure.at >= since.getTime());
    this.recentFailures = this.recentFailures.filter((failure) => failure.at < since.getTime());
    const keys = new Set(caused.map((failure) => failure.key));
    const addresses = new Set(caused.map((failure) => failure.address));
    await Promise.all([
      ...[...keys].map((key) => this.forgiveEmail(key)),
      ...[...addresses].map((address) => this.byAddress.delete(address)),
    ]);
  }

  /** Clears the e-mail's failures: after a success, or once the owner has proved themselves by a reset mail. */
  async forgiveEmail(email: string): Promise<void> {
    const key = email.toLowerCase();
    await Promise.all([this.attempts.delete(key), this.turns.delete(key)]);
  }

  private async forgive(key: string, address: string): Promise<void> {
    await Promise.all([this.forgiveEmail(key), this.byAddress.reward(address)]);
  }

  private remember(failure: Failure): void {
    this.recentFailures.push(failure);
    if (this.recentFailures.length > RECENT_FAILURES_KEPT) this.recentFailures.shift();
  }

  /** Seconds to wait after the n-th failure beyond the free ones (n ≥ 1). */
  private delaySeconds(n: number): number {
    return Math.min(this.rules.firstDelayMs * 2 ** (n - 1), this.rules.maxDelayMs) / 1000;
  }

  /** 0 when the e-mail may try now, else the milliseconds until its next turn. */
  private async claimTurn(key: string): Promise<number> {
    const free = await consume(this.attempts, key);
    if (free.allowed) {
      // The last free attempt closes the door behind it: the next one waits, whatever this one's outcome.
      if (free.res.remainingPoints === 0) await this.turns.block(key, this.delaySeconds(1));
      return 0;
    }
    const beyond = free.res.consumedPoints - this.rules.freeFailures;
    const turn = await consume(this.turns, key, { customDuration: this.delaySeconds(beyond + 1) });
    if (turn.allowed) return 0;
    // A refused attempt was never tried, so it does not lengthen the wait.
    await this.attempts.reward(key);
    return Math.max(1, turn.res.msBeforeNext);
  }
}
