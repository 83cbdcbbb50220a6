import Router from '@koa/router';
import type { Config } from '../config';
import type { Store, StoreWatch } from '../store';

/**
 * Liveness and readiness, for a proxy, systemd or an orchestrator. Live: the process answers (nothing else is asked,
 * so a database outage never gets a healthy process restarted). Ready: it should be sent work — the store answers,
 * what the instance keeps in memory follows the store (store-watch.ts), and the server is not closing (during a rolling restart it says 503 at once, before it stops accepting connections).
 * `/api/health` is readiness under its older name (the e2e harness and monitors use it).
 */
export interface HealthDeps {
  config: Pick<Config, 'version'>;
  store: Pick<Store, 'kind' | 'ping'>;
  storeWatch: Pick<StoreWatch, 'caughtUp'>;
  /** True once the server is closing. */
  draining: () => boolean;
}

export function healthRoutes({ config, store, storeWatch, draining }: HealthDeps): Router {
  const router = new Router();
  const identity = { store: store.kind, version: config.version };

  router.get('/api/health/live', (ctx) => {
    ctx.body = { ok: true, ...identity };
  });

  router.get(['/api/health', '/api/health/ready'], async (ctx) => {
    const problem = draining()
      ? 'This instance is shutting down.'
      : !(await store.ping().catch(() => false))
        ? 'The database is not reachable.'
        : !storeWatch.caughtUp
          ? 'This instance is catching up with a database that changed under it.'
          : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.status = problem ? 503 : 200;
    ctx.body = problem ? { ok: false, ...identity, message: problem } : { ok: true, ...identity };
  });
  return router;
}
