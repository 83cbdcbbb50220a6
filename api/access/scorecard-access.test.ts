import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_LIFETIME_MS,
  openErasure,
  openVerification,
  readAccessToken,
  renewAccessToken,
  sealErasure,
  sealVerification,
  signAccessToken,
} from './scorecard-access';

const DAY_MS = 24 * 60 * 60 * 1000;

const SECRET = 'a-secret-of-enough-length';
const LINK = 'https://cdn.digialm.com/per/g01/pub/585/x/CS26S42101001_GATE.html';

describe("a verification mail's sealed token", () => {
  it('opens to the subject and address it was made for, for 24 hours, and shows neither in the address', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = sealVerification(SECRET, { link: LINK, testPaper: 'CS 1' }, ' Asha@Example.com ', now);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toMatch(/asha|CS26S42101001/i);
    expect(openVerification(SECRET, token, now + 1000)).toEqual({
      status: 'valid',
      claim: {
        subject: { link: LINK, testPaper: 'CS 1' },
        email: 'asha@example.com',
        expiresAt: now + VERIFICATION_LIFETIME_MS,
      },
    });
    expect(openVerification(SECRET, token, now + VERIFICATION_LIFETIME_MS + 1)).toEqual({ status: 'expired' });
    const upload = sealVerification(SECRET, { upload: 'r1' }, 'asha@example.com', now);
    expect(openVerification(SECRET, upload, now)).toMatchObject({ claim: { subject: { upload: 'r1' } } });
  });

  it('refuses another secret, a changed byte and garbage', () => {
    const token = sealVerification(SECRET, { link: LINK }, 'asha@example.com');
    expect(openVerification('another-secret-entirely', token)).toEqual({ status: 'invalid' });
    const bytes = Buffer.from(token, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openVerification(SECRET, bytes.toString('base64url'))).toEqual({ status: 'invalid' });
    for (const garbage of ['', 'hello', 'A'.repeat(43), '%%%']) {
      expect(openVerification(SECRET, garbage)).toEqual({ status: 'invalid' });
    }
  });
});

describe("a 'Forget me' confirmation link's token", () => {
  it('opens to the address for 24 hours, and a verification link does not open as one', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = sealErasure(SECRET, 'Asha@Example.com', now);
    expect(token).not.toMatch(/asha/i);
    expect(openErasure(SECRET, token, now + 1000)).toEqual({
      status: 'valid',
      claim: { email: 'asha@example.com', expiresAt: now + VERIFICATION_LIFETIME_MS },
    });
    expect(openErasure(SECRET, token, now + VERIFICATION_LIFETIME_MS + 1)).toEqual({ status: 'expired' });
    expect(openErasure(SECRET, sealVerification(SECRET, { upload: 'r1' }, 'asha@example.com', now), now)).toEqual({
      status: 'invalid',
    });
  });
});

describe("a device's access token", () => {
  const LIFETIME = 30 * DAY_MS;

  it('vouches for its address and device for its lifetime, and for nothing once changed or made with another secret', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = signAccessToken(SECRET, 'Asha@Example.com', LIFETIME, now);
    expect(readAccessToken(SECRET, token, now + 1000)).toMatchObject({
      status: 'valid',
      access: { email: 'asha@example.com', issuedAt: now, expiresAt: now + LIFETIME },
    });
    expect(readAccessToken(SECRET, token, now + LIFETIME + 1)).toMatchObject({ status: 'expired' });
    expect(readAccessToken('another-secret-entirely', token, now)).toEqual({ status: 'invalid' });
    const [issued, expiry, device, , mac] = token.split('.');
    const other = Buffer.from('mallory@example.com').toString('base64url');
    expect(readAccessToken(SECRET, `${issued}.${expiry}.${device}.${other}.${mac}`, now)).toEqual({
      status: 'invalid',
    });
    const later = (now + 365 * DAY_MS).toString(36);
    const address = Buffer.from('asha@example.com').toString('base64url');
    expect(readAccessToken(SECRET, `${issued}.${later}.${device}.${address}.${mac}`, now)).toEqual({
      status: 'invalid',
    });
    expect(readAccessToken(SECRET, undefined)).toEqual({ status: 'invalid' });
  });

  it('is renewed on the same device with a new expiry, and a new device gets another id', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = signAccessToken(SECRET, 'asha@example.com', LIFETIME, now);
    const read = readAccessToken(SECRET, token, now);
    if (read.status === 'invalid') throw new Error('the token did not read');
    const renewed = readAccessToken(
      SECRET,
      renewAccessToken(SECRET, read.access, LIFETIME, now + 20 * DAY_MS),
      now + 40 * DAY_MS,
    );
    expect(renewed).toEqual({ status: 'valid', access: { ...read.access, expiresAt: now + 50 * DAY_MS } });
    const another = readAccessToken(SECRET, signAccessToken(SECRET, 'asha@example.com', LIFETIME, now), now);
    expect(another.status === 'valid' && another.access.device).not.toBe(read.access.device);
  });
});
