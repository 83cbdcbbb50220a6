import { Link } from '@tanstack/react-router';
import { hasAccessToken } from './auth-state';
import { useAuth } from './use-auth';

/**
 * The profile entry opens /profile when the stored auth data holds an access token, else /login, which starts
 * in Admin-login: so it says 'Staff sign in', not a bare 'Sign in' a candidate would take for theirs.
 * The label is its own element, so a narrow top bar can show the icon alone and keep the label for screen readers.
 */
export function ProfileEntry() {
  const signedIn = hasAccessToken(useAuth());
  return (
    <Link to={signedIn ? '/profile' : '/login'} className="profile-entry">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
      </svg>
      <span className="profile-entry__label">{signedIn ? 'Profile' : 'Staff sign in'}</span>
    </Link>
  );
}
