import type { AnyObjectSchema, Schema } from 'yup';
import {
  accessRevokedAnswer,
  erasedAnswer,
  erasureRequestedAnswer,
  adminStatsAnswer,
  disputeAppliedAnswer,
  disputesAnswer,
  distributionAnswer,
  doneAnswer,
  healthAnswer,
  importKeyAnswer,
  keyVersionComparisonAnswer,
  keyVersionStampAnswer,
  keyVersionsAnswer,
  logInAnswer,
  officialResultAddedAnswer,
  officialResultModeratedAnswer,
  officialResultReviewAnswer,
  officialResultStatusAnswer,
  paperAnswer,
  allPapersAnswer,
  processedPaperAnswer,
  rankAnswer,
  resultsAnswer,
  scoreAlertStatusAnswer,
  scorecardAnswer,
  sendVerificationAnswer,
  signUpAnswer,
  unsubscribeAnswer,
  updatedAnswerAnswer,
  verifyAnswer,
} from './index';
import {
  forgotPasswordSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from '../domain/validation/accounts';
import {
  importKeyRequest,
  processRequest,
  resultPageQuery,
  retireRequest,
  updateAnswerRequest,
} from './admin-requests';
import {
  distributionParameters,
  rankParameters,
  scorecardRequest,
  scoreRequest,
  sendRequest,
  uploadRequest,
  verifyRequest,
} from './checker-requests';
import { demoImageName } from './demo-requests';
import { applyDisputeRequest, scorecardDisputesRequest } from './dispute-requests';
import { imageRequest } from './image-requests';
import { compareQuery, paperIdQuery } from './key-version-requests';
import { moderation, officialResultReport, resultOfDevice, reviewQuery } from './official-result-requests';
import { scoreAlertOf, scoreAlertSwitch, unsubscribeLink } from './score-alert-requests';
import { confirmErasureRequest, deviceRequest, revokeRequest } from './privacy-requests';
import type { OperationName } from './operation-paths';

/**
 * Who may make a call:
 * - anyone;
 * - admin: an administrator's e-mail and password in HTTP Basic;
 * - device: anyone, and what is answered depends on the device's access token (`access`, from GET /api/data/verify),
 *   or an administrator's Basic credentials (View Scorecard), which stand in for it;
 * - clientCode: this product's client code in `x-client-code` (the account calls);
 * - metricsToken: `Authorization: Bearer <METRICS_TOKEN>`.
 */
export type Auth = 'anyone' | 'admin' | 'device' | 'clientCode' | 'metricsToken';

/** An answer that is not JSON: its media type and what it holds. */
export interface OtherAnswer {
  mediaType: string;
  description: string;
}

/**
 * What a call reads, as its route's `validate` middleware (api/http/validate.ts) reads it: the schema, where from (the
 * JSON body by default, the query string or the path parameters), path parameters and headers read beside it, and for
 * a call that takes a page, the field the text/html body is read into.
 */
export interface OperationInput<S extends AnyObjectSchema = AnyObjectSchema> {
  schema: S;
  from?: 'body' | 'query' | 'params';
  params?: readonly string[];
  headers?: Record<string, string>;
  textBody?: string;
}

export interface OperationDescription {
  summary: string;
  auth: Auth;
  /** The answer's schema from src/contract, the one the presenters' types come from. */
  answer: Schema | OtherAnswer;
  /** What the call reads; none for a call that reads no input (or reads it by hand, as the demo's pages do). */
  input?: OperationInput;
  /** 200 unless said. */
  status?: number;
  /**
   * The failures this call answers besides those every call may (400 for a refused input where the call validates
   * one, 401 for admin calls, 503 while the database cannot be reached or the request ran out of time): status → when.
   */
  errors?: Record<number, string>;
}

const LIMITED = 'too many requests from this address (Retry-After says when to try again)';
/** A call that reads a page from the portal fails as the portal did. */
const PORTAL_FAILURES = {
  413: 'the page is too large',
  502: 'the portal could not be read (unreachable, an error status, a broken answer)',
  504: 'the portal did not answer in time',
};
const html = (description: string): OtherAnswer => ({ mediaType: 'text/html', description });

export const OPERATIONS = {
  openApiDocument: {
    summary: 'This document: every call with its inputs, answers, failures and who may make it (OpenAPI 3.1).',
    auth: 'anyone',
    answer: { mediaType: 'application/json', description: 'An OpenAPI 3.1 document.' },
  },
  apiReference: {
    summary: 'The API reference: this document in an interactive viewer (Swagger UI), served from this origin.',
    auth: 'anyone',
    answer: html('The reference page.'),
  },
  apiReferenceFile: {
    summary: "The reference viewer's scripts, styles and images, from the swagger-ui-dist package.",
    auth: 'anyone',
    answer: { mediaType: 'application/octet-stream', description: 'The file, by its type.' },
    errors: { 404: 'no such file of the viewer' },
  },
  liveness: { summary: 'Liveness: the process answers.', auth: 'anyone', answer: healthAnswer },
  health: {
    summary: 'Readiness under its older name.',
    auth: 'anyone',
    answer: healthAnswer,
    errors: { 503: 'not ready: the store is unreachable or catching up, or the instance is shutting down' },
  },
  readiness: {
    summary: 'Readiness: the store answers, this instance follows it and is not shutting down.',
    auth: 'anyone',
    answer: healthAnswer,
    errors: { 503: 'not ready: the store is unreachable or catching up, or the instance is shutting down' },
  },
  metrics: {
    summary: "Prometheus' text format: requests, checks, portal fetches, limits, re-scoring, score-alert mails.",
    auth: 'metricsToken',
    answer: { mediaType: 'text/plain', description: 'Prometheus exposition format.' },
    errors: { 401: 'no or a wrong bearer token', 404: 'metrics are off (no METRICS_TOKEN)' },
  },
  signUp: {
    summary: 'Creates a user account.',
    auth: 'clientCode',
    input: { schema: signUpRequestSchema },
    answer: signUpAnswer,
    status: 201,
    errors: { 409: 'the e-mail has an account already', 429: LIMITED },
  },
  logIn: {
    summary: 'Signs in: the profile and an access token.',
    auth: 'clientCode',
    input: { schema: loginRequestSchema },
    answer: logInAnswer,
    errors: { 401: 'wrong e-mail or password', 429: 'too many failed sign-ins for this e-mail' },
  },
  forgotPassword: {
    summary: 'Mails a password-reset link, if the e-mail has an account (the answer is the same either way).',
    auth: 'clientCode',
    input: { schema: forgotPasswordSchema },
    answer: doneAnswer,
    errors: { 429: LIMITED },
  },
  resetPassword: {
    summary: "Sets a new password with the reset mail's token (in the body or as a Bearer token).",
    auth: 'clientCode',
    input: { schema: resetPasswordRequestSchema },
    answer: doneAnswer,
    errors: { 401: 'the reset link is invalid or has expired' },
  },
  checkCredentials: {
    summary: 'Whether these Basic credentials are an administrator’s.',
    auth: 'admin',
    answer: doneAnswer,
    errors: { 429: 'locked out after failed sign-ins' },
  },
  processPaper: {
    summary: 'Files a question paper from its master response sheet (a link, or the page as text/html).',
    auth: 'admin',
    input: { schema: processRequest, textBody: 'html' },
    answer: processedPaperAnswer,
    errors: {
      409: 'PAPER_CONFLICT: the sheet conflicts with the paper of its identity stored here',
      422: 'the page is not a response sheet this app reads',
      ...PORTAL_FAILURES,
    },
  },
  updateAnswer: {
    summary: "Saves one question's answer key (idempotent by opId; the newest clientTime wins).",
    auth: 'admin',
    input: { schema: updateAnswerRequest, headers: { opId: 'idempotency-key' } },
    answer: updatedAnswerAnswer,
    errors: { 404: 'no question with this id' },
  },
  allPapers: {
    summary: 'Every stored paper: paper id → its questions in master order.',
    auth: 'admin',
    answer: allPapersAnswer,
  },
  retirePaper: {
    summary: 'Stands a demo paper down (its sheets are refused) or brings it back.',
    auth: 'admin',
    input: { schema: retireRequest, params: ['paperId'] },
    answer: paperAnswer,
    errors: { 404: 'no paper with this id', 409: 'a real paper never stands down' },
  },
  allResults: {
    summary: 'Stored results, newest first (one paper’s with `paper`).',
    auth: 'admin',
    input: { schema: resultPageQuery, from: 'query' },
    answer: resultsAnswer,
  },
  importKey: {
    summary: 'Imports a whole official key as one key version.',
    auth: 'admin',
    input: { schema: importKeyRequest },
    answer: importKeyAnswer,
    errors: { 404: 'no paper of this name', 422: 'the key does not fit the paper' },
  },
  adminStats: {
    summary: "The dashboard: counters, re-scoring jobs, every paper's state with its results count.",
    auth: 'admin',
    answer: adminStatsAnswer,
  },
  checkScore: {
    summary: "Scores a response sheet from the portal and answers the candidate's scorecard.",
    auth: 'device',
    input: { schema: scoreRequest },
    answer: scorecardAnswer,
    errors: {
      403: "'Please Verify Your Email' (`verificationRequired`)",
      409: 'NO_KEYS, KEY_INCOMPLETE or NO_PAPER: the paper does not score yet',
      422: 'a sheet problem, WRONG_PAPER, UNKNOWN_PAPER or SECTION_CHOICE_NEEDED (with `choice`)',
      429: LIMITED,
      ...PORTAL_FAILURES,
    },
  },
  uploadResponse: {
    summary: 'Scores and stores a saved response-sheet page (text/html body) and answers its scorecard.',
    auth: 'device',
    input: { schema: uploadRequest, from: 'query', textBody: 'html' },
    answer: scorecardAnswer,
    errors: {
      403: '`verificationRequired` with `upload`: verify an e-mail for the stored upload',
      409: 'the paper does not score yet',
      422: 'a sheet problem, WRONG_PAPER, UNKNOWN_PAPER or SECTION_CHOICE_NEEDED',
      429: LIMITED,
    },
  },
  scorecard: {
    summary: "A stored result's scorecard, scored from its stored responses (the portal is not asked).",
    auth: 'device',
    input: { schema: scorecardRequest },
    answer: scorecardAnswer,
    errors: {
      403: 'this device did not verify its link or upload',
      404: 'no scorecard with this id',
      409: 'the paper does not score now',
      429: LIMITED,
    },
  },
  sendVerification: {
    summary: 'Mails a verification link for a response-sheet link or an upload.',
    auth: 'device',
    input: { schema: sendRequest },
    answer: sendVerificationAnswer,
    errors: { 404: 'no uploaded page with this id', 429: `${LIMITED}, or a mail was sent moments ago` },
  },
  verify: {
    summary: "Opens the mail's sealed token: the device's access token and what to open next.",
    auth: 'anyone',
    input: { schema: verifyRequest, from: 'query' },
    answer: verifyAnswer,
    errors: { 400: 'a broken token', 410: 'an expired token' },
  },
  rank: {
    summary: "A result's rank among the paper's results checked here.",
    auth: 'anyone',
    input: { schema: rankParameters, from: 'params' },
    answer: rankAnswer,
    errors: { 404: 'no result of this test paper with this id' },
  },
  distribution: {
    summary: "The marks histogram of a paper's stored results (a paper id, or a test paper: its newest paper).",
    auth: 'anyone',
    input: { schema: distributionParameters, from: 'params' },
    answer: distributionAnswer,
    errors: { 404: 'no such paper' },
  },
  keyVersion: {
    summary: "A paper's published key version, from the store (a saved scorecard asks whether it is current).",
    auth: 'anyone',
    input: { schema: paperIdQuery, from: 'query' },
    answer: keyVersionStampAnswer,
    errors: { 404: 'no such paper, or it has no key yet' },
  },
  keyVersions: {
    summary: "A paper's key versions, newest first.",
    auth: 'admin',
    input: { schema: paperIdQuery, from: 'query' },
    answer: keyVersionsAnswer,
    errors: { 404: 'no paper of this name' },
  },
  compareKeyVersions: {
    summary: 'Two key versions compared: the questions changed and the stored results moved.',
    auth: 'admin',
    input: { schema: compareQuery, from: 'query' },
    answer: keyVersionComparisonAnswer,
    errors: { 404: 'no such paper or key version' },
  },
  paperDisputes: {
    summary:
      "A paper's disputed answers: where its strongest trusted candidates agree on an answer the provisional key does not give.",
    auth: 'admin',
    input: { schema: paperIdQuery, from: 'query' },
    answer: disputesAnswer,
    errors: { 404: 'no paper of this name' },
  },
  scorecardDisputes: {
    summary:
      "A stored result's paper's disputed answers, each with the candidate's own answer and total were the key moved.",
    auth: 'device',
    input: { schema: scorecardDisputesRequest },
    answer: disputesAnswer,
    errors: {
      403: 'this device did not verify its link or upload',
      404: 'no scorecard with this id',
      429: LIMITED,
    },
  },
  applyDispute: {
    summary:
      "Keys a disputed question to the strong candidates' answer: a new key version, re-scoring and score-change mails.",
    auth: 'admin',
    input: { schema: applyDisputeRequest },
    answer: disputeAppliedAnswer,
    errors: {
      400: 'an answer that is no key of the question',
      404: 'no such paper or question',
      409: 'the key changed since the list was made, or the question is no longer disputed',
    },
  },
  scoreAlertStatus: {
    summary: "The score-alert switch of this device's verified address for a result.",
    auth: 'device',
    input: { schema: scoreAlertOf },
    answer: scoreAlertStatusAnswer,
    errors: { 404: 'no scorecard is stored for this result', 429: LIMITED },
  },
  setScoreAlert: {
    summary: "Turns the score-change e-mails of this device's verified address on or off.",
    auth: 'device',
    input: { schema: scoreAlertSwitch },
    answer: scoreAlertStatusAnswer,
    errors: {
      403: 'this device verified no address for the result',
      404: 'no scorecard is stored for this result',
      429: LIMITED,
    },
  },
  officialResultStatus: {
    summary:
      'Whether this device may add an official result (AIR, GATE score) to a stored result, and the one it added.',
    auth: 'device',
    input: { schema: resultOfDevice },
    answer: officialResultStatusAnswer,
    errors: { 404: 'no scorecard is stored for this result', 429: LIMITED },
  },
  addOfficialResult: {
    summary:
      "Adds the candidate's official result to a stored result (opt-in, one per result): predicted against actual.",
    auth: 'device',
    input: { schema: officialResultReport },
    answer: officialResultAddedAnswer,
    status: 201,
    errors: {
      403: 'this device verified no address for the result (VERIFICATION_REQUIRED)',
      404: 'no scorecard is stored for this result',
      409: "the result already has an official result (ALREADY_REPORTED), or the year's results are not out yet (RESULTS_NOT_OUT)",
      422: 'the result cannot be for the marks, paper or score formula (OFFICIAL_RESULT_IMPLAUSIBLE), or the paper has no predicted rank (NO_RANK_MODEL, NO_PREDICTION)',
      429: `${LIMITED}, or OFFICIAL_REPORTS_PER_NETWORK_PER_DAY from this network today`,
    },
  },
  officialResultReview: {
    summary:
      "Every official result of a year with its provenance, source, plausibility, weight in the fit and flags, and each ranked paper's consensus: the admin's Official results panel.",
    auth: 'admin',
    input: { schema: reviewQuery, from: 'query' },
    answer: officialResultReviewAnswer,
  },
  quarantineOfficialResult: {
    summary: 'Holds an official result out of every fit at once, logged with the admin and the reason given.',
    auth: 'admin',
    input: { schema: moderation, params: ['resultId'] },
    answer: officialResultModeratedAnswer,
    errors: { 404: 'no official result was added to this result' },
  },
  restoreOfficialResult: {
    summary: 'Lets a quarantined official result count again as the consensus weighs it, logged as quarantine is.',
    auth: 'admin',
    input: { schema: moderation, params: ['resultId'] },
    answer: officialResultModeratedAnswer,
    errors: { 404: 'no official result was added to this result' },
  },
  unsubscribe: {
    summary: "A score-change mail's signed unsubscribe link (JSON, or a mail program's one-click form post).",
    auth: 'anyone',
    input: { schema: unsubscribeLink, from: 'query' },
    answer: unsubscribeAnswer,
  },
  signOutDevice: {
    summary:
      'Signs this device out: its access token, and every renewal of it, is refused on every instance from now on.',
    auth: 'device',
    input: { schema: deviceRequest },
    answer: accessRevokedAnswer,
    errors: { 400: 'the token was not signed here (INVALID_TOKEN)', 429: LIMITED },
  },
  forgetMe: {
    summary:
      "Mails a link to this device's verified address that, followed within 24 hours, deletes what is stored under it.",
    auth: 'device',
    input: { schema: deviceRequest },
    answer: erasureRequestedAnswer,
    errors: {
      403: 'this device holds no valid token (VERIFICATION_REQUIRED), or a revoked one (ACCESS_REVOKED)',
      429: `${LIMITED}, or a confirmation went to this address within the last minute`,
    },
  },
  confirmForgetMe: {
    summary:
      "The mailed link's token: revokes every device of the address, deletes its results, score alerts, official results and verifications.",
    auth: 'anyone',
    input: { schema: confirmErasureRequest },
    answer: erasedAnswer,
    errors: {
      400: 'a broken or forged link (INVALID_TOKEN)',
      410: 'a link older than 24 hours, or used already (EXPIRED_TOKEN)',
      429: LIMITED,
    },
  },
  revokeAccess: {
    summary: 'Revokes every access token issued to an address until now, on every device and instance.',
    auth: 'admin',
    input: { schema: revokeRequest },
    answer: accessRevokedAnswer,
  },
  image: {
    summary: 'A portal question or option image from this origin (kept for offline scorecards).',
    auth: 'anyone',
    input: { schema: imageRequest, from: 'query' },
    answer: { mediaType: 'image/*', description: 'The image, cached for good.' },
    errors: {
      415: 'the portal answered something that is not an image',
      429: 'too many new images from this network',
      ...PORTAL_FAILURES,
    },
  },
  demoPage: {
    summary: "The demo's page listing its sample response-sheet links (only with DEMO on).",
    auth: 'anyone',
    answer: html('The page.'),
  },
  demoResponseSheet: {
    summary: 'A made-up response sheet of a demo paper, as the portal would serve it (only with DEMO on).',
    auth: 'anyone',
    answer: html('The response sheet.'),
  },
  demoImage: {
    summary: "A demo question's or option's image (only with DEMO on).",
    auth: 'anyone',
    input: { schema: demoImageName, from: 'params' },
    answer: { mediaType: 'image/svg+xml', description: 'The image.' },
  },
} satisfies Record<OperationName, OperationDescription>;

export type Operations = typeof OPERATIONS;
