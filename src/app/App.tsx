import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** Spec §8: toasts top-right, light theme, pause on hover and on focus loss, 5000 ms unless a screen says otherwise. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer position="top-right" theme="light" autoClose={5000} pauseOnHover pauseOnFocusLoss />
    </QueryClientProvider>
  );
}
