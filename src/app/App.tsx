import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { ConnectionStatus } from './ConnectionStatus';
import { hasPendingAnswerSaves } from '../features/admin/outbox/pending-flag';
import { isToasterWanted, screenChanged, subscribeToaster } from '../lib/ui/toaster-state';
import { whenIdleAfterLoad } from '../lib/idle';

// react-toastify and its styles load with the first screen that can show a toast, not with the app shell.
const Toaster = lazy(() => import('../lib/ui/Toaster').then((module) => ({ default: module.Toaster })));

function ToastArea() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The app shell: router, offline banner and toasts. Screens that use react-query get it from routes.tsx. */
export function App() {
  // A problem toast leaves with its screen (lib/ui/toast.ts).
  useEffect(() => router.subscribe('onResolved', screenChanged), []);
  useEffect(() => {
    // The service worker (and workbox-window with it) registers after the first screen, as Workbox advises.
    whenIdleAfterLoad(() => void import('./pwa').then(({ registerServiceWorker }) => registerServiceWorker()));
    // Saves queued offline go out on app start whatever the route (spec: replay on start, online, visible, timer).
    if (hasPendingAnswerSaves()) {
      void import('../features/admin/outbox/outbox').then(({ ensureAnswerOutboxSync }) => ensureAnswerOutboxSync());
    }
  }, []);
  return (
    <>
      <RouterProvider router={router} />
      <ConnectionStatus />
      <ToastArea />
    </>
  );
}
