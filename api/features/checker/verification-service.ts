import {
  openVerification,
  sealVerification,
  type ScorecardAccess,
  type VerificationSubject,
} from '../../access/scorecard-access';
import { normaliseEmail, type Store } from '../../store';
import { waitFor } from '../../http/limiters';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { VERIFICATION_MESSAGES } from '../../../src/contract/checker-requests';

/** One mail per subject and address in this time: a second click, or a reopened modal, does not send a second mail. */
export const RESEND_COOLDOWN_MS = 60_000;

/** Sent now, and the next send to this address is possible after `cooldownMs`; or not sent yet again. */
export type SendOutcome = { sent: true; cooldownMs: number } | { sent: false; retryAfterMs: number };

/**
 * A confirmed pair comes with the access token this device keeps as its proof (scorecard-access.ts), and the subject,
 * so the page knows which scorecard to open.
 */
export type VerifyOutcome =
  | { outcome: 'verified' | 'already-verified'; access: string; subject: VerificationSubject }
  | { outcome: 'invalid' }
  | { outcome: 'expired' };

export interface VerificationService {
  /**
   * Mails a link to /verify-email that verifies this address for this subject within 24 hours, unless one went to
   * this address for it less than RESEND_COOLDOWN_MS ago.
   */
  send(subject: VerificationSubject, email: string): Promise<SendOutcome>;
  /** How long until `send` would mail this address for this subject again (0: now). */
  resendWaitMs(subject: VerificationSubject, email: string): Promise<number>;
  /** Verifies the pair a mailed link's token seals. */
  confirm(token: string): Promise<VerifyOutcome>;
}

/** A send within the cool-down: the page runs its timer from `retryAfterSeconds`. */
export class ResendTooSoonError extends Error {
  readonly retryAfterSeconds: number;

  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(VERIFICATION_MESSAGES.resendTooSoon(seconds));
    this.name = 'ResendTooSoonError';
    this.retryAfterSeconds = seconds;
  }
}

/** The page the mail links to (/verify-email): its one parameter is the sealed token, no e-mail, no link. */
export function verificationAddress(appOrigin: string, token: string): string {
  return `${appOrigin}/verify-email?${new URLSearchParams({ token })}`;
}

export function createVerificationService(
  { config, store, mailer }: { config: Config; store: Store; mailer: Mailer },
  access: ScorecardAccess,
): VerificationService {
  // One mail per subject + address per cool-down, counted where the other limits are (shared by every instance on
  // MongoDB). Claimed before the mail goes out, so two clicks at once send one mail.
  const cooldowns = store.limiters({ name: 'verification-resend', points: 1, windowMs: RESEND_COOLDOWN_MS });

  const keyOf = (subject: VerificationSubject, email: string) =>
    `${access.subjectKey(subject)} ${normaliseEmail(email)}`;
  const waitMs = async (key: string) => {
    const claimed = await cooldowns.get(key);
    return claimed && claimed.remainingPoints === 0 ? Math.max(1, claimed.msBeforeNext) : 0;
  };

  async function mail(subject: VerificationSubject, email: string) {
    const address = verificationAddress(config.appOrigin, sealVerification(config.secret, subject, email));
    await mailer.send({
      to: normaliseEmail(email),
      subject: 'Verify your e-mail to see your GATE scorecard',
      linkForLocalLog: address,
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
  }

  return {
    async send(subject, email) {
      const key = keyOf(subject, email);
      const retryAfterMs = await waitFor(cooldowns, key);
      if (retryAfterMs > 0) return { sent: false, retryAfterMs };
      try {
        await mail(subject, email);
      } catch (error) {
        await cooldowns.delete(key); // nothing went out: the candidate may try again at once
        throw error;
      }
      return { sent: true, cooldownMs: RESEND_COOLDOWN_MS };
    },

    resendWaitMs: (subject, email) => waitMs(keyOf(subject, email)),

    async confirm(token) {
      const opened = openVerification(config.secret, token);
      if (opened.status !== 'valid') return { outcome: opened.status };
      const { subject, email } = opened.claim;
      const { alreadyVerified } = await store.verifications.markVerified(access.subjectKey(subject), email);
      // The uploader's address is the upload's owner from now on, in the admin's results and their CSV.
      if ('upload' in subject) await store.results.verifyOwner(subject.upload, email);
      // The mail's link proves this address on this device, whether or not it verified this subject before.
      return {
        outcome: alreadyVerified ? 'already-verified' : 'verified',
        access: access.issue(email),
        subject,
      };
    },
  };
}
