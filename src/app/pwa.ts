import { Workbox } from 'workbox-window';

/**
 * Registers the service worker and reports when a new version waits. The page never reloads by itself: the user
 * chooses when (so nothing typed into a form is lost), and only then does the new worker take over.
 */
export function registerServiceWorker(onUpdateReady: (activate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register();
}
