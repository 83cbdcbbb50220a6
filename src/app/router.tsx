import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes';
import { NotFound } from './NotFound';

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: NotFound,
  defaultPreload: 'intent',
});

// Every route change scrolls to the top. Not the first load (no `fromLocation`): the page starts at the top
// or where the browser restores it, and scrolling would force a layout while the first screen renders.
router.subscribe('onResolved', ({ pathChanged, fromLocation }) => {
  if (pathChanged && fromLocation) window.scrollTo({ top: 0 });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
