import Router from '@koa/router';
import { openApiDocument } from './document';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the document of the given routers and of this one, built at the first request (no cost at
 * start) and kept: the routes never change while the app runs.
 */
export function openApiRoutes(routers: readonly Router[], version: string): Router {
  const router = new Router();
  let document: string | undefined;
  router.get(OPENAPI_PATH, (ctx) => {
    document ??= JSON.stringify(openApiDocument([...routers, router], version));
    ctx.type = 'application/json';
    ctx.body = document;
  });
  return router;
}
