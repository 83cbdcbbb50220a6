import { initialAuthState, type AuthState } from './auth-state';

/**
 * Only the auth slice is persisted, under local-storage key `root` with store version -1. The layout
 * is redux-persist's (each slice JSON-encoded inside the root object, plus `_persist`), so existing saved sessions
 * of the original site still read back.
 */
export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = -1;
export const REHYDRATION_TIMEOUT_MS = 5000;

export interface AsyncStorage {
  getItem(key: string): Promise<string | null> | string | null;
  setItem(key: string, value: string): Promise<void> | void;
}

export function serialise(auth: AuthState): string {
  return JSON.stringify({
    auth: JSON.stringify(auth),
    _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }),
  });
}

const STATUSES = new Set(['idle', 'loading', 'succeeded', 'failed']);

export function deserialise(raw: string | null): AuthState | null {
  if (!raw) return null;
  try {
    const root = JSON.parse(raw) as { auth?: string };
    if (typeof root.auth !== 'string') return null;
    const auth = JSON.parse(root.auth) as Partial<AuthState>;
    return {
      userData: auth.userData && typeof auth.userData === 'object' ? auth.userData : null,
      userType: typeof auth.userType === 'string' ? auth.userType : null,
      // A reload interrupts any request, so a saved 'loading' cannot still be true.
      status: auth.status && STATUSES.has(auth.status) && auth.status !== 'loading' ? auth.status : 'idle',
      error: typeof auth.error === 'string' ? auth.error : null,
    };
  } catch {
    return null;
  }
}

/** Reads the saved slice, giving up after the timeout so a stuck storage never blocks the app. */
export async function readPersisted(storage: AsyncStorage, timeoutMs = REHYDRATION_TIMEOUT_MS): Promise<AuthState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const raw = await Promise.race([Promise.resolve(storage.getItem(PERSIST_KEY)), timedOut]);
    return deserialise(raw) ?? initialAuthState;
  } catch {
    return initialAuthState;
  } finally {
    clearTimeout(timer);
  }
}
