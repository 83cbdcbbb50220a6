import type { Middleware } from 'koa';

/** A failure whose message is meant for the user; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra JSON fields the spec's clients read beside `message` (e.g. `success: false`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';

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

/** Every failure leaves as JSON `{message}` with the right status; stack traces go to the log only. */
export const jsonErrors: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
      throw new HttpError(404, `No API route for ${ctx.method} ${ctx.path}`);
    }
  } catch (error) {
    const { status, message, extra } = describe(error);
    if (status >= 500) ctx.state.log?.error({ err: error }, 'request failed');
    ctx.status = status;
    ctx.body = { ...extra, message };
  }
};
