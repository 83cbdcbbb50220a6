import type Router from '@koa/router';
import type { Services } from '../../services';
import { adminRoutes } from './admin-routes';

/** The admin API: papers, answer keys and results. Keys change through services.papers (api/papers). */
export function adminFeature(services: Services): Router {
  return adminRoutes(services);
}
