import { useSyncExternalStore } from 'react';

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

/** A quiet banner while offline, so people know why fresh data is not coming in. */
export function ConnectionStatus() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="connection-status" role="status">
      You are offline. Pages you visited and saved scorecards still work; changes sync when you are back online.
    </div>
  );
}
