import type { Services } from '../../services';
import { hashLink } from '../../sheets/sheet-source';
import { checkVerificationToken, normaliseEmail, signVerificationToken } from './verification-token';

export const VERIFICATION_MESSAGES = {
  verifyFirst: 'Please Verify Your Email',
  alreadyVerified: 'Link is already verified.',
  sent: 'Verification link sent to your email',
  verified: 'Email verified successfully',
  missingParameters: 'Missing verification parameters',
  invalidToken: 'This verification link is not valid. Request a new one from the score checker.',
  expiredToken:
    'This verification link has expired (links work for 24 hours). Request a new one from the score checker.',
} as const;

export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid' | 'expired';

export interface VerificationService {
  /** The verified e-mail of this link, or null. */
  verifiedEmail(link: string): Promise<string | null>;
  /** Mails a link to /verify-email that verifies this address for this link within 24 hours. */
  send(link: string, email: string): Promise<void>;
  confirm(link: string, email: string, token: string): Promise<VerifyOutcome>;
}

/** The page the mail links to (spec §2 /verify-email); it passes every parameter to GET /api/data/verify. */
export function verificationAddress(appOrigin: string, link: string, email: string, token: string): string {
  const query = new URLSearchParams({ link: link.trim(), email: normaliseEmail(email), token });
  return `${appOrigin}/verify-email?${query}`;
}

export function createVerificationService({ config, store, mailer }: Services): VerificationService {
  const verifiedEmail = async (link: string) => (await store.verifications.findVerified(hashLink(link)))?.email ?? null;
  return {
    verifiedEmail,

    async send(link, email) {
      const address = verificationAddress(
        config.appOrigin,
        link,
        email,
        signVerificationToken(config.secret, link, email),
      );
      await mailer.send({
        to: normaliseEmail(email),
        subject: 'Verify your e-mail to see your GATE scorecard',
        text: [
          'Open this link within 24 hours to verify your e-mail address and see your GATE scorecard:',
          '',
          address,
          '',
          'If you did not ask for this, ignore this e-mail.',
        ].join('\n'),
        html:
          `<p>Open this link within 24 hours to verify your e-mail address and see your GATE scorecard:</p>` +
          `<p><a href="${address.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Verify my e-mail</a></p>` +
          `<p>If you did not ask for this, ignore this e-mail.</p>`,
      });
    },

    async confirm(link, email, token) {
      const check = checkVerificationToken(config.secret, link, email, token);
      if (check !== 'valid') return check;
      const { alreadyVerified } = await store.verifications.markVerified(hashLink(link), normaliseEmail(email));
      return alreadyVerified ? 'already-verified' : 'verified';
    },
  };
}
