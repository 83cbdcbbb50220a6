import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The app's one query cache. It is not provided at the app root: routes.tsx gives it to the screens that fetch with
 * react-query (verify e-mail, scorecard, admin), so the home page does not download react-query. Being one client,
 * cached answers survive moving between those screens.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * For a mutation whose screen says itself what being offline means (a toast, a wait's message): it runs at once and
 * fails, instead of react-query's default of holding it, busy, until the device is back online.
 */
export const SAYS_OFFLINE_ITSELF = { networkMode: 'always' } as const;

/**
 * For a mutation sent with a password: react-query forgets the call, and the password among its variables, as soon as
 * no screen shows it, instead of holding it in memory for its default five minutes.
 */
export const FORGETS_ITS_PASSWORD = { gcTime: 0 } as const;

/** The screen with the query cache around it. */
export function withQueryClient<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  function WithQueryClient(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Screen.displayName ?? Screen.name})`;
  return WithQueryClient;
}
