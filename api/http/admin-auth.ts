import { createHmac } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Services } from '../services';
import { authenticate } from '../features/accounts/account-service';
import { AttemptThrottle, tooManyAttemptsMessage } from '../features/accounts/attempt-throttle';
import { HttpError } from './errors';

/** Verified admin credentials are trusted this long without another (deliberately slow) scrypt check. */
export const ADMIN_CACHE_MS = 60_000;
/** Failed admin sign-ins allowed per e-mail and per client address before a 15-minute wait. */
export const ADMIN_FAILURES_PER_EMAIL = 5;
export const ADMIN_FAILURES_PER_ADDRESS = 20;
const THROTTLE_WINDOW_MS = 15 * 60_000;

export interface AdminIdentity {
  id: string;
  email: string;
}

export type AdminCheck = { ok: true; admin: AdminIdentity } | { ok: false; status: 401 | 403 | 429; message: string };

export const MISSING_CREDENTIALS = 'Sign in with an administrator e-mail and password.';
export const WRONG_CREDENTIALS = 'Invalid email or password.';
export const NOT_AN_ADMIN = 'This account is not an administrator.';

function basicCredentials(ctx: Context): { email: string; password: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(ctx.get('authorization'));
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

interface AdminVerifier {
  check(ctx: Context): Promise<AdminCheck>;
}

function createAdminVerifier(services: Services): AdminVerifier {
  const verified = new Map<string, { admin: AdminIdentity; until: number }>();
  const byEmail = new AttemptThrottle({ maxFailures: ADMIN_FAILURES_PER_EMAIL, windowMs: THROTTLE_WINDOW_MS });
  const byAddress = new AttemptThrottle({ maxFailures: ADMIN_FAILURES_PER_ADDRESS, windowMs: THROTTLE_WINDOW_MS });
  // Keyed by an HMAC of the credentials: the cache never holds a password, and the key is useless without the secret.
  const cacheKey = (email: string, password: string) =>
    createHmac('sha256', services.config.secret).update(`${email.toLowerCase()}\0${password}`).digest('hex');

  return {
    async check(ctx) {
      const credentials = basicCredentials(ctx);
      if (!credentials) return { ok: false, status: 401, message: MISSING_CREDENTIALS };
      const key = cacheKey(credentials.email, credentials.password);
      const now = Date.now();
      const cached = verified.get(key);
      if (cached && cached.until > now) return { ok: true, admin: cached.admin };
      verified.delete(key);

      const emailKey = credentials.email.toLowerCase();
      const wait = Math.max(byEmail.retryAfterMs(emailKey), byAddress.retryAfterMs(ctx.ip));
      if (wait > 0) {
        ctx.set('Retry-After', String(Math.ceil(wait / 1000)));
        return { ok: false, status: 429, message: tooManyAttemptsMessage(wait) };
      }
      const user = await authenticate(services, credentials.email, credentials.password);
      if (!user) {
        byEmail.recordFailure(emailKey);
        byAddress.recordFailure(ctx.ip);
        return { ok: false, status: 401, message: WRONG_CREDENTIALS };
      }
      byEmail.forgive(emailKey);
      if (user.userType !== 'admin') return { ok: false, status: 403, message: NOT_AN_ADMIN };
      const admin = { id: user.id, email: user.email };
      verified.set(key, { admin, until: now + ADMIN_CACHE_MS });
      return { ok: true, admin };
    },
  };
}

/** One verifier (cache and throttles) per running app, shared by check-credentials and every admin route. */
const verifiers = new WeakMap<Services, AdminVerifier>();
export function adminVerifier(services: Services): AdminVerifier {
  let verifier = verifiers.get(services);
  if (!verifier) {
    verifier = createAdminVerifier(services);
    verifiers.set(services, verifier);
  }
  return verifier;
}

/**
 * Guards admin routes: valid admin Basic auth or 401 (no or wrong credentials), 403 (not an admin), 429 (too many
 * failures). Errors carry `success: false` like the spec's check-credentials answer. The admin is in ctx.state.admin.
 */
export function requireAdmin(services: Services): Middleware {
  const verifier = adminVerifier(services);
  return async (ctx, next) => {
    const result = await verifier.check(ctx);
    // No WWW-Authenticate header: it would make browsers pop up their own sign-in box over the admin app.
    if (!result.ok) throw new HttpError(result.status, result.message, { success: false });
    ctx.state.admin = result.admin;
    await next();
  };
}
