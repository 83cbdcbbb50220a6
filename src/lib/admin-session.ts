/**
 * The admin session: Basic-auth credentials and an
 * authenticated flag in sessionStorage, valid for one hour from sessionStartTime. The sign-in screen (auth) starts it
 * and the admin area checks and ends it, so it lives here, shared by both.
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

/** The session-storage keys; the last asks the sign-in screen to say the session expired. */
const KEYS = {
  email: 'email',
  password: 'password',
  isAuthenticated: 'isAuthenticated',
  sessionStartTime: 'sessionStartTime',
  showSessionExpiredToast: 'showSessionExpiredToast',
} as const;

/** The sign-in screen's side: it starts the session the admin area then checks. */
export function startAdminSession(credentials: AdminCredentials, now = Date.now()) {
  sessionStorage.setItem(KEYS.email, credentials.email);
  sessionStorage.setItem(KEYS.password, credentials.password);
  sessionStorage.setItem(KEYS.isAuthenticated, 'true');
  sessionStorage.setItem(KEYS.sessionStartTime, String(now));
}

/** True once: reading the flag removes it, so the sign-in screen's toast shows a single time. */
export function takeSessionExpiredFlag(): boolean {
  const expired = sessionStorage.getItem(KEYS.showSessionExpiredToast) === 'true';
  sessionStorage.removeItem(KEYS.showSessionExpiredToast);
  return expired;
}

export function readAdminCredentials(storage: Storage): AdminCredentials | null {
  const email = storage.getItem(KEYS.email);
  const password = storage.getItem(KEYS.password);
  return email && password ? { email, password } : null;
}

/**
 * Decides whether the session still holds at `now`. A session without a start time starts now, so a
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
