import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';
import { PERSIST_KEY, readPersisted, serialise, type AsyncStorage } from './persistence';

export interface AuthStore {
  // Function-valued properties, not methods: useSyncExternalStore takes them detached from the store.
  getState: () => AuthState;
  dispatch: (action: AuthAction) => void;
  subscribe: (listener: () => void) => () => void;
  /** Resolves once the saved state is loaded (or the 5 s bound passed). */
  ready: Promise<void>;
}

/** A tiny external store (for useSyncExternalStore) that writes every change through to storage. */
export function createAuthStore(storage: AsyncStorage | null): AuthStore {
  let state = initialAuthState;
  const listeners = new Set<() => void>();
  const apply = (action: AuthAction, persist: boolean) => {
    state = authReducer(state, action);
    if (persist && storage) void Promise.resolve(storage.setItem(PERSIST_KEY, serialise(state))).catch(() => undefined);
    for (const listener of listeners) listener();
  };
  const ready = storage
    ? readPersisted(storage).then((saved) => apply({ type: 'rehydrate', state: saved }, false))
    : Promise.resolve();
  return {
    getState: () => state,
    dispatch: (action) => apply(action, true),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
  };
}
