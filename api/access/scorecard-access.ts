import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalSheetLink } from '../../src/domain/gate';
import { ACCESS_TOKEN_DAYS, type Config } from '../config';
import { normaliseEmail, type Result, type Store } from '../store';
import { hashLink } from '../sheets/sheet-source';

/**
 * Who may see a scorecard: an address that proved it received the verification mail for that scorecard's subject (a
 * response-sheet link, or a saved page uploaded here), on a device that holds the proof. The proof is the access token
 * the verify call gives the browser: an HMAC over the address, the device's id, when it was issued and when it expires,
 * kept on the device (never in an address) and sent with every score request. The store records each (subject,
 * address) pair verified; a token alone opens nothing its address did not verify.
 *
 * A token lives ACCESS_TOKEN_DAYS (30 by default) and is renewed as it is used (the same device and issue time, a new
 * expiry): a device in use stays trusted, one left alone falls out. Revocations are stored, so every instance refuses
 * a device signed out, or every device of an address an administrator revoked or that asked to be forgotten.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a verification is for: the sheet behind a portal link, or a saved page uploaded here (its stored result). */
export type VerificationSubject = { link: string; testPaper?: string } | { upload: string };

/** A token used this long after it was issued or last renewed comes back renewed: at most one renewal a day. */
export const ACCESS_RENEWAL_AFTER_MS = DAY_MS;
/** How long a mailed verification link works. */
export const VERIFICATION_LIFETIME_MS = DAY_MS;

/** A revoked device's token: it answers 403 ACCESS_REVOKED wherever it is used, on every instance. */
export class AccessRevokedError extends Error {
  readonly code = 'ACCESS_REVOKED';
  constructor() {
    super('This device was signed out. Verify your e-mail again to see your scorecard here.');
    this.name = 'AccessRevokedError';
  }
}

/** For a caller to whom a revoked token is as good as none (a device asking for a new verification mail). */
export function noneIfRevoked(error: unknown): null {
  if (error instanceof AccessRevokedError) return null;
  throw error;
}

/** What a token says: whose it is, which device holds it, when it was first issued and when it expires. */
export interface DeviceAccess {
  email: string;
  device: string;
  issuedAt: number;
  expiresAt: number;
}

function mac(secret: string, access: DeviceAccess): Buffer {
  const { email, device, issuedAt, expiresAt } = access;
  return createHmac('sha256', secret)
    .update(`device-access\0${normaliseEmail(email)}\0${device}\0${issuedAt}\0${expiresAt}`)
    .digest();
}

/** `<issued>.<expiry>.<device>.<address in base64url>.<HMAC in base64url>`, times in base 36. */
function tokenOf(secret: string, access: DeviceAccess): string {
  const address = Buffer.from(normaliseEmail(access.email)).toString('base64url');
  const times = `${access.issuedAt.toString(36)}.${access.expiresAt.toString(36)}`;
  return `${times}.${access.device}.${address}.${mac(secret, access).toString('base64url')}`;
}

/** A new device's token for this address. */
export function signAccessToken(
  secret: string,
  email: string,
  lifetimeMs = ACCESS_TOKEN_DAYS * DAY_MS,
  now = Date.now(),
): string {
  const device = randomBytes(16).toString('base64url');
  return tokenOf(secret, { email: normaliseEmail(email), device, issuedAt: now, expiresAt: now + lifetimeMs });
}

/** The same device's token with a new expiry: a revocation of the device or the address still covers it. */
export function renewAccessToken(secret: string, access: DeviceAccess, lifetimeMs: number, now = Date.now()): string {
  return tokenOf(secret, { ...access, expiresAt: now + lifetimeMs });
}

export type ReadAccess = { status: 'valid' | 'expired'; access: DeviceAccess } | { status: 'invalid' };

/** What a token says when this server signed it, and whether it still holds; `invalid` for anything else. */
export function readAccessToken(secret: string, token: string | undefined, now = Date.now()): ReadAccess {
  const [, issued, expiry, device, address, signature] =
    /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(
      token ?? '',
    ) ?? [];
  if (!issued || !expiry || !device || !address || !signature) return { status: 'invalid' };
  const access = {
    email: Buffer.from(address, 'base64url').toString('utf8'),
    device,
    issuedAt: parseInt(issued, 36),
    expiresAt: parseInt(expiry, 36),
  };
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, access);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  return { status: access.expiresAt < now ? 'expired' : 'valid', access };
}

/** What a mailed verification link carries, sealed: the subject, the address and the link's expiry. */
export interface VerificationClaim {
  subject: VerificationSubject;
  email: string;
  expiresAt: number;
}

const sealKey = (purpose: string, secret: string) => createHash('sha256').update(`${purpose}\0${secret}`).digest();

/**
 * A mailed link's token: the claim encrypted and authenticated (AES-256-GCM) with a key from the server's secret and
 * the link's purpose, so the address the link opens holds neither the e-mail nor the response-sheet link (both would
 * otherwise stay in the browser's history), no one can make or alter one, and one purpose's token opens no other.
 */
function seal(purpose: string, secret: string, claim: object): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(purpose, secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(claim), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export type Opened<C> = { status: 'valid'; claim: C } | { status: 'invalid' | 'expired' };

function open<C extends { expiresAt: number }>(purpose: string, secret: string, token: string, now: number): Opened<C> {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 29 || bytes.length > 4_096) return { status: 'invalid' };
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(purpose, secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const claim = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'),
    ) as C;
    return claim.expiresAt < now ? { status: 'expired' } : { status: 'valid', claim };
  } catch {
    return { status: 'invalid' };
  }
}

export function sealVerification(
  secret: string,
  subject: VerificationSubject,
  email: string,
  now = Date.now(),
): string {
  return seal('verification-link', secret, {
    subject,
    email: normaliseEmail(email),
    expiresAt: now + VERIFICATION_LIFETIME_MS,
  });
}

export type OpenedVerification = Opened<VerificationClaim>;

export function openVerification(secret: string, token: string, now = Date.now()): OpenedVerification {
  return open<VerificationClaim>('verification-link', secret, token, now);
}

/** What a "Forget me" confirmation link carries: the address to forget, and the link's expiry. */
export interface ErasureClaim {
  email: string;
  expiresAt: number;
}

export function sealErasure(secret: string, email: string, now = Date.now()): string {
  return seal('erasure-link', secret, { email: normaliseEmail(email), expiresAt: now + VERIFICATION_LIFETIME_MS });
}

export function openErasure(secret: string, token: string, now = Date.now()): Opened<ErasureClaim> {
  return open<ErasureClaim>('erasure-link', secret, token, now);
}

export interface ScorecardAccess {
  /** A response-sheet link as it is compared (canonicalSheetLink) and hashed: what the sheet cache keys by too. */
  linkKey(link: string): string;
  /** What a verification of this subject is stored under. */
  subjectKey(subject: VerificationSubject): string;
  /**
   * The address this device holds a proof for, when that address verified this subject; else null.
   * @throws AccessRevokedError for a token revoked (signed out, revoked by an administrator, forgotten).
   */
  verifiedEmail(subject: VerificationSubject, accessToken: string | undefined): Promise<string | null>;
  /** The same for a stored result: its portal link, or (an uploaded page) the upload itself. */
  verifiedEmailOf(
    result: Pick<Result, 'id' | 'link' | 'uploaded'>,
    accessToken: string | undefined,
  ): Promise<string | null>;
  /** A new device's token for an address that just verified. */
  issue(email: string): string;
  /**
   * What a valid, unexpired token says; null for any other token.
   * @throws AccessRevokedError for a token revoked.
   */
  deviceOf(accessToken: string | undefined): Promise<DeviceAccess | null>;
  /** The token renewed, when it is valid and due (ACCESS_RENEWAL_AFTER_MS since issued or renewed); else null. */
  renewal(accessToken: string | undefined): Promise<string | null>;
  /** Revokes this device's token and every renewal of it. @returns false for a token this server never signed. */
  signOut(accessToken: string | undefined): Promise<boolean>;
  /** Revokes every token issued to this address until now, on every device. */
  revokeAddress(email: string): Promise<void>;
}

export function createScorecardAccess(
  config: Pick<Config, 'secret' | 'responseSheetHosts' | 'accessLifetimeMs'>,
  store: Store,
): ScorecardAccess {
  const { secret, accessLifetimeMs } = config;
  const linkKey = (link: string) => hashLink(canonicalSheetLink(link, config.responseSheetHosts));
  const subjectKey = (subject: VerificationSubject) =>
    'upload' in subject ? `upload:${subject.upload}` : linkKey(subject.link);
  // The address stays out of the revocations: they outlive a "Forget me" by up to a token's lifetime.
  const addressHolder = (email: string) =>
    `address:${createHmac('sha256', secret)
      .update(`revoked-address\0${normaliseEmail(email)}`)
      .digest('base64url')}`;
  const deviceHolder = (device: string) => `device:${device}`;

  async function revoke(holder: string, now: number) {
    // Every token the holder has now expires within a lifetime from now: renewals stop at the revocation.
    await store.accessRevocations.revoke(holder, new Date(now), new Date(now + accessLifetimeMs));
    await store.accessRevocations.forgetExpired(new Date(now));
  }

  async function deviceOf(accessToken: string | undefined) {
    const read = readAccessToken(secret, accessToken);
    if (read.status !== 'valid') return null;
    const { access } = read;
    const line = await store.accessRevocations.revokedBefore([
      deviceHolder(access.device),
      addressHolder(access.email),
    ]);
    if (line && access.issuedAt <= line.getTime()) throw new AccessRevokedError();
    return access;
  }

  async function verifiedEmail(subject: VerificationSubject, accessToken: string | undefined) {
    if (!accessToken) return null;
    const access = await deviceOf(accessToken);
    if (!access) return null;
    return (await store.verifications.isVerified(subjectKey(subject), access.email)) ? access.email : null;
  }

  return {
    linkKey,
    subjectKey,
    verifiedEmail,
    verifiedEmailOf(result, accessToken) {
      if (result.uploaded) return verifiedEmail({ upload: result.id }, accessToken);
      return result.link ? verifiedEmail({ link: result.link }, accessToken) : Promise.resolve(null);
    },
    issue: (email) => signAccessToken(secret, email, accessLifetimeMs),
    deviceOf,
    async renewal(accessToken) {
      const read = readAccessToken(secret, accessToken);
      const now = Date.now();
      if (read.status !== 'valid' || read.access.expiresAt - accessLifetimeMs + ACCESS_RENEWAL_AFTER_MS > now)
        return null;
      const access = await deviceOf(accessToken).catch(noneIfRevoked);
      return access && renewAccessToken(secret, access, accessLifetimeMs, now);
    },
    async signOut(accessToken) {
      const read = readAccessToken(secret, accessToken);
      if (read.status === 'invalid') return false;
      await revoke(deviceHolder(read.access.device), Date.now());
      return true;
    },
    revokeAddress: (email) => revoke(addressHolder(email), Date.now()),
  };
}
