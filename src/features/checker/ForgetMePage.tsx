import { useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ErasedAnswer } from '../../contract';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/ui/toast';
import { confirmForget } from './device-access-api';
import '../../lib/ui/mailed-link-card.css';

const FAILED = 'Your data could not be deleted. Please open the link from the e-mail again.';

type Outcome =
  { status: 'pending' } | { status: 'done'; answer: ErasedAnswer } | { status: 'refused'; message: string };

/** One request per link however often React mounts the page. */
const requests = new Map<string, Promise<ErasedAnswer>>();
function confirmOnce(token: string): Promise<ErasedAnswer> {
  let request = requests.get(token);
  if (!request) {
    request = confirmForget(token);
    requests.set(token, request);
  }
  return request;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /forget-me: the page a "Forget me" mail's link opens. It confirms the erasure once when it opens, clears the
 * scorecards saved on this device and its token, and says what was deleted (or why the link was refused).
 */
export function ForgetMePage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [token] = useState(() => new URLSearchParams(searchStr).get('token') ?? '');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });

  useEffect(() => {
    let current = true;
    confirmOnce(token).then(
      (answer) => {
        toast.success(answer.message, { toastId: 'forget-me' });
        if (current) setOutcome({ status: 'done', answer });
      },
      (error: unknown) => {
        const message = (error instanceof ApiError && error.message) || FAILED;
        toast.error(message, { toastId: 'forget-me' });
        if (current) setOutcome({ status: 'refused', message });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <main className="page page--centred forget-me" id="main">
      <section className="mailed-link-card">
        <h1>Forget me</h1>
        {outcome.status === 'done' ? (
          <>
            <p role="status">{outcome.answer.message}</p>
            <p>
              Deleted: {count(outcome.answer.erased.results, 'result', 'results')},{' '}
              {count(outcome.answer.erased.alerts, 'score alert', 'score alerts')},{' '}
              {count(outcome.answer.erased.reports, 'official result', 'official results')}. The scorecards saved on
              this device are cleared too.
            </p>
          </>
        ) : outcome.status === 'refused' ? (
          <p role="alert">{outcome.message}</p>
        ) : (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Deleting your data…
          </p>
        )}
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </section>
    </main>
  );
}
