import { createRootRoute, createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';

/**
 * The spec's route table (§2). Code-based so the table reads in one place; each screen is loaded lazily so a
 * route only downloads its own code.
 */
const rootRoute = createRootRoute({ component: Outlet });

const page = (path: string, load: () => Promise<Record<string, unknown>>, exportName: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(load as () => Promise<Record<string, React.ComponentType>>, exportName),
  });

export const routeTree = rootRoute.addChildren([
  page('/', () => import('../features/marketing/HomePage'), 'HomePage'),
  page('/about', () => import('../features/marketing/AboutPage'), 'AboutPage'),
]);
