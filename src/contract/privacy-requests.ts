import { object, string } from 'yup';
import { emailField } from '../domain/validation/accounts';
import { plainText } from '../domain/validation/text';

/** What the privacy calls answer in words: their inputs' refusals, and the routes' own answers. */
export const PRIVACY_MESSAGES = {
  signedOut: 'This device is signed out.',
  notSignedIn: 'This device is not signed in: there is nothing to sign out.',
  verifyFirst: 'Verify your e-mail address on this device first: the confirmation goes to a verified address only.',
  erasureSent: (email: string) =>
    `We have sent a confirmation link to ${email}. Open it within 24 hours to delete your data.`,
  erased: 'Your results, score alerts and official results are deleted, and every device you verified is signed out.',
  invalidLink: 'This link is not valid. Ask again with "Forget me" under "Saved on this device" on the home page.',
  expiredLink:
    'This link has expired (links work for 24 hours). Ask again with "Forget me" under "Saved on this device" on the home page.',
  usedLink:
    'This link was used already: your data is deleted. To delete what was stored since, ask again with "Forget me".',
  addressRevoked: (email: string) => `Every device of ${email} is signed out.`,
} as const;

/** A device's own request (sign out, forget me): the access token it holds. */
export const deviceRequest = object({
  access: plainText(string().trim().required(PRIVACY_MESSAGES.notSignedIn).max(600, PRIVACY_MESSAGES.notSignedIn)),
});
/** The "Forget me" mail's link: its sealed token. */
export const confirmErasureRequest = object({
  token: string().trim().required(PRIVACY_MESSAGES.invalidLink).max(4_000, PRIVACY_MESSAGES.invalidLink),
});
/** An administrator's revoke: the address whose devices are signed out. */
export const revokeRequest = object({ email: emailField() });
