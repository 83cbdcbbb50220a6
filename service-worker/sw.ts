/// <reference lib="webworker" />
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ANSWER_OUTBOX_SYNC_TAG, syncAnswerOutbox } from '../src/lib/flush-answer-outbox';
import { IMAGE_CACHE_NAME } from '../src/lib/scorecard/keep-images';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Background Sync's event; TypeScript's WebWorker library does not declare it. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The build injects the list of hashed files; precaching them makes every route's code available offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes load the app shell; API calls and demo sheets never fall back to it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/auth\//, /^\/demo\//] }),
);

// Question and option images never change once published: cache-first, bounded, so saved scorecards show offline.
// Portal images come through the same-origin proxy (src/lib/image-source.ts): opaque responses would cost ~7 MB of
// quota each, so only complete same-origin responses are kept.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: IMAGE_CACHE_NAME,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Lists where slightly stale data beats none (admins reviewing papers and results offline). Never auth calls.
const STALE_OK = [/^\/api\/data\/all-question-paper$/, /^\/api\/data\/get-all-results$/, /^\/api\/data\/get-rank\//];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && STALE_OK.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: 'api-lists',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

/** A message is whatever a page posted; only the update prompt's { type: 'SKIP_WAITING' } means anything here. */
function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING';
}

self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

// Admin answer saves made offline: Chromium wakes the worker when the network returns, even with the tab closed.
// A rejected promise tells the browser to retry later; the page replays the same outbox where there is no sync API.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === ANSWER_OUTBOX_SYNC_TAG) sync.waitUntil(syncAnswerOutbox());
});
