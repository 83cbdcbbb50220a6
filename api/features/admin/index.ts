import type Router from '@koa/router';
import { adminRoutes, type AdminDeps } from './admin-routes';

/** The admin API: papers, answer keys and results. Keys change through papers.keyChanges (api/papers). */
export function adminFeature(deps: AdminDeps): Router {
  return adminRoutes(deps);
}
