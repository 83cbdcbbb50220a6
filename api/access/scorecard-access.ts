import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalSheetLink } from '../../src/domain/gate';
import type { Config } from '../config';
import { normaliseEmail, type Store } from '../store';
import { hashLink } from '../sheets/sheet-source';

/**
 * Who may see a link's scorecard: an address that proved it received the verification mail for that link, on a device
 * that holds the proof. The proof is the access token the verify call gives the browser: an HMAC over the address and
 * an expiry with the server's secret, kept on the device (never in an address), sent with every score request. The
 * store records each (link, address) pair verified; a token alone opens no link its address did not verify.
 */

/** How long a device stays trusted for its address: a GATE season, from the answer key to admissions. */
export const ACCESS_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

function mac(secret: string, email: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret)
    .update(`scorecard-access\0${normaliseEmail(email)}\0${expiresAt}`)
    .digest();
}

/** `<expiry in base 36>.<address in base64url>.<HMAC in base64url>` */
export function signAccessToken(secret: string, email: string, now = Date.now()): string {
  const expiresAt = now + ACCESS_LIFETIME_MS;
  const address = Buffer.from(normaliseEmail(email)).toString('base64url');
  return `${expiresAt.toString(36)}.${address}.${mac(secret, email, expiresAt).toString('base64url')}`;
}

/** The address a valid, unexpired token vouches for; null for anything else. */
export function emailOfAccessToken(secret: string, token: string | undefined, now = Date.now()): string | null {
  const [, expiry, address, signature] =
    /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '') ?? [];
  if (expiry === undefined || address === undefined || signature === undefined) return null;
  const expiresAt = parseInt(expiry, 36);
  const email = Buffer.from(address, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, email, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || expiresAt < now) return null;
  return email;
}

export interface ScorecardAccess {
  /** The link as it is compared (canonicalSheetLink) and hashed: what verifications and the sheet cache key by. */
  linkKey(link: string): string;
  /** The address this device holds a proof for, when that address verified this link; else null. */
  verifiedEmail(link: string, accessToken: string | undefined): Promise<string | null>;
}

export function createScorecardAccess(
  config: Pick<Config, 'secret' | 'responseSheetHosts'>,
  store: Store,
): ScorecardAccess {
  const linkKey = (link: string) => hashLink(canonicalSheetLink(link, config.responseSheetHosts));
  return {
    linkKey,
    async verifiedEmail(link, accessToken) {
      const email = emailOfAccessToken(config.secret, accessToken);
      if (!email) return null;
      return (await store.verifications.isVerified(linkKey(link), email)) ? email : null;
    },
  };
}
