import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { number, object, string } from 'yup';
import {
  isGateError,
  isTestPaper,
  TEST_PAPERS,
  type GateErrorCode,
  type ParsedSheet,
  type TestPaper,
} from '../../../src/domain/gate';
import { atMost, plainText } from '../../../src/domain/validation/text';
import {
  MAX_LINK_LENGTH,
  UNKNOWN_TEST_PAPER,
  chosenSectionsOf,
  scoreRequestSchema,
  sheetLinkProblem,
  testPaperField,
} from '../../../src/domain/validation/score-request';
import { emailField } from '../../../src/domain/validation/accounts';
import type { Config } from '../../config';
import type { Metrics } from '../../http/metrics';
import type { Mailer } from '../../mail/mailer';
import type { PortalTraffic } from '../../sheets/portal-traffic';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import { HttpError } from '../../http/errors';
import { DAY_MS, limitPerAddress, limitPerNetworkPerDay, tooManyRequests, waitFor } from '../../http/limiters';
import { validate } from '../../http/validate';
import {
  presentAlreadyVerified,
  presentDistribution,
  presentRank,
  presentVerificationSent,
  presentVerified,
  serialisedScorecard,
  type CheckedScorecard,
} from '../../presenters';
import { createScorecardAccess, noneIfRevoked } from '../../access/scorecard-access';
import { PaperNotLiveError, type Checker, type SheetOrigin } from './checker-service';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { FetchError } from '../../sheets/fetcher';
import { StoreUnavailableError } from '../../store';
import { createVerificationService, resendTooSoon, VERIFICATION_MESSAGES } from './verification-service';

/** Verification mails one e-mail address may receive per hour, whoever asks. */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
export const UPLOAD_BODY_MISSING =
  'Send the saved response-sheet page as the request body (Content-Type: text/html), with testPaper and email in the address.';

/** The access token a verified device holds (scorecard-access.ts): longer than any real one is refused unread. */
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
const scoreRequest = scoreRequestSchema.shape({
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
const uploadRequest = scoreRequest.shape({
  link: plainText(string().trim().max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH))),
  html: nonBlank(UPLOAD_BODY_MISSING),
});

/** The verification link's one address parameter: the sealed token (scorecard-access.ts). */
const verifyRequest = object({
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
const sendRequest = object({
  link: plainText(string().trim().max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH))),
  upload: uploadField(),
  email: emailField(),
  testPaper: testPaperField().notRequired(),
  access: accessField(),
}).test('one-subject', SUBJECT_NEEDED, (value, context) =>
  Boolean(value.link) !== Boolean(value.upload) ? true : context.createError({ path: 'link', message: SUBJECT_NEEDED }),
);

/** A stored result's scorecard, asked for by a device that verified an address for it (or an administrator). */
const scorecardRequest = object({
  resultId: plainText(string().trim().required('Name the scorecard by its id (resultId).').max(100)),
  access: accessField(),
  minKeyVersion: minKeyVersionField(),
});

/**
 * What the checker is told of a score request: a test paper only when one was chosen, an e-mail only when typed, the
 * sections only when the candidate named them.
 */
function scoreRequestOf(request: {
  testPaper?: string | null;
  email?: string;
  minKeyVersion?: number;
  sections?: string | null;
}) {
  const { testPaper, email, minKeyVersion, sections } = request;
  return {
    testPaper: testPaper && isTestPaper(testPaper) ? testPaper : undefined,
    email: email || undefined,
    minKeyVersion,
    sections: chosenSectionsOf(sections),
  };
}

/**
 * The engine's refusals a candidate can act on at once, said before they are asked for an e-mail: a sheet of another
 * paper than the one chosen (or of no GATE paper), and the sections they must say they chose.
 */
const REFUSED_BEFORE_EMAIL: ReadonlySet<GateErrorCode> = new Set([
  'WRONG_PAPER',
  'UNKNOWN_PAPER',
  'SECTION_CHOICE_NEEDED',
]);

// A path parameter is never empty, so oneOf (checked before required) speaks first, and types the paper.
const testPaperParameter = string().oneOf(TEST_PAPERS, UNKNOWN_TEST_PAPER).required();
const rankParameters = object({ resultId: string().required(), testPaper: testPaperParameter });
/** A paper id, or a test paper (scorecards saved before they named their paper): its newest paper then. */
const PAPER_NAME = 'Name the paper by its id (CS1-2026) or its test paper (CS 1).';
const distributionParameters = object({
  paper: string()
    .trim()
    .required(PAPER_NAME)
    .matches(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/, PAPER_NAME),
});
/** The paper a score request names: the test paper chosen and the sections the candidate said they chose. */
interface PaperRequest {
  testPaper?: TestPaper;
  sections?: string[];
}

/** Calls whose answer is read as is by the verify page and the scorecard: their messages go out without a field name. */
const BARE = { messages: 'bare' } as const;

/**
 * The public checker calls (generate-response, send-verification, verify, get-rank) and two more:
 * upload-response for a saved page, and distribution for the scorecard's chart.
 */
export interface CheckerRoutesDeps {
  config: Config;
  store: Store;
  metrics: Metrics;
  mailer: Mailer;
  portal: PortalTraffic;
  requireAdmin: RequireAdmin;
  checker: Checker;
}

export function checkerRoutes(services: CheckerRoutesDeps): Router {
  const { config, metrics, checker } = services;
  const sheets = createSheetLoader(config, services.portal.hooks('sheet'));
  const access = createScorecardAccess(config, services.store);
  const verification = createVerificationService(services, access);
  const router = new Router({ prefix: '/api/data' });

  const { limiters } = services.store;
  const perMinute = (name: string) => limiters({ name, points: config.rateLimitPerMinute, windowMs: 60_000 });
  const isAdmin = (ctx: Context) => Boolean(ctx.state.admin);
  const checks = limitPerAddress(perMinute('checks'), 'score checks', isAdmin);
  const uploadsPerNetwork = limitPerNetworkPerDay(
    limiters({ name: 'uploads-per-network', points: config.uploadsPerNetworkPerDay, windowMs: DAY_MS }),
    'saved-page uploads',
    isAdmin,
  );
  const mails = limitPerAddress(perMinute('verification-requests'), 'verification requests');
  const mailsPerAddress = limiters({
    name: 'verification-mails',
    points: MAILS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  // An administrator's View Scorecard sends Basic auth; a request without credentials is a candidate's. Wrong admin
  // credentials are refused rather than quietly treated as a candidate.
  const admin = services.requireAdmin({ optional: true });

  /**
   * A link that cannot be a response sheet (the modal's own rule), or that the fetcher would never read (not a
   * response-sheet host), is refused before anyone is asked for an e-mail or mailed: verifying an address for it
   * would lead nowhere. The configured origin serves the demo's sample sheets (never the request's Origin header).
   */
  function assertSheetLink(ctx: Context, link: string): void {
    const problem = sheetLinkProblem(link, [config.appOrigin]) ?? sheets.refusalOf(link, { host: ctx.host });
    if (problem) throw new HttpError(400, problem);
  }

  /** Whether this request may see a scorecard without a verified e-mail: verification is off, or an admin asks. */
  const needsVerification = (ctx: Context) => config.requireEmailVerification && !isAdmin(ctx);
  const verifyFirst = (extra: Record<string, unknown> = {}) =>
    new HttpError(403, VERIFICATION_MESSAGES.verifyFirst, {
      code: 'VERIFICATION_REQUIRED',
      verificationRequired: true,
      ...extra,
    });

  /**
   * Before the e-mail step, the sheet is read and checked as far as the candidate can act on it: a sheet of another
   * paper is refused naming its paper, a paper not scoring yet says so, and a choice of sections is asked for. The
   * rest (the portal slow or down, a page that is no sheet) is told after the e-mail step, as before.
   */
  async function refuseBeforeEmail(load: () => Promise<ParsedSheet> | ParsedSheet, request: PaperRequest) {
    try {
      await checker.precheck({ sheet: await load(), testPaper: request.testPaper, sections: request.sections });
    } catch (error) {
      const actionable =
        (isGateError(error) && REFUSED_BEFORE_EMAIL.has(error.code)) || error instanceof PaperNotLiveError;
      if (actionable) throw error;
    }
  }

  /**
   * 'Please Verify Your Email' unless verification is off, the caller is an admin, or this device holds the proof of
   * an address that verified this link; what the sheet itself refuses is said first (refuseBeforeEmail).
   */
  async function verifiedState(
    ctx: Context,
    request: PaperRequest & { link: string; access: string | undefined },
    load: () => Promise<ParsedSheet> | ParsedSheet,
  ) {
    const verifiedEmail = await access.verifiedEmail({ link: request.link }, request.access);
    if (needsVerification(ctx) && !verifiedEmail) {
      assertSheetLink(ctx, request.link);
      await refuseBeforeEmail(load, request);
      throw verifyFirst();
    }
    return verifiedEmail;
  }

  interface ScoreRequestOf extends PaperRequest {
    origin: SheetOrigin;
    email?: string;
    verifiedEmail: string | null;
    minKeyVersion?: number;
  }

  const scored = async (load: () => Promise<ParsedSheet> | ParsedSheet, request: ScoreRequestOf) =>
    checker.check({
      sheet: await load(),
      origin: request.origin,
      testPaper: request.testPaper,
      email: request.verifiedEmail ?? request.email,
      isVerified: request.verifiedEmail !== null,
      minKeyVersion: request.minKeyVersion,
      sections: request.sections,
    });

  function answerWith(ctx: Context, checked: CheckedScorecard) {
    ctx.type = 'application/json';
    ctx.body = serialisedScorecard(checked);
  }

  /** Counts each check by what the candidate got (hiregate_checks_total). */
  const countOutcome: Middleware = async (_ctx, next) => {
    try {
      await next();
      metrics.checks.inc({ outcome: 'scorecard' });
    } catch (error) {
      metrics.checks.inc({ outcome: checkOutcomeOf(error) });
      throw error;
    }
  };

  router.post('/generate-response', countOutcome, admin, checks, validate(scoreRequest), async (ctx) => {
    const request = ctx.state.input;
    const paperRequest = scoreRequestOf(request);
    const load = () => sheets.byLink(request.link, { host: ctx.host });
    const verifiedEmail = await verifiedState(
      ctx,
      { ...paperRequest, link: request.link, access: request.access },
      load,
    );
    const scorecard = await scored(load, {
      ...paperRequest,
      origin: { kind: 'link', link: request.link },
      verifiedEmail,
    });
    answerWith(ctx, scorecard);
  });

  const uploadInput = validate(uploadRequest, { from: 'query', textBody: 'html' });
  /**
   * An upload is a check in its own right: the page is scored and stored apart (never in ranks) whoever sends it. Its
   * scorecard goes to a device that verified an address for the typed link, or for this upload; any other device is
   * asked to verify an e-mail for the upload itself (`upload` in the 403), and the scorecard then comes from the
   * stored upload (POST /scorecard), never from the portal.
   */
  router.post('/upload-response', countOutcome, admin, checks, uploadsPerNetwork, uploadInput, async (ctx) => {
    const { html, ...request } = ctx.state.input;
    const link = request.link || undefined;
    // A typed link only vouches for an e-mail this device verified for it (it passed the link checks then).
    const byLink = link ? await access.verifiedEmail({ link }, request.access) : null;
    const score = (verifiedEmail: string | null) =>
      scored(() => sheets.fromUpload(html), {
        ...scoreRequestOf(request),
        origin: { kind: 'upload', html, link },
        verifiedEmail,
      });
    const scorecard = await score(byLink);
    if (byLink || !needsVerification(ctx)) return answerWith(ctx, scorecard);
    const byUpload = await access.verifiedEmail({ upload: scorecard.resultId }, request.access);
    if (!byUpload) throw verifyFirst({ upload: scorecard.resultId });
    answerWith(ctx, await score(byUpload));
  });

  /** A stored result's scorecard, scored from what was stored: the portal is never asked again. */
  router.post('/scorecard', countOutcome, admin, checks, validate(scorecardRequest, BARE), async (ctx) => {
    const { resultId, access: accessToken, minKeyVersion } = ctx.state.input;
    const result = await services.store.results.findById(resultId);
    if (!result) throw new HttpError(404, 'No scorecard with this id is stored here.');
    if (needsVerification(ctx) && !(await access.verifiedEmailOf(result, accessToken))) {
      throw verifyFirst(result.uploaded ? { upload: result.id } : {});
    }
    answerWith(ctx, await checker.scorecardOf(result, { minKeyVersion: minKeyVersion ?? undefined }));
  });

  /** The subject a send is for: a link that can be a response sheet, or an upload stored here. */
  async function subjectOf(ctx: Context, input: { link?: string; upload?: string; testPaper?: string | null }) {
    if (input.link) {
      assertSheetLink(ctx, input.link);
      return { link: input.link, ...(input.testPaper ? { testPaper: input.testPaper } : {}) };
    }
    const upload = await services.store.results.findById(input.upload ?? '');
    if (!upload?.uploaded) throw new HttpError(404, 'No uploaded page with this id is stored here.');
    return { upload: upload.id };
  }

  router.post('/send-verification', mails, validate(sendRequest), async (ctx) => {
    const { email, access: accessToken } = ctx.state.input;
    const subject = await subjectOf(ctx, ctx.state.input);
    // Verified already, on this device: another address, or another device, must show it received a mail itself. A
    // device signed out asks for a new mail like any other.
    if ((await access.verifiedEmail(subject, accessToken).catch(noneIfRevoked)) === email.trim().toLowerCase()) {
      ctx.body = presentAlreadyVerified(VERIFICATION_MESSAGES.alreadyVerified);
      return;
    }
    // A repeat within the cool-down is refused before it counts against the address's hourly mails.
    const tooSoon = await verification.resendWaitMs(subject, email);
    if (tooSoon > 0) throw resendTooSoon(ctx, tooSoon);
    const wait = await waitFor(mailsPerAddress, email.toLowerCase());
    if (wait > 0) throw tooManyRequests(ctx, wait, 'verification mails to this address');
    const outcome = await verification.send(subject, email);
    if (!outcome.sent) throw resendTooSoon(ctx, outcome.retryAfterMs);
    ctx.body = presentVerificationSent(VERIFICATION_MESSAGES.sent, outcome.cooldownMs / 1000);
  });

  router.get('/verify', validate(verifyRequest, { ...BARE, from: 'query', fieldErrors: false }), async (ctx) => {
    const confirmed = await verification.confirm(ctx.state.input.token);
    if (confirmed.outcome === 'invalid')
      throw new HttpError(400, VERIFICATION_MESSAGES.invalidToken, { code: 'INVALID_TOKEN' });
    if (confirmed.outcome === 'expired')
      throw new HttpError(410, VERIFICATION_MESSAGES.expiredToken, { code: 'EXPIRED_TOKEN' });
    const alreadyVerified = confirmed.outcome === 'already-verified';
    const message = alreadyVerified ? VERIFICATION_MESSAGES.alreadyVerified : VERIFICATION_MESSAGES.verified;
    ctx.body = presentVerified(message, alreadyVerified, confirmed.access, confirmed.subject);
  });

  router.get('/get-rank/:resultId/:testPaper', validate(rankParameters, { ...BARE, from: 'params' }), async (ctx) => {
    const { resultId, testPaper } = ctx.state.input;
    const rank = await checker.rankOf(resultId, testPaper);
    if (!rank) throw new HttpError(404, `No ${testPaper} result with this id.`);
    ctx.body = presentRank(rank);
  });

  router.get('/distribution/:paper', validate(distributionParameters, { ...BARE, from: 'params' }), async (ctx) => {
    const paper = await checker.paperNamed(ctx.state.input.paper);
    if (!paper) throw new HttpError(404, `No paper ${ctx.state.input.paper} is stored here.`);
    ctx.body = presentDistribution(await checker.crowd.distribution(paper));
  });

  return router;
}

/** A failed check in the words of the checks metric: asked to verify, limited, the portal failed, refused, or broken. */
function checkOutcomeOf(error: unknown): string {
  if (error instanceof FetchError) return 'portal fetch failed';
  if (error instanceof StoreUnavailableError) return 'database unavailable';
  if (isGateError(error) || error instanceof PaperNotLiveError) return 'refused';
  if (!(error instanceof HttpError)) return 'server error';
  if (error.extra.verificationRequired) return 'verification required';
  if (error.status === 429) return 'rate limited';
  return error.status < 500 ? 'refused' : 'server error';
}
