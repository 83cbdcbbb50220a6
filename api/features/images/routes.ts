import Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../../services';
import { object, string } from 'yup';
import { validate } from '../../http/validate';
import { createImageProxy, IMAGE_MESSAGES, type PortalImage } from './image-proxy';

/** Longer addresses are not portal image links; the cap also bounds the memory cache's keys. */
export const MAX_SOURCE_LENGTH = 2048;

/** A published question image never changes: browsers and the service worker may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened directly must not run its scripts or load anything on our origin; inline styles draw the figure. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** ?src=: the image's address as given (not trimmed: it is the portal's own), one address, not blank, not too long. */
const imageRequest = object({
  src: string()
    .required(IMAGE_MESSAGES.missingSource)
    .test('not-blank', IMAGE_MESSAGES.missingSource, (src) => src.trim() !== '')
    .max(MAX_SOURCE_LENGTH, IMAGE_MESSAGES.missingSource),
});

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
  router.get('/api/images', validate(imageRequest, { from: 'query', messages: 'bare' }), async (ctx) =>
    sendImage(ctx, await proxy.get(ctx.state.input.src)),
  );
  return router;
}
