import { ADMIN_SESSION_KEYS } from '../../../lib/admin-session-keys';

/**
 * The admin session as the spec keeps it (§3 session storage keys, §4 admin session): Basic-auth credentials and an
 * authenticated flag in sessionStorage, valid for one hour from sessionStartTime.
 */
export const ADMIN_SESSION_LENGTH_MS = 60 * 60 * 1000;
export const ADMIN_SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please login again.';
export const LOGGED_OUT_MESSAGE = 'You have been logged out successfully.';
/** Both the expiry and the logout toast stay this long before the redirect. */
export const SESSION_REDIRECT_DELAY_MS = 2000;

export interface AdminCredentials {
  email: string;
  password: string;
}

const KEYS = ADMIN_SESSION_KEYS;

export function readAdminCredentials(storage: Storage): AdminCredentials | null {
  const email = storage.getItem(KEYS.email);
  const password = storage.getItem(KEYS.password);
  return email && password ? { email, password } : null;
}

/**
 * Decides whether the session still holds at `now`. A session without a start time starts now (spec §4), so a
 * sign-in screen that forgot to stamp it still gets its full hour.
 */
export function checkAdminSession(storage: Storage, now: number): 'active' | 'expired' {
  if (storage.getItem(KEYS.isAuthenticated) !== 'true' || !readAdminCredentials(storage)) return 'expired';
  const started = Number(storage.getItem(KEYS.sessionStartTime));
  if (!storage.getItem(KEYS.sessionStartTime) || !Number.isFinite(started)) {
    storage.setItem(KEYS.sessionStartTime, String(now));
    return 'active';
  }
  return now - started > ADMIN_SESSION_LENGTH_MS ? 'expired' : 'active';
}

/** Expiry removes the credentials and leaves the flag the sign-in screen reads to explain why it is shown. */
export function expireAdminSession(storage: Storage): void {
  clearCredentials(storage);
  storage.setItem(KEYS.showSessionExpiredToast, 'true');
}

export function logOutAdmin(storage: Storage): void {
  clearCredentials(storage);
}

function clearCredentials(storage: Storage): void {
  storage.removeItem(KEYS.email);
  storage.removeItem(KEYS.password);
  storage.removeItem(KEYS.isAuthenticated);
  storage.removeItem(KEYS.sessionStartTime);
}
