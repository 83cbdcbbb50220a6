import { ADMIN_SESSION_KEYS as KEYS } from '../../lib/admin-session-keys';

/** The sign-in screen's side of the admin session (spec §3): it starts the session the admin area then checks. */
export function startAdminSession(credentials: { email: string; password: string }, now = Date.now()) {
  sessionStorage.setItem(KEYS.email, credentials.email);
  sessionStorage.setItem(KEYS.password, credentials.password);
  sessionStorage.setItem(KEYS.isAuthenticated, 'true');
  sessionStorage.setItem(KEYS.sessionStartTime, String(now));
}

/** True once: reading the flag removes it, so the toast shows a single time. */
export function takeSessionExpiredFlag(): boolean {
  const expired = sessionStorage.getItem(KEYS.showSessionExpiredToast) === 'true';
  sessionStorage.removeItem(KEYS.showSessionExpiredToast);
  return expired;
}
