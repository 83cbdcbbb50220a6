import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Level, Logger } from 'pino';
import './state';

/**
 * A proxy's health checks (every few seconds) under their three names, and the portal images a scorecard shows (~300
 * per first view, asset requests in all but path).
 */
const ROUTINE_API = /^\/api\/(?:health(?:\/live|\/ready)?|images)$/;

/**
 * The level of a request's line. A method no route takes (a scanner's probe) is a warning worth a look. What page loads
 * and monitors ask for all day, answered well (the web app's files and images, health checks, metrics scrapes), is debug:
 * a day's log at info holds the API's work, not every asset and probe. Everything else is info.
 */
function levelOf(path: string, status: number): Level {
  if (status === 405) return 'warn';
  const routine = ROUTINE_API.test(path) || !/^\/(?:api|auth)\//.test(path);
  return routine && status < 400 ? 'debug' : 'info';
}

/** Gives each request an id (honouring a trusted upstream X-Request-Id) and one structured log line. */
export function requestLogging(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    const log = logger.child({ requestId: id });
    ctx.state.log = log;
    ctx.set('X-Request-Id', id);
    const started = performance.now();
    try {
      await next();
    } finally {
      log[levelOf(ctx.path, ctx.status)](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
