import { Workbox } from 'workbox-window';
import { offerUpdate } from './UpdateToast';

/**
 * Registers the service worker and offers a new version when one waits. The page never reloads by itself: the user
 * chooses when (so nothing typed into a form is lost), and only then does the new worker take over. This module and
 * the offer load after the first screen (App.tsx), so no page's first load pays for them.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register();
}
