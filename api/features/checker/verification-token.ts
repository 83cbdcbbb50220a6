import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseEmail } from '../../store';

/**
 * The token in an e-mail verification link: an HMAC over the link (as the mail writes it), the e-mail and an expiry
 * time, keyed with the server's secret. Knowing a link and an address is not enough to verify them; a token works for 24 hours.
 */

export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type TokenCheck = 'valid' | 'expired' | 'invalid';

function mac(secret: string, link: string, email: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret)
    .update(`verify-email\0${link.trim()}\0${normaliseEmail(email)}\0${expiresAt}`)
    .digest();
}

/** `<expiry in base 36>.<HMAC in base64url>` */
export function signVerificationToken(secret: string, link: string, email: string, now = Date.now()): string {
  const expiresAt = now + VERIFICATION_LIFETIME_MS;
  return `${expiresAt.toString(36)}.${mac(secret, link, email, expiresAt).toString('base64url')}`;
}

export function checkVerificationToken(
  secret: string,
  link: string,
  email: string,
  token: string,
  now = Date.now(),
): TokenCheck {
  const [, expiry, signature] = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim()) ?? [];
  if (expiry === undefined || signature === undefined) return 'invalid';
  const expiresAt = parseInt(expiry, 36);
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, link, email, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expiresAt < now ? 'expired' : 'valid';
}
