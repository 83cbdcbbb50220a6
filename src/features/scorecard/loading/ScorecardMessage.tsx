import { useEffect, useRef } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { CHECK_NOW_SEARCH } from '../../../lib/links';
import type { ScorecardProblem } from './load-scorecard';

interface Wording {
  title: string;
  text: string;
  /** A way back to the checker (it opens its dialog). */
  toChecker?: string;
  /** Asking again can help: the device or the server may answer now. */
  retry?: boolean;
}

function wordingOf(problem: ScorecardProblem): Wording {
  switch (problem.kind) {
    case 'no-scorecard':
      return {
        title: 'No scorecard to show',
        text: 'Paste the link to your GATE response sheet in the checker and pick your paper: your scorecard opens here.',
        toChecker: 'Check your score',
      };
    case 'verify-email':
      return {
        title: 'Verify your e-mail first',
        text: 'This scorecard opens once your e-mail address is verified for this response sheet. Open the link in the verification e-mail, or go back to the checker to send a new one.',
        toChecker: 'Back to the checker',
      };
    case 'offline':
      return {
        title: 'You are offline and this scorecard is not saved on this device',
        text: 'It opens here as soon as you are back online.',
        retry: true,
      };
    case 'no-response':
      return {
        title: 'No response from server',
        text: 'Your scorecard did not arrive in time. Check your connection and try again.',
        toChecker: 'Back to the checker',
        retry: true,
      };
    case 'failed':
      return { title: 'This scorecard could not be opened', text: problem.message, toChecker: 'Back to the checker' };
  }
}

/** What the scorecard page shows instead of waiting on: what happened and the next step. */
export function ScorecardMessage({ problem }: { problem: ScorecardProblem }) {
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  const wording = wordingOf(problem);
  // The route's loader looks again (device, then API); the page shows its loading view meanwhile.
  const retry = () => void router.invalidate();

  useEffect(() => heading.current?.focus(), [problem.kind]);
  useEffect(() => {
    if (problem.kind !== 'offline') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });

  return (
    <main className="page scorecard" id="main">
      <section className="scorecard__card scorecard-message" data-problem={problem.kind}>
        <h1 ref={heading} tabIndex={-1}>
          {wording.title}
        </h1>
        <p>{wording.text}</p>
        <div className="scorecard-message__actions">
          {wording.retry && (
            <button type="button" className="button button--primary" onClick={retry}>
              Try again
            </button>
          )}
          {wording.toChecker && (
            <Link to="/" search={CHECK_NOW_SEARCH} className={wording.retry ? 'button' : 'button button--primary'}>
              {wording.toChecker}
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
