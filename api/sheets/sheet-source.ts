import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { canonicalSheetLink, parseResponseSheet, type ParsedSheet } from '../../src/domain/gate';
import type { Config } from '../config';
import { fetchResponseSheet, type FetchPolicy } from './fetcher';
import type { PortalHooks } from './portal-traffic';

/** The link carries the roll number: results keep only this hash of it (plus the link while needed). */
export function hashLink(link: string): string {
  return createHash('sha256').update(link.trim()).digest('hex');
}

export interface SheetSource {
  /** Fetches and parses a sheet, or answers from the short-lived cache; concurrent calls share one fetch. */
  byLink(link: string): Promise<ParsedSheet>;
  /** Parses an uploaded copy of the page (the portal may block servers or be down). */
  fromUpload(html: string): ParsedSheet;
}

export function createSheetSource(
  config: Pick<Config, 'responseSheetHosts' | 'fetchTimeoutMs' | 'fetchMaxBytes'>,
  options: { ttlMs?: number; max?: number; resolve?: FetchPolicy['resolve']; portal?: PortalHooks } = {},
): SheetSource {
  const policy: FetchPolicy = {
    allowedHosts: config.responseSheetHosts,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: config.fetchMaxBytes,
    resolve: options.resolve,
    ...options.portal,
  };
  // Repeat checks and rank polling on answer-key day must not hit the portal again.
  const cache = new LRUCache<string, ParsedSheet>({
    max: options.max ?? 500,
    ttl: options.ttlMs ?? 15 * 60_000,
    fetchMethod: async (link) => parseResponseSheet((await fetchResponseSheet(link, policy)).html),
  });
  return {
    async byLink(link) {
      // Fetched and cached in canonical form: a doubled slash the portal would answer 404 is collapsed, and spellings
      // of one sheet (host letter case, `?dup=1`) share one fetch.
      const sheet = await cache.fetch(canonicalSheetLink(link, config.responseSheetHosts));
      return sheet!;
    },
    fromUpload: (html) => parseResponseSheet(html),
  };
}
