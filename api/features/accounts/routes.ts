import Router from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError, notifyingError } from '../../http/errors';
import type { AdminGuard } from '../../access/admin-guard';
import { tooManyRequests, waitFor } from '../../http/limiters';
import type { LimiterFactory } from '../../store';
import { validateInput, type ValidateOptions } from '../../http/validate';
import { OPERATIONS } from '../../../src/contract/operations';
import {
  InvalidResetTokenError,
  type AccountDeps,
  logIn,
  requestPasswordReset,
  resetPassword,
  signUp,
} from './account-service';
import { presentDone, presentLoggedIn, presentSignedUp } from '../../presenters';
import { SignInThrottle, TooManyAttemptsError, type SignInRules } from '../../access/attempt-throttle';

export const INVALID_CLIENT_CODE = 'Invalid client code.';
export const LOGIN_FAILED = 'Username or password is incorrect.';
export const FORGOT_ANSWER =
  'If an account exists for that e-mail, we have sent it a link to reset the password. The link works once, within 1 hour.';

/** Every account call must name this product's client code in x-client-code. */
function requireClientCode({ config }: Pick<AccountDeps, 'config'>): Middleware {
  return async (ctx, next) => {
    if (ctx.get('x-client-code') !== config.clientCode)
      throw notifyingError(400, 'INVALID_CLIENT_CODE', INVALID_CLIENT_CODE);
    await next();
  };
}

/** Account calls answer a bad field with the form's own words, in `message` and in the spec's `notify.message`. */
const ACCOUNT_INPUT: ValidateOptions = { messages: 'bare', extra: (message) => ({ notify: { message } }) };

/** Sign-ins: 10 attempts per e-mail go ahead, then one at a time after 5 s, 10 s, 20 s ... up to 15 minutes. */
export const SIGN_IN_RULES: SignInRules = {
  name: 'sign-in',
  freeFailures: 10,
  firstDelayMs: 5000,
  maxDelayMs: 15 * 60_000,
  failuresPerAddress: 50,
  addressWindowMs: 15 * 60_000,
};

const HOUR_MS = 60 * 60_000;
/** Sign-ups and reset mails per client address and per e-mail address they name, per hour. */
export const SIGN_UPS_PER_ADDRESS = 20;
export const SIGN_UPS_PER_EMAIL = 5;
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_MAILS_PER_EMAIL = 3;

/**
 * Refuses a call over its hourly budget per client address or per e-mail it names (checked in that order, the
 * e-mail only counted when the address may go on), with 429, Retry-After and the account calls' notify.
 */
function hourlyLimit(
  limiters: LimiterFactory,
  name: string,
  perAddress: number,
  perEmail: number,
  what: string,
): Middleware<{ input: { email: string } }> {
  const byAddress = limiters({ name: `${name}-address`, points: perAddress, windowMs: HOUR_MS });
  const byEmail = limiters({ name: `${name}-email`, points: perEmail, windowMs: HOUR_MS });
  return async (ctx, next) => {
    const wait = (await waitFor(byAddress, ctx.ip)) || (await waitFor(byEmail, ctx.state.input.email.toLowerCase()));
    if (wait > 0) {
      const error = tooManyRequests(ctx, wait, what);
      throw notifyingError(429, 'RATE_LIMITED', error.message);
    }
    await next();
  };
}

export function accountRoutes(services: AccountDeps & { adminGuard: AdminGuard }): Router {
  const { limiters } = services.store;
  const router = new Router();
  const clientCode = requireClientCode(services);
  const signIns = new SignInThrottle(SIGN_IN_RULES, limiters);
  const signUps = hourlyLimit(limiters, 'sign-up', SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_EMAIL, 'sign-ups');
  const resetMails = hourlyLimit(
    limiters,
    'reset-mail',
    RESET_REQUESTS_PER_ADDRESS,
    RESET_MAILS_PER_EMAIL,
    'password reset requests',
  );

  router.post(
    '/api/signup',
    clientCode,
    validateInput(OPERATIONS.signUp.input, ACCOUNT_INPUT),
    signUps,
    async (ctx) => {
      const { email, firstName, password } = ctx.state.input;
      const user = await signUp(services, { email, firstName, password });
      ctx.status = 201;
      ctx.body = presentSignedUp(user, 'Successfully signed up');
    },
  );

  router.post('/auth/login', clientCode, validateInput(OPERATIONS.logIn.input, ACCOUNT_INPUT), async (ctx) => {
    const { username, password } = ctx.state.input;
    let session;
    try {
      session = await signIns.attempt(username, ctx.ip, () => logIn(services, username, password));
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      throw tooManyRequests(ctx, error.waitMs, 'failed sign-in attempts', { status: 'FAILED', data: null });
    }
    if (!session) throw new HttpError(401, LOGIN_FAILED, { status: 'FAILED', data: null });
    ctx.body = presentLoggedIn(session);
  });

  router.post(
    '/api/auth/forgot',
    clientCode,
    validateInput(OPERATIONS.forgotPassword.input, ACCOUNT_INPUT),
    resetMails,
    async (ctx) => {
      await requestPasswordReset(services, ctx.state.input.email);
      ctx.body = presentDone(FORGOT_ANSWER);
    },
  );

  router.post(
    '/api/auth/resetpwd',
    clientCode,
    validateInput(OPERATIONS.resetPassword.input, ACCOUNT_INPUT),
    async (ctx) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
      const { email, pwd, token } = ctx.state.input;
      const resetToken = bearer ?? token;
      if (!resetToken) throw new InvalidResetTokenError();
      await resetPassword(services, resetToken, email, pwd);
      // The reset mail proved the owner: failed sign-ins others made with this e-mail stop slowing them down.
      await Promise.all([signIns.forgiveEmail(email), services.adminGuard.forgive(email)]);
      ctx.body = presentDone('Password reseted successfully.');
    },
  );

  // The spec's admin screen reads 401 for any refusal; a lock-out keeps its own 429 so the wait is explained.
  const anAdmin = services.adminGuard.requireAdmin({ refusalStatus: (status) => (status === 429 ? 429 : 401) });
  router.get('/api/data/check-credentials', anAdmin, (ctx) => {
    ctx.body = presentDone('Login successful!');
  });

  return router;
}
