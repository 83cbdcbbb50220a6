import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { FORGETS_ITS_PASSWORD, SAYS_OFFLINE_ITSELF } from '../../lib/query';
import { toast } from '../../lib/ui/toast';
import { signUpFormSchema } from '../../domain/validation/accounts';
import { externalLinks } from '../../lib/links';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import { AuthCard } from './AuthCard';
import { PasswordField, Spinner, TextField } from '../../lib/ui/FormFields';
import { IdentityProviderButton } from './IdentityProviderButton';
import { serverMessage, signUp, SignUpCheckError } from './auth-api';
import { useSchemaForm } from '../../lib/ui/use-schema-form';

const ERROR_TOAST_MS = 8000;

export function SignUpPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(signUpFormSchema, { name: '', email: '', password: '' });
  const [agreed, setAgreed] = useState(false);
  const signUpCall = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    ...FORGETS_ITS_PASSWORD,
    mutationFn: signUp,
    onSuccess: async (outcome) => {
      if (outcome === 'email-exists') {
        toast.error('Email already exists');
        return;
      }
      toast.success('Successfully signed up');
      await navigate({ to: '/login' });
    },
    onError: (error) => {
      if (error instanceof SignUpCheckError) toast.error(error.message);
      else toast.error(serverMessage(error, 'An error occurred. Please try again.'), { autoClose: ERROR_TOAST_MS });
    },
  });
  const busy = signUpCall.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.values.name.trim()) {
      form.validateAll();
      toast.warning('Please Fill all fields');
      return;
    }
    if (busy || !form.validateAll()) return;
    signUpCall.mutate(form.values);
  };

  return (
    <AuthCard title="Create your account" mode="Admin-signup" intro="Join HireGate to hire faster and fairer with AI.">
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <div className="checkbox">
          <input id="terms" type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <label htmlFor="terms">
            I agree to the <ExternalLink href={externalLinks.privacyPolicy}>privacy policy and terms</ExternalLink>
          </label>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={!agreed || busy}>
          {busy && <Spinner label="Creating your account" />}
          Create Account
        </button>
      </form>
      <IdentityProviderButton mode="signup" />
      <p className="auth__switch">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </AuthCard>
  );
}
