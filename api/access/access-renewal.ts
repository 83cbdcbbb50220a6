import type { Middleware } from 'koa';
import type { ScorecardAccess } from './scorecard-access';

/** The response header a renewed device token comes back in; the web app's client keeps it (src/lib/api.ts). */
export const RENEWED_ACCESS_HEADER = 'X-Access-Token';

/** The device token a request carries: `access` in its JSON body or its query. */
function accessOf(body: unknown, query: Record<string, unknown>): string | undefined {
  const given = (body as { access?: unknown } | null | undefined)?.access ?? query.access;
  return typeof given === 'string' && given !== '' ? given : undefined;
}

/**
 * Renews the device token a successful request used, at most once a day per device (ACCESS_RENEWAL_AFTER_MS): a
 * device in use stays trusted for ACCESS_TOKEN_DAYS after its last use, without asking for another mail.
 */
export function renewDeviceAccess(access: ScorecardAccess): Middleware {
  return async (ctx, next) => {
    await next();
    const token = accessOf(ctx.request.body, ctx.query);
    if (!token || ctx.status >= 400) return;
    const renewed = await access.renewal(token);
    if (renewed) ctx.set(RENEWED_ACCESS_HEADER, renewed);
  };
}
