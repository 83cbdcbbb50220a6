/**
 * Counts failed sign-in attempts per key (a client address, an e-mail) in a fixed window and says when a key is
 * locked out. In memory: one process is the deployment unit; a restart forgives everyone, which is acceptable.
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

interface Window {
  failures: number;
  startedAt: number;
}

export class AttemptThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not locked out. */
  retryAfterMs(key: string): number {
    const window = this.current(key);
    if (!window || window.failures < this.rule.maxFailures) return 0;
    return window.startedAt + this.rule.windowMs - this.now();
  }

  recordFailure(key: string): void {
    const window = this.current(key);
    if (window) window.failures += 1;
    else this.windows.set(key, { failures: 1, startedAt: this.now() });
    if (this.windows.size > 10_000) this.forgetExpired();
  }

  forgive(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.startedAt >= this.rule.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private forgetExpired(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
