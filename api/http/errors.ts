import type { Middleware } from 'koa';
import type { ApiCode } from '../../src/contract/codes';
import { StoreUnavailableError } from '../store/types';

/**
 * The failures that need no finer code than their status: an HttpError of another status must name its code, so no
 * answer leaves without one.
 */
const CODE_OF_STATUS = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
} as const satisfies Record<number, ApiCode>;

type GenericStatus = keyof typeof CODE_OF_STATUS;
/** Extra JSON fields the spec's clients read beside `message` (e.g. `success: false`), and a code finer than the status's. */
type Extra = Record<string, unknown> & { code?: ApiCode };

/** The code of a status without one of its own: a client error is refused input, anything else a fault of ours. */
export function codeOfStatus(status: number): ApiCode {
  if (status in CODE_OF_STATUS) return CODE_OF_STATUS[status as GenericStatus];
  return status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL_ERROR';
}

/** A failure whose message is meant for the user; anything else becomes a generic 500. Its JSON carries `code`. */
export class HttpError extends Error {
  readonly code: ApiCode;

  constructor(status: GenericStatus, message: string, extra?: Extra, headers?: Record<string, string>);
  constructor(status: number, message: string, extra: Extra & { code: ApiCode }, headers?: Record<string, string>);
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Extra = {},
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = extra.code ?? codeOfStatus(status);
  }
}

/** An account call's refusal: the spec's `notify.message` beside the plain `message`. */
export function notifyingError(status: number, code: ApiCode, message: string): HttpError {
  return new HttpError(status, message, { code, notify: { message } });
}

/** What a domain error answers (api/error-answers.ts); undefined for an error the table does not know. */
export type AnswerOf = (error: unknown) => HttpError | undefined;

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';
const STORE_UNAVAILABLE_MESSAGE = 'HireGate cannot reach its database right now. Please try again in a few seconds.';
/** A database restart or a replica-set election is over in seconds. */
const STORE_RETRY_AFTER_SECONDS = 5;

interface Answer {
  status: number;
  message: string;
  code: ApiCode;
  extra: Record<string, unknown>;
}

/** Known low-level failures (body parser, payload size) mapped to clear messages. */
function describe(error: unknown): Answer {
  if (error instanceof HttpError) {
    return { status: error.status, message: error.message, code: error.code, extra: error.extra };
  }
  const status = (error as { status?: number }).status;
  if (status === 413)
    return { status, message: 'The request body is too large.', code: codeOfStatus(status), extra: {} };
  if (status === 415)
    return { status, message: 'Send the request body as JSON.', code: codeOfStatus(status), extra: {} };
  // co-body (under @koa/bodyparser) rethrows JSON.parse's SyntaxError with status 400.
  if (status === 400 && error instanceof SyntaxError) {
    return { status, message: 'The request body is not valid JSON.', code: 'INVALID_JSON', extra: {} };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: (error as Error).message || 'Bad request', code: codeOfStatus(status), extra: {} };
  }
  return { status: 500, message: GENERIC_MESSAGE, code: 'INTERNAL_ERROR', extra: {} };
}

function emptyAnswerMessage(status: number, method: string, path: string, allow: string): string {
  if (status === 404) return `No API route for ${method} ${path}`;
  if (status === 405) return `${path} does not accept ${method}; it accepts ${allow}.`;
  return 'The request could not be answered.';
}

/**
 * Every failure leaves as JSON `{message, code}` with the right status; stack traces go to the log only. A domain
 * error answers as `answerOf` says (one table for the whole API), so no route or service translates one itself.
 */
export const jsonErrors =
  (answerOf: AnswerOf = () => undefined): Middleware =>
  async (ctx, next) => {
    try {
      await next();
      // The routers answer a method none of them knows (PROPFIND, TRACE: scanners) with 501, a server fault. It is the
      // client's: 405 with the methods the path takes, or 404 where no route has the path.
      if (ctx.status === 501 && ctx.body === undefined) ctx.status = ctx.response.get('Allow') ? 405 : 404;
      // A router's own 404 and 405 carry no body: API callers still get JSON `{message}`.
      if (ctx.body === undefined && ctx.status >= 400 && /^\/(api|auth)\//.test(ctx.path)) {
        const message = emptyAnswerMessage(ctx.status, ctx.method, ctx.path, ctx.response.get('Allow'));
        throw new HttpError(ctx.status, message, { code: codeOfStatus(ctx.status) });
      }
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        ctx.state.metrics?.storeErrors.inc({ kind: error.kind });
        // Expected now and then: the request's own line (status 503) is the one line at info; the stack is debug's.
        ctx.state.log?.debug({ err: error }, 'database unavailable');
        ctx.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
        ctx.status = 503;
        ctx.body = { message: STORE_UNAVAILABLE_MESSAGE, code: 'STORE_UNAVAILABLE' };
        return;
      }
      const answered = answerOf(error) ?? error;
      const { status, message, code, extra } = describe(answered);
      if (answered instanceof HttpError) ctx.set(answered.headers);
      // A 5xx of our own making is a fault to look into; one that says what failed elsewhere (the portal) is not.
      if (status >= 500 && !(answered instanceof HttpError)) ctx.state.log?.error({ err: error }, 'request failed');
      ctx.status = status;
      ctx.body = { ...extra, message, code };
    }
  };
