import { number, object, string } from 'yup';
import { TEST_PAPERS } from '../domain/gate';
import { emailField } from '../domain/validation/accounts';
import {
  MAX_LINK_LENGTH,
  UNKNOWN_TEST_PAPER,
  scoreRequestSchema,
  testPaperField,
} from '../domain/validation/score-request';
import { atMost, plainText } from '../domain/validation/text';

/** What the verification calls answer in words (the spec's own), shared by their input refusals and the routes. */
export const VERIFICATION_MESSAGES = {
  verifyFirst: 'Please Verify Your Email',
  alreadyVerified: 'Link is already verified.',
  sent: 'Verification link sent to your email',
  verified: 'Email verified successfully',
  missingParameters: 'Missing verification parameters',
  invalidToken: 'This verification link is not valid. Request a new one from the score checker.',
  expiredToken:
    'This verification link has expired (links work for 24 hours). Request a new one from the score checker.',
  resendTooSoon: (seconds: number) =>
    `We have just sent a verification link to this address for this response sheet. Check your inbox and spam folder; you can ask for a new link in ${seconds} s.`,
} as const;

/** An upload's refusal when the page is missing. */
export const UPLOAD_BODY_MISSING =
  'Send the saved response-sheet page as the request body (Content-Type: text/html), with testPaper and email in the address.';

/** The access token a verified device holds (api/access/scorecard-access.ts): longer than any real one is refused unread. */
const accessField = () => plainText(string().trim().max(600, "This device's verification (access) is not valid."));
/** The key version a refreshing scorecard was told of: the answer uses at least it. */
const minKeyVersionField = () =>
  number()
    .typeError('minKeyVersion must be a whole number.')
    .integer('minKeyVersion must be a whole number.')
    .min(0, 'minKeyVersion must be a whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'minKeyVersion must be a whole number.');

/**
 * The score request rules shared with the modal. The modal always sends the test paper; a re-opened scorecard address
 * may leave it out (the sheet then tells). A verified device sends its access token.
 */
export const scoreRequest = scoreRequestSchema.shape({
  testPaper: testPaperField().notRequired(),
  access: accessField(),
  minKeyVersion: minKeyVersionField(),
});

const nonBlank = (message: string) =>
  string()
    .required(message)
    .test('not-blank', message, (value) => value.trim() !== '');

/**
 * An upload: the score request without a link in the address (a typed link only vouches for the e-mail), and the
 * saved page as the text/html body (or a JSON body's `html`), untrimmed.
 */
export const uploadRequest = scoreRequest.shape({
  link: plainText(string().trim().max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH))),
  html: nonBlank(UPLOAD_BODY_MISSING),
});

/** The verification link's one address parameter: the sealed token (api/access/scorecard-access.ts). */
export const verifyRequest = object({
  token: string()
    .trim()
    .required(VERIFICATION_MESSAGES.missingParameters)
    .max(4_000, VERIFICATION_MESSAGES.invalidToken),
});

/** A stored upload, named by its result id (what the upload answered when it asked for a verified e-mail). */
const uploadField = () => plainText(string().trim().max(100, 'Name the uploaded page by its id (upload).'));
const SUBJECT_NEEDED = 'Send the response-sheet link (link), or the id of the uploaded page (upload).';

/**
 * A verification mail for a response-sheet link, or for a saved page uploaded here (`upload`, its stored result):
 * a candidate who uploaded a page is never asked for a link.
 */
export const sendRequest = object({
  link: plainText(string().trim().max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH))),
  upload: uploadField(),
  email: emailField(),
  testPaper: testPaperField().notRequired(),
  access: accessField(),
}).test('one-subject', SUBJECT_NEEDED, (value, context) =>
  Boolean(value.link) !== Boolean(value.upload) ? true : context.createError({ path: 'link', message: SUBJECT_NEEDED }),
);

/** A stored result's scorecard, asked for by a device that verified an address for it (or an administrator). */
export const scorecardRequest = object({
  resultId: plainText(string().trim().required('Name the scorecard by its id (resultId).').max(100)),
  access: accessField(),
  minKeyVersion: minKeyVersionField(),
});

// A path parameter is never empty, so oneOf (checked before required) speaks first, and types the paper.
const testPaperParameter = string().oneOf(TEST_PAPERS, UNKNOWN_TEST_PAPER).required();
export const rankParameters = object({ resultId: string().required(), testPaper: testPaperParameter });
/** A paper id, or a test paper (scorecards saved before they named their paper): its newest paper then. */
const PAPER_NAME = 'Name the paper by its id (CS1-2026) or its test paper (CS 1).';
export const distributionParameters = object({
  paper: string()
    .trim()
    .required(PAPER_NAME)
    .matches(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/, PAPER_NAME),
});
