import type { Logger } from 'pino';
import type { AdminIdentity } from './admin-auth';

/** What the app's middleware leaves on `ctx.state` for the handlers after it. */
declare module 'koa' {
  interface DefaultState {
    /** The request's id (X-Request-Id) and its child logger: requestLogging sets both first. */
    requestId?: string;
    log?: Logger;
    /** The administrator of a request with valid admin Basic auth (requireAdmin). */
    admin?: AdminIdentity;
  }
}
