import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a score-change mail's unsubscribe link: an HMAC over the result and the address the alert mails, keyed
 * with the server's secret, so nobody can stop another candidate's mails by guessing an id. It never expires: an
 * unsubscribe link must work whenever the mail is read.
 */
function mac(secret: string, resultId: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`score-alert-unsubscribe\0${resultId}\0${email}`).digest();
}

export function signUnsubscribeToken(secret: string, resultId: string, email: string): string {
  return mac(secret, resultId, email).toString('base64url');
}

export function isUnsubscribeToken(secret: string, resultId: string, email: string, token: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = mac(secret, resultId, email);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
