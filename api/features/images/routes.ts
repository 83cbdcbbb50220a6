import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { createImageProxy, IMAGE_MESSAGES, type PortalImage } from './image-proxy';

/** Longer addresses are not portal image links; the cap also bounds the memory cache's keys. */
export const MAX_SOURCE_LENGTH = 2048;

/** A published question image never changes: browsers and the service worker may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened directly must not run its scripts or load anything on our origin; inline styles draw the figure. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

function sourceParameter(ctx: Context): string {
  const src = ctx.query.src;
  if (typeof src !== 'string' || src.trim() === '' || src.length > MAX_SOURCE_LENGTH) {
    throw new HttpError(400, IMAGE_MESSAGES.missingSource);
  }
  return src;
}

function sendImage(ctx: Context, image: PortalImage): void {
  ctx.set('Cache-Control', FOREVER);
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (image.contentType === 'image/svg+xml') ctx.set('Content-Security-Policy', SVG_POLICY);
  ctx.type = image.contentType;
  ctx.body = image.body;
}

/**
 * GET /api/images?src=<portal image address>: the portal's question and option images from our own origin, so the
 * scorecard can keep them offline. No per-address rate limit: a scorecard page asks for ~300 images, repeat requests
 * are answered from memory, and each new address costs the portal exactly the one fetch the browser would have made.
 */
export function imageRoutes({ config }: Pick<Services, 'config'>): Router {
  const proxy = createImageProxy(config);
  const router = new Router();
  router.get('/api/images', async (ctx) => sendImage(ctx, await proxy.get(sourceParameter(ctx))));
  return router;
}
