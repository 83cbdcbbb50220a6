/**
 * A flag outside IndexedDB so the app shell can tell, without loading Dexie on every page, that admin saves are
 * waiting and the outbox replay must start on whatever route the admin opens next.
 */
const PENDING_FLAG = 'hiregate.pendingAnswerSaves';

export function hasPendingAnswerSaves(): boolean {
  return localStorage.getItem(PENDING_FLAG) !== null;
}

export function markPendingAnswerSaves(): void {
  localStorage.setItem(PENDING_FLAG, String(Date.now()));
}

export function forgetPendingAnswerSaves(): void {
  localStorage.removeItem(PENDING_FLAG);
}
