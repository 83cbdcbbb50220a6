/**
 * The service worker's image cache (service-worker/sw.ts serves `destination: 'image'` requests cache-first from it).
 * The names must match.
 */
export const IMAGE_CACHE_NAME = 'scorecard-images';

/**
 * Requests at a time. Chromium opens at most 6 HTTP/1.1 connections per host: 4 leave room for the page's own calls
 * (the rank, the images of a question the candidate opens) while the rest are fetched.
 */
export const WARM_UP_CONCURRENCY = 4;

export interface WarmUpReport {
  added: number;
  alreadyCached: number;
  failed: number;
}

/**
 * Puts every image of a kept scorecard into the service worker's image cache so the scorecard shows whole offline,
 * including questions never opened. Already cached images cost one lookup; a failed image is counted and skipped, it
 * is fetched again when the question is opened online. Deleting a saved scorecard leaves its images behind on
 * purpose: scorecards of the same paper share them, and the worker's expiration bounds the cache (it ages out and
 * counts an image once it has served it, and empties the cache on a quota error).
 */
export async function keepImagesOffline(
  urls: readonly string[],
  cacheStorage: CacheStorage,
  concurrency = WARM_UP_CONCURRENCY,
): Promise<WarmUpReport> {
  const cache = await cacheStorage.open(IMAGE_CACHE_NAME);
  const report: WarmUpReport = { added: 0, alreadyCached: 0, failed: 0 };
  const keep = async (url: string) => {
    try {
      if (await cache.match(url)) {
        report.alreadyCached++;
      } else {
        await cache.add(url);
        report.added++;
      }
    } catch {
      report.failed++;
    }
  };
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await keep(url);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return report;
}
