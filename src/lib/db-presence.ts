/**
 * What the home page can learn about the app's IndexedDB database without loading Dexie (~30 kB gzip): whether this
 * browser has it at all, and when any tab writes to it. Only then is Dexie worth loading.
 */

/** The name db.ts gives the database (`new HireGateDatabase()`). */
export const DATABASE_NAME = 'hiregate';

/**
 * Dexie 4 announces every write under this name: to this tab as a window event, to the other tabs of the origin on a
 * BroadcastChannel (see STORAGE_MUTATED_DOM_EVENT_NAME in dexie). Were a Dexie upgrade to rename it, other tabs'
 * writes would still be noticed when this tab is shown again.
 */
const DEXIE_WRITE_EVENT = 'x-storagemutated-1';

/**
 * Set when this browser saves a scorecard (saveOnDevice in scorecard/device.ts), so opening a scorecard's link can tell
 * at once whether a copy may be on the device (open-scorecard.ts), without waiting for IndexedDB.
 */
const SAVED_SCORECARDS_FLAG = 'hiregate.savedScorecards';

/** localStorage, or undefined where there is none or it is blocked (reading it throws then). */
function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** False only when this browser has never saved a scorecard; true when it has or the flag cannot be read. */
export function mayHaveSavedScorecards(storage = browserStorage()): boolean {
  try {
    return !storage || storage.getItem(SAVED_SCORECARDS_FLAG) !== null;
  } catch {
    return true;
  }
}

export function noteSavedScorecards(storage = browserStorage()): void {
  try {
    storage?.setItem(SAVED_SCORECARDS_FLAG, '1');
  } catch {
    // Storage full: the scorecard is still saved; opening it by its link asks the server first (offline, it fails).
  }
}

/** False only when the browser says it has no such database; true when it has one or cannot tell. */
export async function databaseMayExist(name = DATABASE_NAME): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return true;
  }
}

/**
 * Calls `onChange` when the database may have changed: a Dexie write in this tab or another one, or this tab being
 * shown again (a scorecard tab may have saved meanwhile). Returns the function that stops listening.
 */
export function watchDatabaseWrites(onChange: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  window.addEventListener(DEXIE_WRITE_EVENT, onChange);
  document.addEventListener('visibilitychange', onVisible);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DEXIE_WRITE_EVENT) : undefined;
  channel?.addEventListener('message', onChange);
  return () => {
    window.removeEventListener(DEXIE_WRITE_EVENT, onChange);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
  };
}
