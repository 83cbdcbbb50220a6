import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { fetchFromPortal, FetchError, type FetchFailure, type FetchPolicy } from '../../sheets/fetcher';

/**
 * Question and option images of the exam portal, served from our own origin. The browser then gets a normal
 * (non-opaque) response it can keep offline cheaply: Chromium charges ~7 MB of storage quota per opaque response.
 */

/** Largest image taken from the portal. Question images are a few KB to ~200 KB; 2 MB leaves room for a big figure. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** What the proxy passes on. SVG is allowed but answered with a CSP that keeps its scripts from running. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;

export const IMAGE_MESSAGES = {
  missingSource: 'Give the full address of a question or option image as ?src=… (up to 2048 characters).',
  notALink: 'The image address must be a full http(s) link.',
  notAPortalImage: 'Only images from the GATE portal are shown through this address.',
  notAnImage: 'The GATE portal did not answer with an image (PNG, JPEG, GIF, WebP or SVG).',
  tooLarge: `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB, the largest we pass on.`,
  timeout: 'The GATE portal did not send the image in time. Try again later.',
  unreachable: 'The GATE portal could not be reached for this image. Try again later.',
  tooManyRedirects: 'The GATE portal redirected this image too many times.',
  upstreamStatus: (status: number) => `The GATE portal did not return this image (HTTP ${status}).`,
} as const;

export interface PortalImage {
  body: Buffer;
  contentType: (typeof IMAGE_TYPES)[number];
}

export interface ImageProxy {
  /** The image at a portal address, from memory when a candidate already asked for it; failures are not kept. */
  get(src: string): Promise<PortalImage>;
}

/** The fetcher's failures in the words and statuses of an image request. */
const FAILURES: Record<FetchFailure, (upstreamStatus?: number) => HttpError> = {
  notALink: () => new HttpError(400, IMAGE_MESSAGES.notALink),
  notAPortalLink: () => new HttpError(400, IMAGE_MESSAGES.notAPortalImage),
  refusedAddress: () => new HttpError(400, IMAGE_MESSAGES.notAPortalImage),
  wrongType: () => new HttpError(415, IMAGE_MESSAGES.notAnImage),
  tooLarge: () => new HttpError(413, IMAGE_MESSAGES.tooLarge),
  timeout: () => new HttpError(504, IMAGE_MESSAGES.timeout),
  unreachable: () => new HttpError(502, IMAGE_MESSAGES.unreachable),
  tooManyRedirects: () => new HttpError(502, IMAGE_MESSAGES.tooManyRedirects),
  upstreamStatus: (status) => new HttpError(502, IMAGE_MESSAGES.upstreamStatus(status ?? 0)),
};

function asImageError(error: unknown): unknown {
  return error instanceof FetchError ? FAILURES[error.reason](error.upstreamStatus) : error;
}

/** Memory for images kept (the least recently asked-for go first): ~40 papers' worth of images. */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** Kept for a day at most, so a figure the portal corrects is picked up by new visitors. */
const MEMORY_TTL_MS = 24 * 3600_000;

export function createImageProxy(config: Pick<Config, 'responseSheetHosts' | 'fetchTimeoutMs'>): ImageProxy {
  const policy: FetchPolicy = {
    allowedHosts: config.responseSheetHosts,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: IMAGE_MAX_BYTES,
    accept: IMAGE_TYPES.join(','),
    contentTypes: IMAGE_TYPES,
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
  };
}
