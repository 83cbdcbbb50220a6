import type { Context, Middleware } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors';
import { plural } from '../../src/domain/words';
import { networkOf } from './network';

export type Consumed = { allowed: true; res: RateLimiterRes } | { allowed: false; res: RateLimiterRes };

/** One consume whose refusal is an answer rather than an exception; store failures still throw. */
export async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  options?: { customDuration: number },
): Promise<Consumed> {
  try {
    return { allowed: true, res: await limiter.consume(key, 1, options) };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { allowed: false, res: refusal };
    throw refusal;
  }
}

/** Counts one request for the key; 0 when it may go ahead, else the milliseconds until it may. */
export async function waitFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const { allowed, res } = await consume(limiter, key);
  return allowed ? 0 : Math.max(1, res.msBeforeNext);
}

/** How long to wait, in the words a person reads: seconds under two minutes, else minutes. */
export function waitInWords(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 120) return `${seconds} ${plural(seconds, 'second')}`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** 429 with a Retry-After header (whole seconds) and a message saying what was limited and how long to wait. */
export function tooManyRequests(
  ctx: Context,
  waitMs: number,
  what: string,
  extra: Record<string, unknown> = {},
): HttpError {
  ctx.state.metrics?.limiterRefusals.inc({ limit: what });
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return new HttpError(429, `Too many ${what}. Please wait ${waitInWords(waitMs)} and try again.`, extra);
}

/** Counts each request under its key before anything else runs, so parallel requests cannot all slip under the limit. */
function limitBy(
  limiter: RateLimiterAbstract,
  keyOf: (ctx: Context) => string,
  refused: string,
  exempt?: (ctx: Context) => boolean,
): Middleware {
  return async (ctx, next) => {
    if (!exempt?.(ctx)) {
      const wait = await waitFor(limiter, keyOf(ctx));
      if (wait > 0) throw tooManyRequests(ctx, wait, refused);
    }
    await next();
  };
}

/** Refuses a client address over its limit with 429, a Retry-After header and a message saying how long to wait. */
export const limitPerAddress = (limiter: RateLimiterAbstract, what: string, exempt?: (ctx: Context) => boolean) =>
  limitBy(limiter, (ctx) => ctx.ip, `${what} from your network`, exempt);

/** The window of the per-day limits. */
export const DAY_MS = 24 * 60 * 60_000;

/** A day's limit per client network (networkOf: IPv4 /24, IPv6 /48), refused as limitPerAddress refuses. */
export const limitPerNetworkPerDay = (limiter: RateLimiterAbstract, what: string, exempt?: (ctx: Context) => boolean) =>
  limitBy(limiter, (ctx) => networkOf(ctx.ip), `${what} from your network today`, exempt);
