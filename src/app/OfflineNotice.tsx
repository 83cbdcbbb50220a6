import { useEffect, useRef } from 'react';
import './connection-status.css';

/** The page keeps this much room at its bottom, so the notice never covers the end of the content. */
const HEIGHT_PROPERTY = '--offline-notice-height';

/** The offline bar itself (ConnectionStatus.tsx decides when it shows). */
export function OfflineNotice({ onDismiss }: { onDismiss: () => void }) {
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
