import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { PASSWORD_MISMATCH, resetPasswordFormSchema } from '../../domain/validation/accounts';
import { AuthCard } from './AuthCard';
import { PasswordField, Spinner, TextField } from './fields';
import { resetPassword, serverMessage } from './authApi';
import { useSchemaForm } from './useSchemaForm';

const ERROR_TOAST_MS = 8000;

/** /pwdreset/{id}?clientCode=…: {id} is the single-use reset token from the e-mailed link. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { id } = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { clientCode?: unknown };
  const clientCode = search.clientCode === undefined ? undefined : String(search.clientCode);
  const form = useSchemaForm(resetPasswordFormSchema, { email: '', pwd: '', cnfpwd: '' });
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    if (form.values.pwd !== form.values.cnfpwd) {
      setMismatch(true);
      toast.error(PASSWORD_MISMATCH);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await resetPassword({ ...form.values, email: form.values.email.trim() }, id ?? '', clientCode);
      toast.success('Password reseted successfully.');
      form.reset();
      await navigate({ to: '/login' });
    } catch (error) {
      toast.error(serverMessage(error, 'An error occurred. Please try again.'), { autoClose: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Reset your password" intro="Choose a new password for your HireGate account.">
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={form.values.email}
          error={form.visibleError('email')}
          onValueChange={(value) => form.setField('email', value)}
          onBlur={() => form.blurField('email')}
        />
        <PasswordField
          label="New Password"
          name="pwd"
          autoComplete="new-password"
          value={form.values.pwd}
          error={form.visibleError('pwd')}
          onValueChange={(value) => form.setField('pwd', value)}
          onBlur={() => form.blurField('pwd')}
        />
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
