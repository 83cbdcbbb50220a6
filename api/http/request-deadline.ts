import type { Middleware } from 'koa';
import { HttpError } from './errors';
import { asOneAttempt } from '../store/deadlines';

export const REQUEST_TIMEOUT_MESSAGE = 'HireGate took too long to answer. Please try again in a few seconds.';
/** Whatever held the request up (a slow portal, a busy database) is usually over in seconds. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every API request ends within the server's deadline: past it the client is answered 503 with Retry-After, and the
 * work still under way finishes unseen (its answer is dropped). The work is one attempt on the store: once the store
 * fails one of its operations, the rest are refused at once. Put after the body parser, so a client's slow upload
 * does not count against the server's time. Each part of the work has a deadline of its own well within this one
 * (the store's operations, the portal's fetch); this is the end of all of them together.
 */
export function requestDeadline(timeoutMs: number): Middleware {
  return async (ctx, next) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        ctx.state.log?.warn({ timeoutMs }, 'request took longer than its deadline');
        reject(
          new HttpError(
            503,
            REQUEST_TIMEOUT_MESSAGE,
            { code: 'REQUEST_TIMEOUT' },
            { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          ),
        );
      }, timeoutMs);
    });
    const work = asOneAttempt(next);
    // The work left behind may still fail; it has no one left to tell.
    work.catch(() => undefined);
    try {
      await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
