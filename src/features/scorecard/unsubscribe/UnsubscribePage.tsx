import { useEffect, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { api, ApiError, type CallAnswer } from '../../../lib/api';
import '../../../lib/ui/mailed-link-card.css';
import './unsubscribe.css';

const OFFLINE =
  'Your device is offline, so the e-mails are not turned off yet. This page tries again as soon as you are back online.';
const FAILED = 'The e-mails could not be turned off. Please open the link from the e-mail again.';

/** What the server says, and where the mails were going (masked). */
type Unsubscribed = CallAnswer<'unsubscribe'>;

/** A link without its parameters still goes to the server, whose answer says what is wrong with it. */
const unsubscribe = (alert: string, token: string) => api.call('unsubscribe', { query: { alert, token } });

type Outcome =
  | { status: 'pending' }
  | { status: 'done'; answer: Unsubscribed }
  | { status: 'offline' }
  | { status: 'refused'; message: string };

/** One request per link however often React mounts the page; a retry (back online) replaces it. */
const requests = new Map<string, Promise<Unsubscribed>>();
function unsubscribeOnce(alert: string, token: string, retry: boolean): Promise<Unsubscribed> {
  const link = `${alert}\0${token}`;
  let request = requests.get(link);
  if (!request || retry) {
    request = unsubscribe(alert, token);
    requests.set(link, request);
  }
  return request;
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) return { status: 'offline' };
  return { status: 'refused', message: (error instanceof ApiError && error.message) || FAILED };
}

/**
 * /score-alerts/unsubscribe: the page a score-change mail's unsubscribe link opens. It turns the e-mails off once per
 * link when it opens (the link's alert and token are read then, as the verify page reads its own) and shows the
 * server's answer, a refused link included. Offline it says so and tries again when the device is back online. No
 * react-query here: the page is one request, and a phone opening it from a mail downloads less.
 */
export function UnsubscribePage() {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [{ alert, token }] = useState(() => {
    const params = new URLSearchParams(searchStr);
    return { alert: params.get('alert') ?? '', token: params.get('token') ?? '' };
  });
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });

  useEffect(() => {
    let current = true;
    setOutcome({ status: 'pending' });
    unsubscribeOnce(alert, token, attempt > 0).then(
      (answer) => current && setOutcome({ status: 'done', answer }),
      (error: unknown) => current && setOutcome(outcomeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [alert, token, attempt]);

  const offline = outcome.status === 'offline';
  useEffect(() => {
    if (!offline) return;
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline]);

  return (
    <main className="page page--centred unsubscribe" id="main">
      <section className="mailed-link-card">
        <h1>Score-change e-mails</h1>
        {outcome.status === 'done' ? (
          <>
            <p role="status">{outcome.answer.message}</p>
            <p className="unsubscribe__detail">They were going to {outcome.answer.email}.</p>
          </>
        ) : outcome.status === 'offline' ? (
          <p role="status">{OFFLINE}</p>
        ) : outcome.status === 'refused' ? (
          <p role="alert">{outcome.message}</p>
        ) : (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Turning off the e-mails…
          </p>
        )}
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </section>
    </main>
  );
}
