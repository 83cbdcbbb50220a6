/**
 * The session-storage keys of the admin session (spec §3): Basic-auth credentials, the authenticated flag, the start
 * time of the one-hour session, and the flag asking the sign-in screen to say the session expired. The sign-in screen
 * writes them and the admin area reads them, so both take them from here.
 */
export const ADMIN_SESSION_KEYS = {
  email: 'email',
  password: 'password',
  isAuthenticated: 'isAuthenticated',
  sessionStartTime: 'sessionStartTime',
  showSessionExpiredToast: 'showSessionExpiredToast',
} as const;
