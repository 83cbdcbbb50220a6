import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { signUpFormSchema } from '../../domain/validation/accounts';
import { externalLinks } from '../../app/links';
import { AuthCard } from './AuthCard';
import { PasswordField, Spinner, TextField } from './fields';
import { IdentityProviderButton } from './IdentityProviderButton';
import { serverMessage, signUp, SignUpCheckError } from './authApi';
import { useSchemaForm } from './useSchemaForm';

const ERROR_TOAST_MS = 8000;

export function SignUpPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(signUpFormSchema, { name: '', email: '', password: '' });
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.values.name.trim()) {
      form.validateAll();
      toast.warning('Please Fill all fields');
      return;
    }
    if (!form.validateAll()) return;
    setBusy(true);
    try {
      const outcome = await signUp(form.values);
      if (outcome === 'email-exists') {
        toast.error('Email already exists');
        return;
      }
      toast.success('Successfully signed up');
      await navigate({ to: '/login' });
    } catch (error) {
      if (error instanceof SignUpCheckError) toast.error(error.message);
      else toast.error(serverMessage(error, 'An error occurred. Please try again.'), { autoClose: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" mode="Admin-signup" intro="Join HireGate to hire faster and fairer with AI.">
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={form.values.name}
          error={form.visibleError('name')}
          onValueChange={(value) => form.setField('name', value)}
          onBlur={() => form.blurField('name')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          error={form.visibleError('email')}
          onValueChange={(value) => form.setField('email', value)}
          onBlur={() => form.blurField('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={form.values.password}
          error={form.visibleError('password')}
          onValueChange={(value) => form.setField('password', value)}
          onBlur={() => form.blurField('password')}
        />
        <div className="checkbox">
          <input id="terms" type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <label htmlFor="terms">
            I agree to the{' '}
            <a href={externalLinks.privacyPolicy} target="_blank" rel="noopener noreferrer">
              privacy policy and terms
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
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
