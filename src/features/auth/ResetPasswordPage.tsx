import { useState, type FormEvent } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { FORGETS_ITS_PASSWORD, SAYS_OFFLINE_ITSELF } from '../../lib/query';
import { toast } from '../../lib/ui/toast';
import { PASSWORD_MISMATCH, resetPasswordFormSchema } from '../../domain/validation/accounts';
import { AuthCard } from './AuthCard';
import { PasswordField, Spinner, TextField } from '../../lib/ui/FormFields';
import { resetPassword, serverMessage } from './auth-api';
import { useSchemaForm } from '../../lib/ui/use-schema-form';

const ERROR_TOAST_MS = 8000;

/** /pwdreset/{id}?clientCode=…: {id} is the single-use reset token from the e-mailed link. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  // Read from the router state rather than with useParams/useSearch: those hooks make the bundler split the router
  // core out of the entry chunk, which costs every page ~1 kB gzip (see test/bench/bundle-budget.ts).
  const id = useRouterState({ select: (state) => (state.matches.at(-1)?.params as { id?: string } | undefined)?.id });
  const searchCode = useRouterState({
    select: (state) => (state.location.search as { clientCode?: unknown }).clientCode,
  });
  // The router parses a numeric code as a number.
  const clientCode = typeof searchCode === 'string' || typeof searchCode === 'number' ? String(searchCode) : undefined;
  const form = useSchemaForm(resetPasswordFormSchema, { email: '', pwd: '', cnfpwd: '' });
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    ...FORGETS_ITS_PASSWORD,
    mutationFn: (fields: typeof form.values) => resetPassword(fields, id ?? '', clientCode),
    onSuccess: async () => {
      toast.success('Password reseted successfully.');
      form.reset();
      await navigate({ to: '/login' });
    },
    onError: (error) =>
      toast.error(serverMessage(error, 'An error occurred. Please try again.'), { autoClose: ERROR_TOAST_MS }),
  });
  const busy = reset.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    if (form.values.pwd !== form.values.cnfpwd) {
      setMismatch(true);
      toast.error(PASSWORD_MISMATCH);
      return;
    }
    setMismatch(false);
    reset.mutate({ ...form.values, email: form.values.email.trim() });
  };

  return (
    <AuthCard title="Reset your password" intro="Choose a new password for your HireGate account.">
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
        <PasswordField label="New Password" autoComplete="new-password" {...form.field('pwd')} />
        <PasswordField
          label="Confirm New Password"
          name="cnfpwd"
          autoComplete="new-password"
          value={form.values.cnfpwd}
          error={form.visibleError('cnfpwd') ?? (mismatch ? PASSWORD_MISMATCH : undefined)}
          onValueChange={(value) => {
            setMismatch(false);
            form.setField('cnfpwd', value);
          }}
          onBlur={() => form.blurField('cnfpwd')}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy && <Spinner label="Resetting your password" />}
          Reset Password
        </button>
      </form>
    </AuthCard>
  );
}
