import { useEffect, useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/ui/toast';
import { scorecardAddress } from './checker-api';
import { verificationParams } from './verify-email-query';
import { verifyEmailQuery } from './verify-email-query';
import './checker.css';

const REDIRECT_AFTER_MS = 1500;
const INCOMPLETE_LINK =
  'This verification link is incomplete. Open the link from the e-mail again, or ask for a new one from the score checker.';

/**
 * /verify-email: verifying, then success or already verified and a redirect; or failed. It verifies once:
 * the parameters are read when the page opens (on the way to the scorecard the address changes, and must not start
 * another verification, least of all one without the token), react-query runs one request per token however often
 * React renders or mounts the page, and the redirect replaces this page in the history, so Back from the scorecard
 * does not come here to verify again.
 */
export function VerifyEmailPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [{ link, email, token, testPaper }] = useState(() => verificationParams(searchStr));

  const verification = useQuery(verifyEmailQuery({ link, email, token }));

  const navigate = useNavigate();
  const verified = verification.isSuccess;
  useEffect(() => {
    if (!verified || !link || !email) return;
    const target = scorecardAddress({ link, email, testPaper });
    const timer = setTimeout(() => void navigate({ href: target, replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verified, link, email, testPaper, navigate]);

  const failure = verification.error;
  useEffect(() => {
    if (failure) toast.error(failure.message || 'Verification failed');
  }, [failure]);

  return (
    <main className="page page--centred verify-email" id="main">
      <h1>Email verification</h1>
      {!link || !email ? (
        <Failed lines={['Missing verification parameters', INCOMPLETE_LINK]} />
      ) : !token ? (
        <Failed lines={['Verification failed. Please try again.', INCOMPLETE_LINK]} />
      ) : verification.isPending ? (
        <p role="status" className="verify-email__pending">
          <span className="spinner spinner--dark" aria-hidden="true" />
          Verifying your email...
        </p>
      ) : failure ? (
        <Failed lines={['Verification failed. Please try again.', failure.message || 'Verification failed']} />
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

/** The failure, what went wrong, and the way on: the checker, where a new link can be asked for. */
function Failed({ lines: [headline, reason] }: { lines: [string, string] }) {
  return (
    <>
      <p role="alert">{headline}</p>
      <p className="verify-email__reason">{reason}</p>
      <Link to="/" className="button button--primary">
        Back to the score checker
      </Link>
    </>
  );
}
