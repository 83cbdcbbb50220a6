import { existsSync } from 'node:fs';
import type { Middleware } from 'koa';
import { send } from '@koa/send';
import { routePreloads } from './route-preloads';
import { isAppPath } from '../../src/domain/routes';

/**
 * Serves the built SPA: hashed assets cache forever, the shell and the service worker are revalidated on every
 * load (so updates are seen), and other non-API paths get index.html so the client router renders them: with status
 * 200 for a path of the app's route table (src/domain/routes.ts), else with 404 and the app's own 404 page.
 * A file's precompressed `.br` copy, where the build wrote one, is sent instead to browsers that accept br. The HTML of
 * a landing page carries preload hints for that page's code (route-preloads.ts).
 */
export function spaFiles(distDir: string): Middleware {
  const hasBuild = () => existsSync(`${distDir}/index.html`);
  const preloadsFor = routePreloads(distDir);
  return async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/api') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (!hasBuild()) {
      ctx.status = 503;
      ctx.body = { message: 'The web app is not built yet: run `npm run build` (npm start does it for you).' };
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    // The build's `.br` copies (vite.config.ts) go to browsers that accept br: caches must key on the header.
    ctx.vary('Accept-Encoding');
    try {
      await send(ctx, ctx.path, {
        root: distDir,
        index: 'index.html',
        immutable: isAsset,
        maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
        setHeaders: (res) => {
          if (!isAsset) res.setHeader('Cache-Control', 'no-cache');
        },
      });
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
    if (ctx.body === undefined && !isAsset && !/\.[a-z0-9]+$/i.test(ctx.path)) {
      await send(ctx, 'index.html', { root: distDir, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') });
      if (!isAppPath(ctx.path)) ctx.status = 404;
    }
    const preloads = ctx.response.is('html') ? preloadsFor(ctx.path) : undefined;
    if (preloads) ctx.set('Link', preloads);
  };
}
