import type { Logger } from 'pino';
import type { AdminIdentity } from './admin-auth';
import type { Metrics } from './metrics';

/** What the app's middleware leaves on `ctx.state` for the handlers after it. */
declare module 'koa' {
  interface DefaultState {
    /** The request's id (X-Request-Id) and its child logger: requestLogging sets both first. */
    requestId?: string;
    log?: Logger;
    /** The administrator of a request with valid admin Basic auth (requireAdmin). */
    admin?: AdminIdentity;
    /** The app's metrics (measureRequests), for code that has only the request to count with. */
    metrics?: Metrics;
  }
}
