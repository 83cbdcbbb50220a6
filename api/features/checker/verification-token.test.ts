import { describe, expect, it } from 'vitest';
import { checkVerificationToken, signVerificationToken, VERIFICATION_LIFETIME_MS } from './verification-token';

const SECRET = 'a-secret-of-enough-length';
const LINK = 'https://cdn.digialm.com/per/g01/pub/585/x/CS26S42101001_GATE.html';

describe('verification tokens', () => {
  it('accept the link and address they were made for, in any letter case of the address, for 24 hours', () => {
    const now = Date.UTC(2026, 2, 1);
    const token = signVerificationToken(SECRET, LINK, 'Asha@Example.com', now);
    expect(checkVerificationToken(SECRET, LINK, ' asha@example.COM ', token, now + 1000)).toBe('valid');
    expect(checkVerificationToken(SECRET, LINK, 'asha@example.com', token, now + VERIFICATION_LIFETIME_MS + 1)).toBe(
      'expired',
    );
  });

  it('refuse another link, another address, another secret, a changed expiry and garbage', () => {
    const token = signVerificationToken(SECRET, LINK, 'asha@example.com');
    expect(checkVerificationToken(SECRET, `${LINK}?x`, 'asha@example.com', token)).toBe('invalid');
    expect(checkVerificationToken(SECRET, LINK, 'rohan@example.com', token)).toBe('invalid');
    expect(checkVerificationToken('another-secret-entirely', LINK, 'asha@example.com', token)).toBe('invalid');
    const [expiry = '', mac] = token.split('.');
    const later = (parseInt(expiry, 36) + 86_400_000).toString(36);
    expect(checkVerificationToken(SECRET, LINK, 'asha@example.com', `${later}.${mac}`)).toBe('invalid');
    expect(checkVerificationToken(SECRET, LINK, 'asha@example.com', 'hello')).toBe('invalid');
  });
});
