import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { FORGETS_ITS_PASSWORD, SAYS_OFFLINE_ITSELF } from '../../lib/query';
import { toast } from '../../lib/ui/toast';
import { ApiError } from '../../lib/api';
import { adminLoginSchema } from '../../domain/validation/accounts';
import { externalLinks } from '../../lib/links';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import { AuthCard } from './AuthCard';
import { PasswordField, Spinner, TextField } from '../../lib/ui/FormFields';
import { IdentityProviderButton } from './IdentityProviderButton';
import { checkAdminCredentials, loginUser } from './auth-api';
import { startAdminSession, takeSessionExpiredFlag } from '../../lib/admin-session';
import { authStore, useAuth } from './use-auth';
import { useSchemaForm } from '../../lib/ui/use-schema-form';

type Mode = 'Admin-login' | 'User-login';

const ERROR_TOAST_MS = 8000;
const ADMIN_REDIRECT_MS = 1000;

/** The admin-login error message: server message, missing response, or the reason of any other failure. */
function adminLoginFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'No response from server. Please try again.';
    return error.message || 'Login failed';
  }
  return `Login failed: ${(error as Error).message}`;
}

export function LoginPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [mode, setMode] = useState<Mode>('Admin-login');
  const form = useSchemaForm(adminLoginSchema, { email: '', password: '' });

  useEffect(() => {
    if (takeSessionExpiredFlag()) toast.error('Session expired. Please log in again.', { toastId: 'session-expired' });
  }, []);

  useEffect(() => {
    if (auth.error) toast.error(auth.error, { autoClose: ERROR_TOAST_MS, toastId: 'auth-error' });
  }, [auth.error]);

  const adminLogin = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    ...FORGETS_ITS_PASSWORD,
    mutationFn: checkAdminCredentials,
    onSuccess: (result, credentials) => {
      if (!result?.success) {
        toast.error(result?.message || 'Invalid credentials');
        return;
      }
      startAdminSession(credentials);
      toast.success(result.message || 'Login successful!');
      setTimeout(() => void navigate({ to: '/admin/dashboard' }), ADMIN_REDIRECT_MS);
    },
    onError: (error) => toast.error(adminLoginFailure(error)),
  });

  // Its failure is the auth store's error, toasted above.
  const accountLogin = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    ...FORGETS_ITS_PASSWORD,
    mutationFn: (credentials: { username: string; password: string }) => loginUser(authStore, credentials),
    onSuccess: (signedIn) => (signedIn ? navigate({ to: '/profile' }) : undefined),
  });
  const busy = adminLogin.isPending || accountLogin.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = !busy && form.validateAll();
    if (!valid) return;
    if (mode === 'Admin-login') adminLogin.mutate({ email: valid.email, password: form.values.password });
    else accountLogin.mutate({ username: valid.email, password: form.values.password });
  };

  const isAdmin = mode === 'Admin-login';
  return (
    <AuthCard
      title={isAdmin ? 'Admin login' : 'Sign in to HireGate'}
      mode={mode}
      intro={isAdmin ? 'Staff sign in here to manage question papers, answer keys and results.' : undefined}
    >
      <form className="auth__form" noValidate onSubmit={submit} aria-busy={busy}>
        <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <p className="auth__note">
          By signing in you accept our <ExternalLink href={externalLinks.termsOfUse}>terms of use</ExternalLink>.
        </p>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy && <Spinner label="Signing in" />}
          Login
        </button>
      </form>
      <p className="auth__switch">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      {!isAdmin && <IdentityProviderButton mode="signin" />}
      <p className="auth__switch">
        <button type="button" className="link-button" onClick={() => setMode(isAdmin ? 'User-login' : 'Admin-login')}>
          {isAdmin ? 'Not staff? Sign in to your HireGate account' : 'Staff member? Use the admin login'}
        </button>
      </p>
      <p className="auth__switch">
        New to HireGate? <Link to="/signup">Create an account</Link>
      </p>
    </AuthCard>
  );
}
