import type { Middleware } from 'koa';
import { StoreUnavailableError } from '../store/types';

/** A failure whose message is meant for the user; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra JSON fields the spec's clients read beside `message` (e.g. `success: false`). */
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';
const STORE_UNAVAILABLE_MESSAGE = 'HireGate cannot reach its database right now. Please try again in a few seconds.';
/** A database restart or a replica-set election is over in seconds. */
const STORE_RETRY_AFTER_SECONDS = 5;

/** Known low-level failures (body parser, payload size) mapped to clear messages. */
function describe(error: unknown): { status: number; message: string; extra: Record<string, unknown> } {
  if (error instanceof HttpError) return { status: error.status, message: error.message, extra: error.extra };
  const status = (error as { status?: number }).status;
  if (status === 413) return { status, message: 'The request body is too large.', extra: {} };
  if (status === 415) return { status, message: 'Send the request body as JSON.', extra: {} };
  // co-body (under @koa/bodyparser) rethrows JSON.parse's SyntaxError with status 400.
  if (status === 400 && error instanceof SyntaxError) {
    return { status, message: 'The request body is not valid JSON.', extra: {} };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: (error as Error).message || 'Bad request', extra: {} };
  }
  return { status: 500, message: GENERIC_MESSAGE, extra: {} };
}

function emptyAnswerMessage(status: number, method: string, path: string, allow: string): string {
  if (status === 404) return `No API route for ${method} ${path}`;
  if (status === 405) return `${path} does not accept ${method}; it accepts ${allow}.`;
  return 'The request could not be answered.';
}

/** Every failure leaves as JSON `{message}` with the right status; stack traces go to the log only. */
export const jsonErrors: Middleware = async (ctx, next) => {
  try {
    await next();
    // The routers answer a method none of them knows (PROPFIND, TRACE: scanners) with 501, a server fault. It is the
    // client's: 405 with the methods the path takes, or 404 where no route has the path.
    if (ctx.status === 501 && ctx.body === undefined) ctx.status = ctx.response.get('Allow') ? 405 : 404;
    // A router's own 404 and 405 carry no body: API callers still get JSON `{message}`.
    if (ctx.body === undefined && ctx.status >= 400 && /^\/(api|auth)\//.test(ctx.path)) {
      throw new HttpError(ctx.status, emptyAnswerMessage(ctx.status, ctx.method, ctx.path, ctx.response.get('Allow')));
    }
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      ctx.state.metrics?.storeErrors.inc({ kind: error.kind });
      ctx.state.log?.warn({ err: error }, 'database unavailable');
      ctx.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      ctx.status = 503;
      ctx.body = { message: STORE_UNAVAILABLE_MESSAGE };
      return;
    }
    const { status, message, extra } = describe(error);
    if (error instanceof HttpError) ctx.set(error.headers);
    // A 5xx of our own making is a fault to look into; one that says what failed elsewhere (the portal) is not.
    if (status >= 500 && !(error instanceof HttpError)) ctx.state.log?.error({ err: error }, 'request failed');
    ctx.status = status;
    ctx.body = { ...extra, message };
  }
};
