import type { Store } from '../types';

/**
 * The most results the embedded store serves well (`STORE=embedded npm run bench:snapshot`): at 100,000 it opens in
 * 7 s, nedb holds 210 MB, its compaction (every 10 minutes) holds the event loop 0.5 s, and get-rank keeps p99 5 ms at
 * 50 connections. At 250,000 that pause is 3.3 s and the p99 15 ms; at 500,000 opening takes 63 s and 1.1 GB, and
 * building the snapshot beside it ran out of a 4 GB heap.
 */
export const EMBEDDED_RESULTS_LIMIT = 100_000;

/** What to tell the operator when the embedded store holds more results than it serves well; undefined otherwise. */
export async function embeddedCapacityWarning(
  store: Pick<Store, 'kind' | 'results'>,
  limit = EMBEDDED_RESULTS_LIMIT,
): Promise<{ results: number; limit: number } | undefined> {
  if (store.kind !== 'embedded') return undefined;
  const results = await store.results.count();
  return results > limit ? { results, limit } : undefined;
}
