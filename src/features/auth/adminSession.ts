/**
 * The session-storage keys the admin area reads (spec §3): basic-auth credentials, the authenticated flag, the start
 * time of the one-hour session, and the flag asking the sign-in screen to say the session expired.
 */
export const SESSION_KEYS = {
  email: 'email',
  password: 'password',
  isAuthenticated: 'isAuthenticated',
  sessionStartTime: 'sessionStartTime',
  showSessionExpiredToast: 'showSessionExpiredToast',
} as const;

export function startAdminSession(credentials: { email: string; password: string }, now = Date.now()) {
  sessionStorage.setItem(SESSION_KEYS.email, credentials.email);
  sessionStorage.setItem(SESSION_KEYS.password, credentials.password);
  sessionStorage.setItem(SESSION_KEYS.isAuthenticated, 'true');
  sessionStorage.setItem(SESSION_KEYS.sessionStartTime, String(now));
}

/** True once: reading the flag removes it, so the toast shows a single time. */
export function takeSessionExpiredFlag(): boolean {
  const expired = sessionStorage.getItem(SESSION_KEYS.showSessionExpiredToast) === 'true';
  sessionStorage.removeItem(SESSION_KEYS.showSessionExpiredToast);
  return expired;
}
