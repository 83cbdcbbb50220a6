import { useEffect, useMemo } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/ui/toast';
import { scorecardAddress, verifyEmail } from './checker-api';
import './checker.css';

const REDIRECT_AFTER_MS = 1500;

/** Spec §2/§4 /verify-email: verifying, then success or already verified and a redirect; or failed. */
export function VerifyEmailPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const params = useMemo(() => new URLSearchParams(searchStr), [searchStr]);
  const link = params.get('link') ?? '';
  const email = params.get('email') ?? '';
  const complete = Boolean(link && email);

  const verification = useQuery({
    queryKey: ['verify-email', params.toString()],
    queryFn: () => verifyEmail(params),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const navigate = useNavigate();
  const verified = verification.isSuccess;
  useEffect(() => {
    if (!verified) return;
    const target = scorecardAddress({ link, email, testPaper: params.get('testPaper') ?? undefined });
    const timer = setTimeout(() => void navigate({ href: target }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verified, link, email, params, navigate]);

  const failure = verification.error;
  useEffect(() => {
    if (failure) toast.error(failure.message || 'Verification failed');
  }, [failure]);

  return (
    <main className="page page--centred verify-email" id="main">
      <h1>Email verification</h1>
      {!complete ? (
        <p role="alert">Missing verification parameters</p>
      ) : verification.isPending ? (
        <p role="status" className="verify-email__pending">
          <span className="spinner spinner--dark" aria-hidden="true" />
          Verifying your email...
        </p>
      ) : failure ? (
        <p role="alert">Verification failed. Please try again.</p>
      ) : (
        <p role="status">
          {verification.data?.alreadyVerified
            ? 'Email already verified. Redirecting to scorecard...'
            : 'Email verified successfully! Redirecting to scorecard...'}
        </p>
      )}
    </main>
  );
}
