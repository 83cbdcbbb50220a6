import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import './connection-status.css';

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

/** The page keeps this much room at its bottom, so the notice never covers the end of the content. */
const HEIGHT_PROPERTY = '--offline-notice-height';

/**
 * A quiet bar while offline, so people know why fresh data is not coming in. It takes its own room at the bottom of
 * the page instead of covering content, and can be dismissed until the next time the connection drops.
 */
export function ConnectionStatus() {
  const online = useOnline();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (online) setDismissed(false);
  }, [online]);
  if (online || dismissed) return null;
  return <OfflineNotice onDismiss={() => setDismissed(true)} />;
}

function OfflineNotice({ onDismiss }: { onDismiss: () => void }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0];
      if (size) root.style.setProperty(HEIGHT_PROPERTY, `${Math.ceil(size.blockSize)}px`);
    });
    if (bar.current) observer.observe(bar.current);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, []);
  return (
    <div ref={bar} className="offline-notice" role="status">
      <p>You are offline. Saved pages and scorecards still work; changes sync when you are back online.</p>
      <button type="button" className="offline-notice__dismiss" aria-label="Dismiss offline notice" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
