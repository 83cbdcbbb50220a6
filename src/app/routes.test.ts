import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { APP_PATHS, isAppPath } from '../domain/routes';
import { routeTree } from './routes';

/** Every path of the route table, as its routes spell them (the pathless site layout adds nothing). */
function pathsOf(route: AnyRoute): string[] {
  const children = Object.values((route.children ?? {}) as Record<string, AnyRoute>);
  const own = route.isRoot || !('path' in route.options) ? [] : [route.fullPath as string];
  return [...own, ...children.flatMap(pathsOf)];
}

describe('the route table and the list the server reads', () => {
  const router = createRouter({ routeTree, history: createMemoryHistory() });
  /** A page of the app: a route takes the whole path (what is left over, `**`, makes the router show its 404). */
  const routerMatches = (pathname: string) => {
    const [, params, found] = router.getMatchedRoutes(pathname);
    return found !== undefined && !('**' in params);
  };

  it('hold the same paths', () => {
    expect(pathsOf(routeTree).sort()).toEqual([...APP_PATHS].sort());
  });

  it.each([
    '/',
    '/about',
    '/About/',
    '/product/interview-tool',
    '/pwdreset/abc123',
    '/contactus',
    '/admin/dashboard',
    '/no-such-page',
    '/about/more',
    '/pwdreset',
    '/pwdreset/abc/def',
    '/admin',
    '/scorecard/123',
  ])('agree whether %s is a page of the app', (pathname) => {
    expect(isAppPath(pathname)).toBe(routerMatches(pathname));
  });
});
