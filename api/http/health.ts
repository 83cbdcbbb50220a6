import Router from '@koa/router';
import type { Services } from '../services';

/** Liveness for load balancers and the e2e harness: 503 while the store cannot be reached. */
export function healthRoutes({ config, store }: Services): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    const ok = await store.ping().catch(() => false);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok
      ? { ok, store: store.kind, version: config.version }
      : { ok, store: store.kind, version: config.version, message: 'The database is not reachable.' };
  });
  return router;
}
