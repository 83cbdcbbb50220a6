import { describe, expect, it } from 'vitest';
import {
  ACCESS_LIFETIME_MS,
  VERIFICATION_LIFETIME_MS,
  emailOfAccessToken,
  openVerification,
  sealVerification,
  signAccessToken,
} from './scorecard-access';

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

describe("a device's access token", () => {
  it('vouches for its address for a year, and for nothing once changed or made with another secret', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = signAccessToken(SECRET, 'Asha@Example.com', now);
    expect(emailOfAccessToken(SECRET, token, now + 1000)).toBe('asha@example.com');
    expect(emailOfAccessToken(SECRET, token, now + ACCESS_LIFETIME_MS + 1)).toBeNull();
    expect(emailOfAccessToken('another-secret-entirely', token, now)).toBeNull();
    const [expiry, , mac] = token.split('.');
    const other = Buffer.from('mallory@example.com').toString('base64url');
    expect(emailOfAccessToken(SECRET, `${expiry}.${other}.${mac}`, now)).toBeNull();
    expect(emailOfAccessToken(SECRET, undefined)).toBeNull();
  });
});
