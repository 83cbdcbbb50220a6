import type { ApiCode } from '../../src/contract/codes';

/** send-verification: this device holds the proof of the address already; the client opens the scorecard. */
export const presentAlreadyVerified = (message: string) => ({
  message,
  code: 'ALREADY_VERIFIED' satisfies ApiCode,
  alreadyVerified: true,
});

/** send-verification: a mail went out; the next may be asked for after `resendAfterSeconds`. */
export const presentVerificationSent = (message: string, resendAfterSeconds: number) => ({
  message,
  code: 'VERIFICATION_SENT' satisfies ApiCode,
  alreadyVerified: false,
  resendAfterSeconds,
});

/**
 * The mailed link opened: the proof this device keeps (`access`, never in an address), and what to open next, the
 * stored upload's scorecard or the link's (the page asks for it with the paper).
 */
export function presentVerified(
  message: string,
  alreadyVerified: boolean,
  access: string,
  subject: { upload: string } | { link: string; testPaper?: string },
) {
  return {
    message,
    code: (alreadyVerified ? 'ALREADY_VERIFIED' : 'VERIFIED') satisfies ApiCode,
    alreadyVerified,
    access,
    ...('upload' in subject ? { resultId: subject.upload } : { link: subject.link, testPaper: subject.testPaper }),
  };
}
