import { createHmac } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../src/domain/validation/accounts';
import type { ApiCode } from '../../src/contract/codes';
import { HttpError } from '../http/errors';
import { tooManyRequests } from '../http/limiters';
import type { AdminIdentity } from '../http/state';
import type { CatchUp, LimiterFactory, User } from '../store';
import { SignInThrottle, TooManyAttemptsError, type SignInRules } from './attempt-throttle';

/** Verified admin credentials are trusted this long without another (deliberately slow) scrypt check. */
export const ADMIN_CACHE_MS = 60_000;
/**
 * Admin sign-ins: 5 attempts per e-mail go ahead, then one at a time after 5 s, 10 s, 20 s ... up to 15 minutes;
 * 20 failures per client address in 15 minutes.
 */
export const ADMIN_SIGN_IN_RULES: SignInRules = {
  name: 'admin-sign-in',
  freeFailures: 5,
  firstDelayMs: 5000,
  maxDelayMs: 15 * 60_000,
  failuresPerAddress: 20,
  addressWindowMs: 15 * 60_000,
};

export type AdminCheck = { ok: true; admin: AdminIdentity } | { ok: false; status: 401 | 403 | 429; message: string };

export const MISSING_CREDENTIALS = 'Sign in with an administrator e-mail and password.';
export const WRONG_CREDENTIALS = 'Invalid email or password.';
export const NOT_AN_ADMIN = 'This account is not an administrator.';

function basicCredentials(ctx: Context): { email: string; password: string } | null {
  const encoded = /^Basic\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

/** Credentials no account can have are refused without the slow password check. */
const possibleCredentials = ({ email, password }: { email: string; password: string }) =>
  email.length <= MAX_EMAIL_LENGTH && password.length <= MAX_PASSWORD_LENGTH;

export interface AdminGuardDeps {
  limiters: LimiterFactory;
  /** Keys the cache of verified credentials. */
  secret: string;
  /** The account with this e-mail and password, or null: the accounts feature's check, handed in by app.ts. */
  authenticate: (email: string, password: string) => Promise<User | null>;
}

/** One per running app: its cache and throttles are shared by check-credentials and every admin route. */
export interface AdminGuard {
  requireAdmin: RequireAdmin;
  /** The owner proved themselves (a password reset by mail): their e-mail's failed attempts no longer count. */
  forgive: (email: string) => Promise<void>;
  /**
   * The store changed under the instance: no credentials verified against the old one are trusted any more, and when
   * its accounts changed, the sign-in failures since the change are forgiven (they failed on accounts a restore took
   * away, before the administrator was made again).
   */
  storeChanged: CatchUp;
}

export function createAdminGuard({ limiters, secret, authenticate }: AdminGuardDeps): AdminGuard {
  const verified = new Map<string, { admin: AdminIdentity; until: number }>();
  const throttle = new SignInThrottle(ADMIN_SIGN_IN_RULES, limiters);
  // Keyed by an HMAC of the credentials: the cache never holds a password, and the key is useless without the secret.
  const cacheKey = (email: string, password: string) =>
    createHmac('sha256', secret).update(`${email.toLowerCase()}\0${password}`).digest('hex');

  async function check(ctx: Context): Promise<AdminCheck> {
    const credentials = basicCredentials(ctx);
    if (!credentials) return { ok: false, status: 401, message: MISSING_CREDENTIALS };
    const key = cacheKey(credentials.email, credentials.password);
    const now = Date.now();
    const cached = verified.get(key);
    if (cached && cached.until > now) return { ok: true, admin: cached.admin };
    verified.delete(key);

    if (!possibleCredentials(credentials)) return { ok: false, status: 401, message: WRONG_CREDENTIALS };
    let user;
    try {
      user = await throttle.attempt(credentials.email, ctx.ip, () =>
        authenticate(credentials.email, credentials.password),
      );
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      const { message } = tooManyRequests(ctx, error.waitMs, 'failed sign-in attempts');
      return { ok: false, status: 429, message };
    }
    if (!user) return { ok: false, status: 401, message: WRONG_CREDENTIALS };
    if (user.userType !== 'admin') return { ok: false, status: 403, message: NOT_AN_ADMIN };
    const admin = { id: user.id, email: user.email };
    verified.set(key, { admin, until: now + ADMIN_CACHE_MS });
    return { ok: true, admin };
  }

  /**
   * Guards admin routes: valid admin Basic auth or 401 (no or wrong credentials), 403 (not an admin), 429 (too many
   * failures). Errors carry `success: false` like the spec's check-credentials answer. The admin is in
   * ctx.state.admin.
   */
  const requireAdmin: RequireAdmin =
    (options = {}) =>
    async (ctx, next) => {
      if (options.optional && !ctx.get('authorization')) {
        await next();
        return;
      }
      const result = await check(ctx);
      // No WWW-Authenticate header: it would make browsers pop up their own sign-in box over the admin app.
      if (!result.ok) {
        const status = options.refusalStatus?.(result.status) ?? result.status;
        throw new HttpError(status, result.message, { code: REFUSAL_CODES[result.status], success: false });
      }
      ctx.state.admin = result.admin;
      await next();
    };

  return {
    requireAdmin,
    forgive: (email) => throttle.forgiveEmail(email),
    async storeChanged({ collections, since }) {
      verified.clear();
      if (collections === 'all' || collections.includes('users')) await throttle.forgiveFailuresSince(since);
    },
  };
}

/** The admin guard every feature is handed (a feature imports no other feature). */
export type RequireAdmin = (options?: AdminGuardOptions) => Middleware;

export interface AdminGuardOptions {
  /** A request without credentials goes on as anyone's; credentials given must still be an administrator's. */
  optional?: boolean;
  /** The status a refusal answers with, from the check's own (401, 403 or 429). */
  refusalStatus?: (status: 401 | 403 | 429) => number;
}

/** A refusal's code follows the check, whatever status the route answers it with. */
const REFUSAL_CODES = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 429: 'RATE_LIMITED' } as const satisfies Record<
  401 | 403 | 429,
  ApiCode
>;
