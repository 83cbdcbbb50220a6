import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes';
import { NotFound } from './NotFound';

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: NotFound,
  defaultPreload: 'intent',
});

// Spec §2: every route change scrolls to the top.
router.subscribe('onResolved', ({ pathChanged }) => {
  if (pathChanged) window.scrollTo({ top: 0 });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
