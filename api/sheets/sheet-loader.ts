import { LRUCache } from 'lru-cache';
import { parseResponseSheet, type ParsedSheet } from '../../src/domain/gate';
import type { Config } from '../config';
import { createSheetSource } from './sheet-source';
import { FETCH_MESSAGES, isListed } from './fetcher';
import type { PortalHooks } from './portal-traffic';
import { demoSheetHtml } from '../demo';

/** Where a link is being checked from: the address the client used to reach us. */
export interface Origin {
  /** Host and port of the request, e.g. `localhost:8080`. */
  host: string;
}

export interface SheetLoader {
  byLink(link: string, origin: Origin): Promise<ParsedSheet>;
  /** Why this link would never be read (not on a response-sheet host), without reading it; undefined if it may be. */
  refusalOf(link: string, origin: Origin): string | undefined;
  fromUpload(html: string): ParsedSheet;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function portOf(host: string): string {
  return /:(\d+)$/.exec(host)?.[1] ?? '';
}

/**
 * A demo sample link is one of our own /demo/ sheets on our own origin: the host the client reached us by, the
 * configured APP_ORIGIN, or a loopback name on the same port (the start banner prints `localhost`).
 */
function demoSheetPath(link: string, origin: Origin, appOrigin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  const sameLoopbackPort =
    LOOPBACK_NAMES.has(url.hostname) &&
    LOOPBACK_NAMES.has(origin.host.replace(/:\d+$/, '')) &&
    url.port === portOf(origin.host);
  const ours = url.host === origin.host || url.origin === appOrigin || sameLoopbackPort;
  return ours && demoSheetHtml(url.pathname) !== undefined ? url.pathname : undefined;
}

/**
 * Response sheets by link (fetched safely and cached by the sheet source) or by upload. With the demo on, links to
 * this server's own sample sheets are read from memory: no request leaves the process, so the fetch allow-list does
 * not have to trust this machine's addresses.
 */
export function createSheetLoader(
  config: Pick<Config, 'responseSheetHosts' | 'fetchTimeoutMs' | 'fetchMaxBytes' | 'demo' | 'appOrigin'>,
  portal?: PortalHooks,
): SheetLoader {
  const source = createSheetSource(config, { portal });
  const demoSheets = new LRUCache<string, ParsedSheet>({ max: 50 });
  return {
    async byLink(link, origin) {
      const demoPath = config.demo ? demoSheetPath(link, origin, config.appOrigin) : undefined;
      if (demoPath === undefined) return source.byLink(link);
      let sheet = demoSheets.get(demoPath);
      if (!sheet) {
        sheet = parseResponseSheet(demoSheetHtml(demoPath)!);
        demoSheets.set(demoPath, sheet);
      }
      return sheet;
    },
    refusalOf(link, origin) {
      if (config.demo && demoSheetPath(link, origin, config.appOrigin) !== undefined) return undefined;
      const url = URL.parse(link.trim());
      if (!url) return FETCH_MESSAGES.notALink;
      return isListed(url, config.responseSheetHosts) ? undefined : FETCH_MESSAGES.notAPortalLink;
    },
    fromUpload: (html) => source.fromUpload(html),
  };
}
