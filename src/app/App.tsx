import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { router } from './router';
import { registerServiceWorker } from './pwa';
import { ConnectionStatus } from './ConnectionStatus';
import { hasPendingAnswerSaves } from '../features/admin/outbox/pending-flag';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

function UpdateToast({ activate }: { activate: () => void }) {
  return (
    <span>
      A new version is available{' '}
      <button type="button" className="button button--primary" onClick={activate}>
        Reload
      </button>
    </span>
  );
}

/** Spec §8: toasts top-right, light theme, pause on hover and on focus loss, 5000 ms unless a screen says otherwise. */
export function App() {
  useEffect(() => {
    registerServiceWorker((activate) =>
      toast.info(<UpdateToast activate={activate} />, { autoClose: false, closeOnClick: false, toastId: 'sw-update' }),
    );
    // Saves queued offline go out on app start whatever the route (spec: replay on start, online, visible, timer).
    if (hasPendingAnswerSaves()) {
      void import('../features/admin/outbox/outbox').then(({ ensureAnswerOutboxSync }) => ensureAnswerOutboxSync());
    }
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ConnectionStatus />
      <ToastContainer position="top-right" theme="light" autoClose={5000} pauseOnHover pauseOnFocusLoss />
    </QueryClientProvider>
  );
}
