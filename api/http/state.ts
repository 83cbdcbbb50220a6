import type { Logger } from 'pino';
import type { Metrics } from './metrics';

/** The administrator a request signed in as (the accounts feature's requireAdmin sets it). */
export interface AdminIdentity {
  id: string;
  email: string;
}

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
