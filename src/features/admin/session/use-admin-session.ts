import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { adminToast } from '../admin-toast';
import {
  ADMIN_SESSION_CHECK_INTERVAL_MS,
  LOGGED_OUT_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SESSION_REDIRECT_DELAY_MS,
  checkAdminSession,
  expireAdminSession,
  logOutAdmin,
  readAdminCredentials,
  takeSessionExpiredFlag,
  type AdminCredentials,
} from '../../../lib/admin-session';

/**
 * The admin session: checked on load and every ADMIN_SESSION_CHECK_INTERVAL_MS; an expired session removes the
 * credentials, says so (once: the sign-in screen it then opens does not say it again) and goes to /login after
 * SESSION_REDIRECT_DELAY_MS. Logout says goodbye and goes to / after the same delay.
 */
export function useAdminSession(): { credentials: AdminCredentials | null; logout: () => void } {
  const navigate = useNavigate();
  const [credentials, setCredentials] = useState(() =>
    checkAdminSession(sessionStorage, Date.now()) === 'active' ? readAdminCredentials(sessionStorage) : null,
  );
  const ending = useRef(false);

  const end = useCallback(
    (how: 'expired' | 'logout') => {
      if (ending.current) return;
      ending.current = true;
      setCredentials(null);
      if (how === 'expired') {
        expireAdminSession(sessionStorage);
        adminToast.error(SESSION_EXPIRED_MESSAGE, { autoClose: SESSION_REDIRECT_DELAY_MS, toastId: 'admin-session' });
      } else {
        logOutAdmin(sessionStorage);
        adminToast.success(LOGGED_OUT_MESSAGE, { autoClose: SESSION_REDIRECT_DELAY_MS, toastId: 'admin-session' });
      }
      window.setTimeout(() => {
        // Told here already: the sign-in screen must not say it again in other words. The flag stays only when this
        // page goes before its redirect (closed, reloaded), for the sign-in screen to tell it instead.
        if (how === 'expired') takeSessionExpiredFlag();
        void navigate({ to: how === 'expired' ? '/login' : '/' });
      }, SESSION_REDIRECT_DELAY_MS);
    },
    [navigate],
  );

  useEffect(() => {
    const check = () => {
      if (checkAdminSession(sessionStorage, Date.now()) === 'expired') end('expired');
    };
    check();
    const timer = window.setInterval(check, ADMIN_SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [end]);

  return { credentials, logout: useCallback(() => end('logout'), [end]) };
}
