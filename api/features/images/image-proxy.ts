import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import type { ApiCode } from '../../../src/contract/codes';
import { MISSING_IMAGE_SOURCE } from '../../../src/contract/image-requests';
import { fetchFromPortal, FetchError, type FetchFailure, type FetchPolicy } from '../../sheets/fetcher';
import type { PortalHooks } from '../../sheets/portal-traffic';

/**
 * Question and option images of the exam portal, served from our own origin. The browser then gets a normal
 * (non-opaque) response it can keep offline cheaply: Chromium charges ~7 MB of storage quota per opaque response.
 */

/** Largest image taken from the portal. Question images are a few KB to ~200 KB; 2 MB leaves room for a big figure. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** What the proxy passes on. SVG is allowed but answered with a CSP that keeps its scripts from running. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;

export const IMAGE_MESSAGES = {
  missingSource: MISSING_IMAGE_SOURCE,
  notALink: 'The image address must be a full http(s) link.',
  notAPortalImage: 'Only images from the GATE portal are shown through this address.',
  notAnImage: 'The GATE portal did not answer with an image (PNG, JPEG, GIF, WebP or SVG).',
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB, the largest we pass on.`,
  timeout: 'The GATE portal did not send the image in time. Try again later.',
  unreachable: 'The GATE portal could not be reached for this image. Try again later.',
  reset: 'The GATE portal closed the connection without sending the image. Try again later.',
  badResponse: 'The GATE portal sent an answer we cannot read instead of the image. Try again later.',
  cutShort: 'The GATE portal stopped sending the image before its end. Try again later.',
  badEncoding: 'The GATE portal sent the image damaged. Try again later.',
  tooManyRedirects: 'The GATE portal redirected this image too many times.',
  badRedirect: 'The GATE portal redirected this image to an address we do not read.',
  upstreamStatus: (status: number) => `The GATE portal did not return this image (HTTP ${status}).`,
  busy: 'HireGate is fetching many images from the GATE portal right now. Try again in a minute.',
} as const;

export interface PortalImage {
  body: Buffer;
  contentType: (typeof IMAGE_TYPES)[number];
}

export interface ImageProxy {
  /** The image at a portal address, from memory when a candidate already asked for it; failures are not kept. */
  get(src: string): Promise<PortalImage>;
  /** Whether the image is in memory already (asking for it costs the portal nothing). */
  has(src: string): boolean;
}

/** The fetcher's failures in the words of an image request (the status stays the fetcher's, but for a page refused). */
const FAILURES: Record<FetchFailure, { status?: number; code?: ApiCode; message: (upstreamStatus: number) => string }> =
  {
    notALink: { message: () => IMAGE_MESSAGES.notALink },
    notAPortalLink: { message: () => IMAGE_MESSAGES.notAPortalImage },
    refusedAddress: { message: () => IMAGE_MESSAGES.notAPortalImage },
    wrongType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: () => IMAGE_MESSAGES.notAnImage },
    tooLarge: { message: () => IMAGE_MESSAGES.tooLarge },
    timeout: { message: () => IMAGE_MESSAGES.timeout },
    unreachable: { message: () => IMAGE_MESSAGES.unreachable },
    reset: { message: () => IMAGE_MESSAGES.reset },
    badResponse: { message: () => IMAGE_MESSAGES.badResponse },
    cutShort: { message: () => IMAGE_MESSAGES.cutShort },
    badEncoding: { message: () => IMAGE_MESSAGES.badEncoding },
    tooManyRedirects: { message: () => IMAGE_MESSAGES.tooManyRedirects },
    badRedirect: { message: () => IMAGE_MESSAGES.badRedirect },
    upstreamStatus: { message: (status) => IMAGE_MESSAGES.upstreamStatus(status) },
    busy: { message: () => IMAGE_MESSAGES.busy },
  };

function asImageError(error: unknown): unknown {
  if (!(error instanceof FetchError)) return error;
  const { status = error.status, code = error.code, message } = FAILURES[error.reason];
  return new HttpError(status, message(error.upstreamStatus ?? 0), { code }, error.headers);
}

/** Memory for images kept (the least recently asked-for go first): ~40 papers' worth of images. */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** Kept for a day at most, so a figure the portal corrects is picked up by new visitors. */
const MEMORY_TTL_MS = 24 * 3600_000;

export function createImageProxy(
  config: Pick<Config, 'responseSheetHosts' | 'fetchTimeoutMs'>,
  portal?: PortalHooks,
): ImageProxy {
  const policy: FetchPolicy = {
    allowedHosts: config.responseSheetHosts,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: IMAGE_MAX_BYTES,
    accept: IMAGE_TYPES.join(','),
    contentTypes: IMAGE_TYPES,
    ...portal,
  };
  // A paper has ~300 images (~1.5 MB) shared by every candidate who sat it: 1000 candidates opening their scorecards
  // on result day cost the portal one fetch per image, and concurrent first requests share that fetch.
  const cache = new LRUCache<string, PortalImage>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (image) => Math.max(1, image.body.length),
    ttl: MEMORY_TTL_MS,
    fetchMethod: async (src) => {
      try {
        const { body, contentType } = await fetchFromPortal(src, policy);
        return { body, contentType: contentType as PortalImage['contentType'] };
      } catch (error) {
        throw asImageError(error);
      }
    },
  });
  return {
    async get(src) {
      return (await cache.fetch(src.trim()))!;
    },
    has: (src) => cache.has(src.trim()),
  };
}
