import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdleAfterLoad } from '../lib/idle';

/**
 * The notice's code (and style) is fetched once the page is idle, not with the first screen: it is ready before the
 * connection can drop, and the home route's budget does not carry it.
 */
const loadOfflineNotice = () => import('./OfflineNotice');
const OfflineNotice = lazy(() => loadOfflineNotice().then((module) => ({ default: module.OfflineNotice })));

const subscribe = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/**
 * A quiet bar while offline, so people know why fresh data is not coming in. It takes its own room at the bottom of
 * the page instead of covering content, and can be dismissed until the next time the connection drops.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => void loadOfflineNotice().catch(() => undefined)), []);
  useEffect(() => {
    if (online) setDismissed(false);
  }, [online]);
  if (online || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
