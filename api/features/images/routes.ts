import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../../config';
import type { PortalTraffic } from '../../sheets/portal-traffic';
import type { Store } from '../../store';
import { tooManyRequests, waitFor } from '../../http/limiters';
import { validateInput } from '../../http/validate';
import { OPERATIONS } from '../../../src/contract/operations';
import { createImageProxy, type PortalImage } from './image-proxy';

/** A published question image never changes: browsers and the service worker may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An SVG opened directly must not run its scripts or load anything on our origin; inline styles draw the figure. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

function sendImage(ctx: Context, image: PortalImage): void {
  ctx.set('Cache-Control', FOREVER);
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (image.contentType === 'image/svg+xml') ctx.set('Content-Security-Policy', SVG_POLICY);
  ctx.type = image.contentType;
  ctx.body = image.body;
}

/**
 * GET /api/images?src=<portal image address>: the portal's question and option images from our own origin, so the
 * scorecard can keep them offline. Images in memory are served to anyone (a scorecard page asks for ~300); an image
 * the server must fetch counts against its client's IMAGE_FETCHES_PER_MINUTE, so one client cannot steer the server
 * at the portal address after address, and against the budget every portal fetch shares (portal-traffic.ts).
 */
export function imageRoutes({
  config,
  store,
  portal,
}: {
  config: Config;
  store: Store;
  portal: PortalTraffic;
}): Router {
  const proxy = createImageProxy(config, portal.hooks('image'));
  const newImages = store.limiters({ name: 'image-fetches', points: config.imageFetchesPerMinute, windowMs: 60_000 });
  const router = new Router();
  router.get('/api/images', validateInput(OPERATIONS.image.input, { messages: 'bare' }), async (ctx) => {
    const { src } = ctx.state.input;
    if (!proxy.has(src)) {
      const wait = await waitFor(newImages, ctx.ip);
      if (wait > 0) throw tooManyRequests(ctx, wait, 'new images from your network');
    }
    sendImage(ctx, await proxy.get(src));
  });
  return router;
}
