import { databaseMayExist, watchDatabaseWrites } from '../../lib/db-presence';

/**
 * Calls `onPresent` once this browser has the app's IndexedDB database, or a tab writes to it (the modal keeping a
 * scorecard, a scorecard tab saving its copy); returns what stops watching.
 */
export function watchForSavedScorecards(onPresent: () => void): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
    stopWatching();
  };
  const check = () =>
    void databaseMayExist().then((exists) => {
      if (!exists || stopped) return;
      stop();
      onPresent();
    });
  const stopWatching = watchDatabaseWrites(check);
  check();
  return stop;
}
