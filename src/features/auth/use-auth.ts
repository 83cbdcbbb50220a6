import { useSyncExternalStore } from 'react';
import { createAuthStore } from './auth-store';
import type { AuthState } from './auth-state';

/** The app's one auth store, persisted in this browser's local storage. */
export const authStore = createAuthStore(typeof localStorage === 'undefined' ? null : localStorage);

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
