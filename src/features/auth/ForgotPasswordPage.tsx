import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { SAYS_OFFLINE_ITSELF } from '../../lib/query';
import { toast } from '../../lib/ui/toast';
import { forgotPasswordSchema } from '../../domain/validation/accounts';
import { AuthCard } from './AuthCard';
import { Spinner, TextField } from '../../lib/ui/FormFields';
import { requestPasswordReset, serverMessage } from './auth-api';
import { useSchemaForm } from '../../lib/ui/use-schema-form';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const form = useSchemaForm(forgotPasswordSchema, { email: '' });
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const request = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: requestPasswordReset,
    onSuccess: ({ message }) => {
      setConfirmation(message);
      toast.success(message);
    },
    onError: (error) => toast.error(serverMessage(error, 'An error occurred. Please try again.'), { autoClose: 8000 }),
  });
  const busy = request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    request.mutate(form.values.email);
  };

  return (
    <AuthCard title="Forgot password?" intro="Enter your account e-mail and we will send you a link to reset it.">
      {confirmation ? (
        <p className="auth__done" role="status">
          {confirmation}
        </p>
      ) : (
        <form className="auth__form" noValidate onSubmit={submit}>
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy && <Spinner label="Sending the link" />}
            Send reset link
          </button>
        </form>
      )}
      <p className="auth__switch">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
