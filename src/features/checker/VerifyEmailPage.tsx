import { useEffect, useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/ui/toast';
import { CHECK_NOW_SEARCH } from '../../lib/links';
import { scorecardAddress } from '../../lib/scorecard/score-api';
import { verificationToken, verifyEmailQuery } from './verify-email-query';
import { keepDraft, readDraft } from './checker-draft';
import './checker.css';

const REDIRECT_AFTER_MS = 1500;
const INCOMPLETE_LINK =
  'This verification link is incomplete. Open the link from the e-mail again, or ask for a new one from the score checker.';

/**
 * /verify-email: verifying, then success or already verified and a redirect; or failed. It verifies once: the token is
 * read when the page opens, react-query runs one request per token however often React renders or mounts the page,
 * and the redirect replaces this page in the history, so Back from the scorecard does not come here to verify again.
 * The address holds only the sealed token, and the scorecard's holds only the result's id: no e-mail in either.
 */
export function VerifyEmailPage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [token] = useState(() => verificationToken(searchStr));

  const verification = useQuery(verifyEmailQuery(token));

  const navigate = useNavigate();
  const verified = verification.data;
  useEffect(() => {
    if (!verified) return;
    const { scorecard } = verified;
    // The uploaded page's e-mail step is done on this device: the checker opens on its form again, as typed.
    const draft = readDraft(localStorage);
    if ('resultId' in scorecard && draft.upload === scorecard.resultId)
      keepDraft(localStorage, { ...draft, upload: undefined });
    // An upload's scorecard is stored: open it by its id. A link's is asked for by the scorecard page, which then
    // names it by its id in the address.
    const go = () =>
      'resultId' in scorecard
        ? navigate({ href: scorecardAddress(scorecard.resultId), replace: true })
        : navigate({ to: '/scorecard', replace: true, state: { checkLink: scorecard } as never });
    const timer = setTimeout(() => void go(), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  const failure = verification.error;
  useEffect(() => {
    if (failure) toast.error(failure.message || 'Verification failed');
  }, [failure]);

  return (
    <main className="page page--centred verify-email" id="main">
      <h1>Email verification</h1>
      {!token ? (
        <Failed lines={['Missing verification parameters', INCOMPLETE_LINK]} />
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
      {/* The checker opens with what was typed there, on this device (its form is kept for the visit). */}
      <Link to="/" search={CHECK_NOW_SEARCH} className="button button--primary">
        Back to the score checker
      </Link>
    </>
  );
}
