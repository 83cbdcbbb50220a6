import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalSheetLink } from '../../src/domain/gate';
import type { Config } from '../config';
import { normaliseEmail, type Result, type Store } from '../store';
import { hashLink } from '../sheets/sheet-source';

/**
 * Who may see a scorecard: an address that proved it received the verification mail for that scorecard's subject (a
 * response-sheet link, or a saved page uploaded here), on a device that holds the proof. The proof is the access token
 * the verify call gives the browser: an HMAC over the address and an expiry with the server's secret, kept on the
 * device (never in an address), sent with every score request. The store records each (subject, address) pair
 * verified; a token alone opens nothing its address did not verify.
 */

/** What a verification is for: the sheet behind a portal link, or a saved page uploaded here (its stored result). */
export type VerificationSubject = { link: string; testPaper?: string } | { upload: string };

/** How long a device stays trusted for its address: a GATE season, from the answer key to admissions. */
export const ACCESS_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** How long a mailed verification link works. */
export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

/** What a mailed verification link carries, sealed: the subject, the address and the link's expiry. */
export interface VerificationClaim {
  subject: VerificationSubject;
  email: string;
  expiresAt: number;
}

const sealKey = (secret: string) => createHash('sha256').update(`verification-link\0${secret}`).digest();

/**
 * The token of a verification mail's link: the claim encrypted and authenticated (AES-256-GCM) with a key from the
 * server's secret, so the address the link opens holds neither the e-mail nor the response-sheet link (both would
 * otherwise stay in the browser's history), and no one can make or alter one.
 */
export function sealVerification(
  secret: string,
  subject: VerificationSubject,
  email: string,
  now = Date.now(),
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const claim = JSON.stringify({ subject, email: normaliseEmail(email), expiresAt: now + VERIFICATION_LIFETIME_MS });
  const sealed = Buffer.concat([cipher.update(claim, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export type OpenedVerification = { status: 'valid'; claim: VerificationClaim } | { status: 'invalid' | 'expired' };

export function openVerification(secret: string, token: string, now = Date.now()): OpenedVerification {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 29 || bytes.length > 4_096) return { status: 'invalid' };
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const claim = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'),
    ) as VerificationClaim;
    return claim.expiresAt < now ? { status: 'expired' } : { status: 'valid', claim };
  } catch {
    return { status: 'invalid' };
  }
}

export interface ScorecardAccess {
  /** A response-sheet link as it is compared (canonicalSheetLink) and hashed: what the sheet cache keys by too. */
  linkKey(link: string): string;
  /** What a verification of this subject is stored under. */
  subjectKey(subject: VerificationSubject): string;
  /** The address this device holds a proof for, when that address verified this subject; else null. */
  verifiedEmail(subject: VerificationSubject, accessToken: string | undefined): Promise<string | null>;
  /** The same for a stored result: its portal link, or (an uploaded page) the upload itself. */
  verifiedEmailOf(
    result: Pick<Result, 'id' | 'link' | 'uploaded'>,
    accessToken: string | undefined,
  ): Promise<string | null>;
}

export function createScorecardAccess(
  config: Pick<Config, 'secret' | 'responseSheetHosts'>,
  store: Store,
): ScorecardAccess {
  const linkKey = (link: string) => hashLink(canonicalSheetLink(link, config.responseSheetHosts));
  const subjectKey = (subject: VerificationSubject) =>
    'upload' in subject ? `upload:${subject.upload}` : linkKey(subject.link);
  async function verifiedEmail(subject: VerificationSubject, accessToken: string | undefined) {
    const email = emailOfAccessToken(config.secret, accessToken);
    if (!email) return null;
    return (await store.verifications.isVerified(subjectKey(subject), email)) ? email : null;
  }
  return {
    linkKey,
    subjectKey,
    verifiedEmail,
    verifiedEmailOf(result, accessToken) {
      if (result.uploaded) return verifiedEmail({ upload: result.id }, accessToken);
      return result.link ? verifiedEmail({ link: result.link }, accessToken) : Promise.resolve(null);
    },
  };
}
