import type { Schema } from 'yup';
import {
  accessRevokedAnswer,
  erasedAnswer,
  erasureRequestedAnswer,
  adminStatsAnswer,
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
} from '../../src/contract';

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

export interface OperationDescription {
  summary: string;
  auth: Auth;
  /** The answer's schema from src/contract, the one the presenters' types come from. */
  answer: Schema | OtherAnswer;
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

/**
 * Every call the routers of api/app.ts mount, by method and path as the router writes it. The document
 * (document.ts) takes each route's inputs from its `validate` middleware; this table adds what the router cannot
 * tell. A route without an entry, or an entry without a route, fails the document's test.
 */
export const OPERATIONS: Record<string, OperationDescription> = {
  'GET /api/openapi.json': {
    summary: 'This document: every call with its inputs, answers, failures and who may make it (OpenAPI 3.1).',
    auth: 'anyone',
    answer: { mediaType: 'application/json', description: 'An OpenAPI 3.1 document.' },
  },
  'GET /api/health/live': { summary: 'Liveness: the process answers.', auth: 'anyone', answer: healthAnswer },
  'GET /api/health': {
    summary: 'Readiness under its older name.',
    auth: 'anyone',
    answer: healthAnswer,
    errors: { 503: 'not ready: the store is unreachable or catching up, or the instance is shutting down' },
  },
  'GET /api/health/ready': {
    summary: 'Readiness: the store answers, this instance follows it and is not shutting down.',
    auth: 'anyone',
    answer: healthAnswer,
    errors: { 503: 'not ready: the store is unreachable or catching up, or the instance is shutting down' },
  },
  'GET /metrics': {
    summary: "Prometheus' text format: requests, checks, portal fetches, limits, re-scoring, score-alert mails.",
    auth: 'metricsToken',
    answer: { mediaType: 'text/plain', description: 'Prometheus exposition format.' },
    errors: { 401: 'no or a wrong bearer token', 404: 'metrics are off (no METRICS_TOKEN)' },
  },
  'POST /api/signup': {
    summary: 'Creates a user account.',
    auth: 'clientCode',
    answer: signUpAnswer,
    status: 201,
    errors: { 409: 'the e-mail has an account already', 429: LIMITED },
  },
  'POST /auth/login': {
    summary: 'Signs in: the profile and an access token.',
    auth: 'clientCode',
    answer: logInAnswer,
    errors: { 401: 'wrong e-mail or password', 429: 'too many failed sign-ins for this e-mail' },
  },
  'POST /api/auth/forgot': {
    summary: 'Mails a password-reset link, if the e-mail has an account (the answer is the same either way).',
    auth: 'clientCode',
    answer: doneAnswer,
    errors: { 429: LIMITED },
  },
  'POST /api/auth/resetpwd': {
    summary: "Sets a new password with the reset mail's token (in the body or as a Bearer token).",
    auth: 'clientCode',
    answer: doneAnswer,
    errors: { 401: 'the reset link is invalid or has expired' },
  },
  'GET /api/data/check-credentials': {
    summary: 'Whether these Basic credentials are an administrator’s.',
    auth: 'admin',
    answer: doneAnswer,
    errors: { 429: 'locked out after failed sign-ins' },
  },
  'POST /api/data/process': {
    summary: 'Files a question paper from its master response sheet (a link, or the page as text/html).',
    auth: 'admin',
    answer: processedPaperAnswer,
    errors: {
      409: 'PAPER_CONFLICT: the sheet conflicts with the paper of its identity stored here',
      422: 'the page is not a response sheet this app reads',
      ...PORTAL_FAILURES,
    },
  },
  'PUT /api/data/update-answer': {
    summary: "Saves one question's answer key (idempotent by opId; the newest clientTime wins).",
    auth: 'admin',
    answer: updatedAnswerAnswer,
    errors: { 404: 'no question with this id' },
  },
  'GET /api/data/all-question-paper': {
    summary: 'Every stored paper: paper id → its questions in master order.',
    auth: 'admin',
    answer: allPapersAnswer,
  },
  'PUT /api/data/papers/:paperId/retired': {
    summary: 'Stands a demo paper down (its sheets are refused) or brings it back.',
    auth: 'admin',
    answer: paperAnswer,
    errors: { 404: 'no paper with this id', 409: 'a real paper never stands down' },
  },
  'GET /api/data/get-all-results': {
    summary: 'Stored results, newest first (one paper’s with `paper`).',
    auth: 'admin',
    answer: resultsAnswer,
  },
  'POST /api/data/import-key': {
    summary: 'Imports a whole official key as one key version.',
    auth: 'admin',
    answer: importKeyAnswer,
    errors: { 404: 'no paper of this name', 422: 'the key does not fit the paper' },
  },
  'GET /api/data/admin-stats': {
    summary: "The dashboard: counters, re-scoring jobs, every paper's state with its results count.",
    auth: 'admin',
    answer: adminStatsAnswer,
  },
  'POST /api/data/generate-response': {
    summary: "Scores a response sheet from the portal and answers the candidate's scorecard.",
    auth: 'device',
    answer: scorecardAnswer,
    errors: {
      403: "'Please Verify Your Email' (`verificationRequired`)",
      409: 'NO_KEYS, KEY_INCOMPLETE or NO_PAPER: the paper does not score yet',
      422: 'a sheet problem, WRONG_PAPER, UNKNOWN_PAPER or SECTION_CHOICE_NEEDED (with `choice`)',
      429: LIMITED,
      ...PORTAL_FAILURES,
    },
  },
  'POST /api/data/upload-response': {
    summary: 'Scores and stores a saved response-sheet page (text/html body) and answers its scorecard.',
    auth: 'device',
    answer: scorecardAnswer,
    errors: {
      403: '`verificationRequired` with `upload`: verify an e-mail for the stored upload',
      409: 'the paper does not score yet',
      422: 'a sheet problem, WRONG_PAPER, UNKNOWN_PAPER or SECTION_CHOICE_NEEDED',
      429: LIMITED,
    },
  },
  'POST /api/data/scorecard': {
    summary: "A stored result's scorecard, scored from its stored responses (the portal is not asked).",
    auth: 'device',
    answer: scorecardAnswer,
    errors: {
      403: 'this device did not verify its link or upload',
      404: 'no scorecard with this id',
      409: 'the paper does not score now',
      429: LIMITED,
    },
  },
  'POST /api/data/send-verification': {
    summary: 'Mails a verification link for a response-sheet link or an upload.',
    auth: 'device',
    answer: sendVerificationAnswer,
    errors: { 404: 'no uploaded page with this id', 429: `${LIMITED}, or a mail was sent moments ago` },
  },
  'GET /api/data/verify': {
    summary: "Opens the mail's sealed token: the device's access token and what to open next.",
    auth: 'anyone',
    answer: verifyAnswer,
    errors: { 400: 'a broken token', 410: 'an expired token' },
  },
  'GET /api/data/get-rank/:resultId/:testPaper': {
    summary: "A result's rank among the paper's results checked here.",
    auth: 'anyone',
    answer: rankAnswer,
    errors: { 404: 'no result of this test paper with this id' },
  },
  'GET /api/data/distribution/:paper': {
    summary: "The marks histogram of a paper's stored results (a paper id, or a test paper: its newest paper).",
    auth: 'anyone',
    answer: distributionAnswer,
    errors: { 404: 'no such paper' },
  },
  'GET /api/data/key-version': {
    summary: "A paper's published key version, from the store (a saved scorecard asks whether it is current).",
    auth: 'anyone',
    answer: keyVersionStampAnswer,
    errors: { 404: 'no such paper, or it has no key yet' },
  },
  'GET /api/data/key-versions': {
    summary: "A paper's key versions, newest first.",
    auth: 'admin',
    answer: keyVersionsAnswer,
    errors: { 404: 'no paper of this name' },
  },
  'GET /api/data/key-versions/compare': {
    summary: 'Two key versions compared: the questions changed and the stored results moved.',
    auth: 'admin',
    answer: keyVersionComparisonAnswer,
    errors: { 404: 'no such paper or key version' },
  },
  'POST /api/data/score-alerts/status': {
    summary: "The score-alert switch of this device's verified address for a result.",
    auth: 'device',
    answer: scoreAlertStatusAnswer,
    errors: { 404: 'no scorecard is stored for this result', 429: LIMITED },
  },
  'PUT /api/data/score-alerts': {
    summary: "Turns the score-change e-mails of this device's verified address on or off.",
    auth: 'device',
    answer: scoreAlertStatusAnswer,
    errors: {
      403: 'this device verified no address for the result',
      404: 'no scorecard is stored for this result',
      429: LIMITED,
    },
  },
  'POST /api/data/official-results/status': {
    summary:
      'Whether this device may add an official result (AIR, GATE score) to a stored result, and the one it added.',
    auth: 'device',
    answer: officialResultStatusAnswer,
    errors: { 404: 'no scorecard is stored for this result', 429: LIMITED },
  },
  'POST /api/data/official-results': {
    summary:
      "Adds the candidate's official result to a stored result (opt-in, one per result): predicted against actual.",
    auth: 'device',
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
  'GET /api/data/official-results/review': {
    summary:
      "Every official result of a year with its provenance, source, plausibility, weight in the fit and flags, and each ranked paper's consensus: the admin's Official results panel.",
    auth: 'admin',
    answer: officialResultReviewAnswer,
  },
  'POST /api/data/official-results/:resultId/quarantine': {
    summary: 'Holds an official result out of every fit at once, logged with the admin and the reason given.',
    auth: 'admin',
    answer: officialResultModeratedAnswer,
    errors: { 404: 'no official result was added to this result' },
  },
  'POST /api/data/official-results/:resultId/restore': {
    summary: 'Lets a quarantined official result count again as the consensus weighs it, logged as quarantine is.',
    auth: 'admin',
    answer: officialResultModeratedAnswer,
    errors: { 404: 'no official result was added to this result' },
  },
  'POST /api/data/score-alerts/unsubscribe': {
    summary: "A score-change mail's signed unsubscribe link (JSON, or a mail program's one-click form post).",
    auth: 'anyone',
    answer: unsubscribeAnswer,
  },
  'POST /api/data/sign-out-device': {
    summary:
      'Signs this device out: its access token, and every renewal of it, is refused on every instance from now on.',
    auth: 'device',
    answer: accessRevokedAnswer,
    errors: { 400: 'the token was not signed here (INVALID_TOKEN)', 429: LIMITED },
  },
  'POST /api/data/forget-me': {
    summary:
      "Mails a link to this device's verified address that, followed within 24 hours, deletes what is stored under it.",
    auth: 'device',
    answer: erasureRequestedAnswer,
    errors: {
      403: 'this device holds no valid token (VERIFICATION_REQUIRED), or a revoked one (ACCESS_REVOKED)',
      429: `${LIMITED}, or a confirmation went to this address within the last minute`,
    },
  },
  'POST /api/data/forget-me/confirm': {
    summary:
      "The mailed link's token: revokes every device of the address, deletes its results, score alerts, official results and verifications.",
    auth: 'anyone',
    answer: erasedAnswer,
    errors: {
      400: 'a broken or forged link (INVALID_TOKEN)',
      410: 'a link older than 24 hours (EXPIRED_TOKEN)',
      429: LIMITED,
    },
  },
  'POST /api/data/admin/revoke-access': {
    summary: 'Revokes every access token issued to an address until now, on every device and instance.',
    auth: 'admin',
    answer: accessRevokedAnswer,
  },
  'GET /api/images': {
    summary: 'A portal question or option image from this origin (kept for offline scorecards).',
    auth: 'anyone',
    answer: { mediaType: 'image/*', description: 'The image, cached for good.' },
    errors: {
      415: 'the portal answered something that is not an image',
      429: 'too many new images from this network',
      ...PORTAL_FAILURES,
    },
  },
  'GET /demo': {
    summary: "The demo's page listing its sample response-sheet links (only with DEMO on).",
    auth: 'anyone',
    answer: html('The page.'),
  },
  'GET /demo/response-sheets/:file': {
    summary: 'A made-up response sheet of a demo paper, as the portal would serve it.',
    auth: 'anyone',
    answer: html('The response sheet.'),
  },
  'GET /demo/images/:name': {
    summary: "A demo question's or option's image.",
    auth: 'anyone',
    answer: { mediaType: 'image/svg+xml', description: 'The image.' },
  },
};
