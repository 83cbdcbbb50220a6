import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../http/errors';

/**
 * A fixed-window request limit per key (a client address, an e-mail address). In memory and bounded: one process is
 * the deployment unit, and the least recently seen keys are forgotten first when many clients come at once.
 */
export interface RateLimitRule {
  max: number;
  windowMs: number;
  /** Keys remembered at most (memory bound). */
  maxKeys?: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache({ max: rule.maxKeys ?? 50_000 });
  }

  /** Counts one request; returns 0 when allowed, else the milliseconds until the key may try again. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.rule.max ? window.resetAt - now : 0;
  }
}

export function tooManyRequests(ctx: Context, waitMs: number, what: string): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  ctx.set('Retry-After', String(seconds));
  return new HttpError(
    429,
    `Too many ${what} from your network. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  );
}

/** Refuses a client address over its limit with 429, a Retry-After header and a message saying how long to wait. */
export function limitPerAddress(limiter: RateLimiter, what: string, exempt?: (ctx: Context) => boolean): Middleware {
  return async (ctx, next) => {
    if (!exempt?.(ctx)) {
      const wait = limiter.hit(ctx.ip);
      if (wait > 0) throw tooManyRequests(ctx, wait, what);
    }
    await next();
  };
}
