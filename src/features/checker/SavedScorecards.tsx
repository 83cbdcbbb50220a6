import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle';

// The list and Dexie (~30 kB gzip) come as one chunk, loaded only when there can be something to list. Like the
// list itself, a chunk that fails to load only logs: the landing works without it.
const SavedScorecardList = lazy(() =>
  import('./SavedScorecardList').then(
    (module) => ({ default: module.SavedScorecardList }),
    (error: unknown) => {
      console.warn('Saved scorecards are unavailable', error);
      return { default: () => null };
    },
  ),
);

/**
 * True once this browser has the app's IndexedDB database, or a tab writes to it (the modal keeping a scorecard,
 * a scorecard tab saving its copy). A first visit to the home page has none, and does not download Dexie. The list
 * sits below the checker, so the look (and its code) waits until the page is idle, off the first screen's budget.
 */
function useDatabasePresent(): boolean {
  const [present, setPresent] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    whenIdleAfterLoad(
      () =>
        void import('./saved-scorecards-presence').then(({ watchForSavedScorecards }) => {
          if (!unmounted) stop = watchForSavedScorecards(() => setPresent(true));
        }),
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return present;
}

/** Issue 10: the scorecards opened on this device, to re-open offline; nothing at all while there are none. */
export function SavedScorecards() {
  const present = useDatabasePresent();
  if (!present) return null;
  return (
    <Suspense fallback={null}>
      <SavedScorecardList />
    </Suspense>
  );
}
