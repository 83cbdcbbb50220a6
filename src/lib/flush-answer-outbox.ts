import { OPERATION_PATHS } from '../contract/operation-paths';
import { db, type AnswerOutboxEntry } from './db';

/**
 * Sends the pending admin answer saves (the Dexie outbox) to the idempotent update-answer call. Free of React and of
 * `window`, so the page and the service worker (Background Sync) run the very same code; a Web Lock lets only one
 * flusher run at a time across tabs and the worker, so no save goes out twice at once.
 */

export const ANSWER_OUTBOX_SYNC_TAG = 'admin-answer-outbox';
const LOCK_NAME = 'admin-answer-outbox';

export type FlushOutcome =
  | { opId: string; questionId: string; state: 'sent'; longId: string }
  | { opId: string; questionId: string; state: 'rejected'; message: string };

/** Sends every pending save, oldest first; stops at the first network failure and leaves the rest for later. */
export async function flushAnswerOutbox(fetchImpl: typeof fetch = fetch): Promise<FlushOutcome[]> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return sendPending(fetchImpl);
  return locks.request(LOCK_NAME, () => sendPending(fetchImpl));
}

/** For a `sync` event: rejects while saves remain, so the browser schedules another attempt. */
export async function syncAnswerOutbox(): Promise<void> {
  await flushAnswerOutbox();
  const left = await db.outbox.count();
  if (left > 0) throw new Error(`${left} answer save(s) still waiting for the network`);
}

/** Statuses worth another try later; any other refusal will not change by retrying. */
const RETRYABLE = new Set([408, 425, 429]);

async function sendPending(fetchImpl: typeof fetch): Promise<FlushOutcome[]> {
  const outcomes: FlushOutcome[] = [];
  const entries = await db.outbox.orderBy('clientTime').toArray();
  for (const entry of entries) {
    // A newer save of the same question may have replaced this one while we were sending the previous ones.
    if (!(await db.outbox.get(entry.opId))) continue;
    let response: Response;
    try {
      response = await send(entry, fetchImpl);
    } catch (error) {
      await noteFailure(entry, (error as Error).message || 'network error');
      break;
    }
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      data?: { data?: { long_id?: string } };
    } | null;
    if (response.ok) {
      await db.outbox.delete(entry.opId);
      const longId = body?.data?.data?.long_id ?? entry.longId;
      outcomes.push({ opId: entry.opId, questionId: entry.questionId, state: 'sent', longId });
    } else if (response.status >= 500 || RETRYABLE.has(response.status)) {
      await noteFailure(entry, body?.message ?? `HTTP ${response.status}`);
      break;
    } else {
      await db.outbox.delete(entry.opId);
      const message = body?.message ?? `HTTP ${response.status}`;
      outcomes.push({ opId: entry.opId, questionId: entry.questionId, state: 'rejected', message });
    }
  }
  return outcomes;
}

function send(entry: AnswerOutboxEntry, fetchImpl: typeof fetch): Promise<Response> {
  const { method, path } = OPERATION_PATHS.updateAnswer;
  return fetchImpl(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: entry.authorization },
    body: JSON.stringify({
      _id: entry.questionId,
      answerKey: entry.answerKey,
      opId: entry.opId,
      clientTime: new Date(entry.clientTime).toISOString(),
    }),
  });
}

async function noteFailure(entry: AnswerOutboxEntry, message: string): Promise<void> {
  await db.outbox.update(entry.opId, { attempts: entry.attempts + 1, lastError: message });
}
