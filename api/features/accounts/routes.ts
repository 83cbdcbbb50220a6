import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AnyObjectSchema, InferType } from 'yup';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { adminVerifier } from '../../http/admin-auth';
import {
  firstErrors,
  forgotPasswordSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from '../../../src/domain/validation/accounts';
import {
  EmailTakenError,
  InvalidResetTokenError,
  logIn,
  publicProfile,
  requestPasswordReset,
  resetPassword,
  signUp,
} from './account-service';
import { AttemptThrottle, tooManyAttemptsMessage } from './attempt-throttle';

export const INVALID_CLIENT_CODE = 'Invalid client code.';
export const LOGIN_FAILED = 'Username or password is incorrect.';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';
export const FORGOT_ANSWER =
  'If an account exists for that e-mail, we have sent it a link to reset the password. The link works once, within 1 hour.';

/** Account errors carry the spec's `notify.message` beside the plain `message`. */
function notify(status: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, message, { notify: { message }, ...extra });
}

/** Every account call must name this product's client code in x-client-code (spec §7). */
function requireClientCode({ config }: Services): Middleware {
  return async (ctx, next) => {
    if (ctx.get('x-client-code') !== config.clientCode) throw notify(400, INVALID_CLIENT_CODE);
    await next();
  };
}

/** Validates the JSON body with a shared schema; a 400 names the first problem and every field's message. */
function validBody<S extends AnyObjectSchema>(ctx: Context, schema: S): InferType<S> {
  try {
    return schema.validateSync(ctx.request.body ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const errors = firstErrors(error);
    // yup reports fields in no fixed order; the answer names the first problem in the form's field order.
    const first = Object.keys(schema.fields).find((field) => errors[field]);
    throw notify(400, first ? errors[first] : 'The request is not valid.', { errors });
  }
}

const LOGIN_FAILURES_PER_EMAIL = 10;
const LOGIN_FAILURES_PER_ADDRESS = 50;

export function accountRoutes(services: Services): Router {
  const router = new Router();
  const clientCode = requireClientCode(services);
  const loginByEmail = new AttemptThrottle({ maxFailures: LOGIN_FAILURES_PER_EMAIL, windowMs: 15 * 60_000 });
  const loginByAddress = new AttemptThrottle({ maxFailures: LOGIN_FAILURES_PER_ADDRESS, windowMs: 15 * 60_000 });

  router.post('/api/signup', clientCode, async (ctx) => {
    const { email, firstName, password } = validBody(ctx, signUpRequestSchema);
    try {
      const user = await signUp(services, { email, firstName, password });
      ctx.status = 201;
      ctx.body = { success: true, message: 'Successfully signed up', data: publicProfile(user) };
    } catch (error) {
      if (error instanceof EmailTakenError) throw notify(409, error.message);
      throw error;
    }
  });

  router.post('/auth/login', clientCode, async (ctx) => {
    const body = ctx.request.body as { username?: unknown; password?: unknown } | undefined;
    const valid = loginRequestSchema.isValidSync(body);
    const username = valid ? String(body!.username).trim() : '';
    const wait = Math.max(loginByEmail.retryAfterMs(username.toLowerCase()), loginByAddress.retryAfterMs(ctx.ip));
    if (wait > 0) {
      ctx.set('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, tooManyAttemptsMessage(wait), { status: 'FAILED', data: null });
    }
    const session = valid ? await logIn(services, username, String(body!.password)) : null;
    if (!session) {
      loginByEmail.recordFailure(username.toLowerCase());
      loginByAddress.recordFailure(ctx.ip);
      throw new HttpError(401, LOGIN_FAILED, { status: 'FAILED', data: null });
    }
    loginByEmail.forgive(username.toLowerCase());
    ctx.body = { status: 'SUCCESS', data: session };
  });

  router.post('/api/auth/forgot', clientCode, async (ctx) => {
    const { email } = validBody(ctx, forgotPasswordSchema);
    await requestPasswordReset(services, email);
    ctx.body = { success: true, message: FORGOT_ANSWER };
  });

  router.post('/api/auth/resetpwd', clientCode, async (ctx) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    const { email, pwd, token } = validBody(ctx, resetPasswordRequestSchema);
    const resetToken = bearer ?? token;
    if (!resetToken) throw notify(401, INVALID_RESET_LINK);
    try {
      await resetPassword(services, resetToken, email, pwd);
    } catch (error) {
      if (error instanceof InvalidResetTokenError) throw notify(401, INVALID_RESET_LINK);
      throw error;
    }
    ctx.body = { success: true, message: 'Password reseted successfully.' };
  });

  router.get('/api/data/check-credentials', async (ctx) => {
    const result = await adminVerifier(services).check(ctx);
    if (!result.ok) {
      // The spec's admin screen reads 401 for any refusal; a lock-out keeps its own 429 so the wait is explained.
      throw new HttpError(result.status === 429 ? 429 : 401, result.message, { success: false });
    }
    ctx.body = { success: true, message: 'Login successful!' };
  });

  return router;
}
