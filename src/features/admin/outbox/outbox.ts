import { basicAuthHeader } from '../../../lib/api';
import { db } from '../../../lib/db';
import type { AdminCredentials } from '../../../lib/admin-session';
import { ANSWER_OUTBOX_SYNC_TAG, flushAnswerOutbox, type FlushOutcome } from '../../../lib/flush-answer-outbox';
import { forgetPendingAnswerSaves, markPendingAnswerSaves } from './pending-flag';

/** The page side of the answer outbox: queue a save, ask for Background Sync, and replay on every chance. */

export const OUTBOX_FLUSH_INTERVAL_MS = 30_000;

export interface AnswerSave {
  questionId: string;
  longId: string;
  answerKey: string;
}

/** Stores the save (replacing older unsent saves of the same question) and returns its operation id. */
export async function queueAnswerSave(save: AnswerSave, credentials: AdminCredentials): Promise<string> {
  const opId = crypto.randomUUID();
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('questionId').equals(save.questionId).delete();
    await db.outbox.add({
      ...save,
      opId,
      clientTime: Date.now(),
      authorization: basicAuthHeader(credentials),
      attempts: 0,
    });
  });
  markPendingAnswerSaves();
  void requestBackgroundSync();
  return opId;
}

export type SaveOutcome =
  { state: 'sent'; longId: string } | { state: 'rejected'; message: string } | { state: 'pending' };

/** Flushes now and tells what became of one save: sent, refused by the server, or still waiting for the network. */
export async function flushAndFind(opId: string): Promise<SaveOutcome> {
  let outcomes: FlushOutcome[] = [];
  try {
    outcomes = await flushAnswerOutbox();
  } catch (error) {
    console.warn('Answer outbox flush failed', error);
  }
  const mine = outcomes.find((outcome) => outcome.opId === opId);
  if (mine?.state === 'sent') return { state: 'sent', longId: mine.longId };
  if (mine?.state === 'rejected') return { state: 'rejected', message: mine.message };
  const entry = await db.outbox.get(opId);
  // Gone without an outcome of ours: another tab or the service worker sent it (or a newer save replaced it).
  if (!entry) return { state: 'sent', longId: '' };
  return { state: 'pending' };
}

/** Browsers with Background Sync (Chromium) send the outbox from the service worker even after the tab closed. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('SyncManager' in window)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register(ANSWER_OUTBOX_SYNC_TAG);
  } catch (error) {
    console.warn('Background Sync registration failed; the page will replay the outbox itself', error);
  }
}

/**
 * Replays the outbox on start, when the network returns, when the tab becomes visible and on a timer (Firefox and
 * Safari have no Background Sync). Runs once per page for the page's lifetime, whichever screen starts it first.
 */
export function ensureAnswerOutboxSync(interval = OUTBOX_FLUSH_INTERVAL_MS): void {
  if (replaying) return;
  replaying = true;
  const flush = () => {
    flushAnswerOutbox()
      .then(forgetPendingIfEmpty)
      .catch((error) => console.warn('Answer outbox flush failed', error));
  };
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flush();
  });
  window.setInterval(flush, interval);
  flush();
}

let replaying = false;

async function forgetPendingIfEmpty(): Promise<void> {
  if ((await db.outbox.count()) === 0) forgetPendingAnswerSaves();
}
