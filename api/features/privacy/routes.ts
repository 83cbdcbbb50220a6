import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { OPERATIONS } from '../../../src/contract/operations';
import { PRIVACY_MESSAGES } from '../../../src/contract/privacy-requests';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { normaliseEmail, type Store } from '../../store';
import { HttpError } from '../../http/errors';
import { limitPerAddress, tooManyRequests, waitFor } from '../../http/limiters';
import { validateInput } from '../../http/validate';
import type { RequireAdmin } from '../../access/admin-guard';
import {
  createScorecardAccess,
  openErasure,
  sealErasure,
  VERIFICATION_LIFETIME_MS,
} from '../../access/scorecard-access';
import { presentAccessRevoked, presentErased, presentErasureRequested } from '../../presenters';
import { erasureAddress, renderErasureMail } from './erasure-mail';

/** One confirmation mail per address in this time: a second click sends nothing more. */
export const ERASURE_MAIL_COOLDOWN_MS = 60_000;

const BARE = { messages: 'bare' } as const;

/**
 * What a candidate controls of their device's access and their data: signing this device out, and "Forget me" (a
 * mailed confirmation, then the erasure of what is stored under the address, India's DPDP Act 2023 right to erasure).
 * An administrator revokes an address's devices.
 */
export function privacyRoutes({
  config,
  store,
  mailer,
  requireAdmin,
}: {
  config: Config;
  store: Store;
  mailer: Mailer;
  requireAdmin: RequireAdmin;
}): Router {
  const router = new Router({ prefix: '/api/data' });
  const access = createScorecardAccess(config, store);
  const perMinute = store.limiters({ name: 'privacy', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'privacy requests');
  const cooldowns = store.limiters({ name: 'erasure-mail', points: 1, windowMs: ERASURE_MAIL_COOLDOWN_MS });
  // A link erases once: a second click, or someone the mail was forwarded to, cannot erase what was stored since.
  const linkUses = store.limiters({ name: 'erasure-link', points: 1, windowMs: VERIFICATION_LIFETIME_MS });

  router.post('/sign-out-device', limited, validateInput(OPERATIONS.signOutDevice.input, BARE), async (ctx) => {
    if (!(await access.signOut(ctx.state.input.access)))
      throw new HttpError(400, PRIVACY_MESSAGES.notSignedIn, { code: 'INVALID_TOKEN' });
    ctx.body = presentAccessRevoked(PRIVACY_MESSAGES.signedOut);
  });

  router.post('/forget-me', limited, validateInput(OPERATIONS.forgetMe.input, BARE), async (ctx) => {
    const device = await access.deviceOf(ctx.state.input.access);
    if (!device) throw new HttpError(403, PRIVACY_MESSAGES.verifyFirst, { code: 'VERIFICATION_REQUIRED' });
    const wait = await waitFor(cooldowns, device.email);
    if (wait > 0) throw tooManyRequests(ctx, wait, 'confirmation mails to this address');
    try {
      await mailer.send(
        renderErasureMail(device.email, erasureAddress(config.appOrigin, sealErasure(config.secret, device.email))),
      );
    } catch (error) {
      await cooldowns.delete(device.email); // nothing went out: the candidate may ask again at once
      throw error;
    }
    ctx.body = presentErasureRequested(PRIVACY_MESSAGES.erasureSent, device.email);
  });

  router.post('/forget-me/confirm', limited, validateInput(OPERATIONS.confirmForgetMe.input, BARE), async (ctx) => {
    const opened = openErasure(config.secret, ctx.state.input.token);
    if (opened.status === 'expired') throw new HttpError(410, PRIVACY_MESSAGES.expiredLink, { code: 'EXPIRED_TOKEN' });
    if (opened.status !== 'valid') throw new HttpError(400, PRIVACY_MESSAGES.invalidLink, { code: 'INVALID_TOKEN' });
    const link = createHash('sha256').update(ctx.state.input.token).digest('base64url');
    if ((await waitFor(linkUses, link)) > 0)
      throw new HttpError(410, PRIVACY_MESSAGES.usedLink, { code: 'EXPIRED_TOKEN' });
    try {
      // Devices first: once they are refused, nothing new is stored under the address while its data goes.
      await access.revokeAddress(opened.claim.email);
      ctx.body = presentErased(PRIVACY_MESSAGES.erased, await store.erasures.eraseAddress(opened.claim.email));
    } catch (error) {
      await linkUses.delete(link); // not erased: the same link may be tried again
      throw error;
    }
  });

  router.post(
    '/admin/revoke-access',
    requireAdmin(),
    validateInput(OPERATIONS.revokeAccess.input, BARE),
    async (ctx) => {
      const email = normaliseEmail(ctx.state.input.email);
      await access.revokeAddress(email);
      ctx.body = presentAccessRevoked(PRIVACY_MESSAGES.addressRevoked(email));
    },
  );

  return router;
}
