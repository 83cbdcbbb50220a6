import { describe, expect, it } from 'vitest';
import { IMAGE_CACHE_NAME, keepImagesOffline } from './keep-images';

/** Cache Storage in memory: `add` takes a turn of the event loop, fails for 'broken' addresses, records concurrency. */
function fakeCacheStorage(cached: string[] = []) {
  const entries = new Set(cached);
  const opened: string[] = [];
  const state = { inFlight: 0, mostInFlight: 0, adds: 0 };
  const cache = {
    match: (url: string) => Promise.resolve(entries.has(url) ? new Response('') : undefined),
    add: async (url: string) => {
      state.adds++;
      state.mostInFlight = Math.max(state.mostInFlight, ++state.inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      state.inFlight--;
      if (url.includes('broken')) throw new TypeError('Request failed');
      entries.add(url);
    },
  };
  const storage = {
    open: (name: string) => {
      opened.push(name);
      return Promise.resolve(cache);
    },
  } as unknown as CacheStorage;
  return { storage, entries, opened, state };
}

const urls = (count: number) => Array.from({ length: count }, (_, i) => `/api/images?src=q${i}.png`);

describe('keepImagesOffline', () => {
  it("puts every image into the service worker's image cache, a few at a time", async () => {
    const fake = fakeCacheStorage();
    const report = await keepImagesOffline(urls(30), fake.storage, 4);
    expect(fake.opened).toEqual([IMAGE_CACHE_NAME]);
    expect(report).toEqual({ added: 30, alreadyCached: 0, failed: 0 });
    expect(fake.entries.size).toBe(30);
    expect(fake.state.mostInFlight).toBe(4);
  });

  it('skips images already cached', async () => {
    const fake = fakeCacheStorage(urls(10));
    const report = await keepImagesOffline(urls(12), fake.storage);
    expect(report).toEqual({ added: 2, alreadyCached: 10, failed: 0 });
    expect(fake.state.adds).toBe(2);
  });

  it('carries on past images that fail and reports them', async () => {
    const fake = fakeCacheStorage();
    const report = await keepImagesOffline(['/a.png', '/broken-1.png', '/b.png', '/broken-2.png'], fake.storage);
    expect(report).toEqual({ added: 2, alreadyCached: 0, failed: 2 });
    expect([...fake.entries]).toEqual(['/a.png', '/b.png']);
  });

  it('does nothing for a scorecard without images', async () => {
    expect(await keepImagesOffline([], fakeCacheStorage().storage)).toEqual({ added: 0, alreadyCached: 0, failed: 0 });
  });
});
