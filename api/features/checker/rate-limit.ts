import type { Context, Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests, waitFor } from '../../http/limiters';

/**
 * Refuses a client address over its limit with 429, a Retry-After header and a message saying how long to wait.
 * The request is counted before anything else runs, so parallel requests cannot all slip under the limit.
 */
export function limitPerAddress(
  limiter: RateLimiterAbstract,
  what: string,
  exempt?: (ctx: Context) => boolean,
): Middleware {
  return async (ctx, next) => {
    if (!exempt?.(ctx)) {
      const wait = await waitFor(limiter, ctx.ip);
      if (wait > 0) throw tooManyRequests(ctx, wait, `${what} from your network`);
    }
    await next();
  };
}
