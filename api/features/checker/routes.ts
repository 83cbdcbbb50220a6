import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { isGateError, isTestPaper, type ParsedSheet, type TestPaper } from '../../../src/domain/gate';
import {
  UNKNOWN_TEST_PAPER,
  scoreRequestSchema,
  sheetLinkProblem,
  verificationRequestSchema,
} from '../../../src/domain/validation/score-request';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { adminVerifier } from '../../http/admin-auth';
import { memoryLimiters, tooManyRequests, waitFor } from '../../http/limiters';
import { validate, validInput } from '../../http/validate';
import {
  CHECKER_MESSAGES,
  createChecker,
  NoKeysError,
  type CheckerScorecard,
  type SheetOrigin,
} from './checker-service';
import { limitPerAddress } from './rate-limit';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { createVerificationService, resendTooSoon, VERIFICATION_MESSAGES } from './verification-service';

/** Verification mails one e-mail address may receive per hour, whoever asks. */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
export const UPLOAD_BODY_MISSING =
  'Send the saved response-sheet page as the request body (Content-Type: text/html), with testPaper and email in the address.';

/**
 * The score request rules shared with the modal. The modal always sends the test paper; a re-opened scorecard address
 * may leave it out (the sheet then tells), and an upload has no link.
 */
function readScoreRequest<L extends boolean>(value: unknown, withLink: L) {
  const given = (value as { testPaper?: unknown } | null)?.testPaper;
  const omitted = [
    ...(withLink ? [] : ['link' as const]),
    ...(given === undefined || given === '' ? ['testPaper' as const] : []),
  ];
  const request = validInput(scoreRequestSchema.omit(omitted), value) as {
    link: L extends true ? string : undefined;
    testPaper?: TestPaper;
    email?: string;
  };
  return { ...request, email: request.email || undefined };
}

/**
 * A scorecard is ~50 KB of JSON: serialised once per scorecard object (the checker hands out the same object for
 * repeat checks) into a buffer, so Koa need not measure a string to send it.
 */
const serialisedScorecards = new WeakMap<CheckerScorecard, Buffer>();
function serialised(scorecard: CheckerScorecard): Buffer {
  let json = serialisedScorecards.get(scorecard);
  if (!json) {
    json = Buffer.from(JSON.stringify({ message: CHECKER_MESSAGES.scorecardReady, ...scorecard }));
    serialisedScorecards.set(scorecard, json);
  }
  return json;
}

/** Sheet problems and paper mismatches come from the engine with a message for the candidate. */
async function withUserErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isGateError(error)) throw new HttpError(422, error.message, { code: error.code });
    if (error instanceof NoKeysError) throw new HttpError(409, error.message, { code: 'NO_KEYS' });
    throw error;
  }
}

/**
 * Recognises an administrator's Basic auth (the admin's View Scorecard); a request without credentials is a
 * candidate's. Wrong admin credentials are refused rather than quietly treated as a candidate.
 */
function recogniseAdmin(services: Services): Middleware {
  const verifier = adminVerifier(services);
  return async (ctx, next) => {
    if (ctx.get('authorization')) {
      const result = await verifier.check(ctx);
      if (!result.ok) throw new HttpError(result.status, result.message, { success: false });
      ctx.state.admin = result.admin;
    }
    await next();
  };
}

/**
 * The public checker calls of spec §7 (generate-response, send-verification, verify, get-rank) and beyond it:
 * upload-response for a saved page, and distribution for the scorecard's chart.
 */
export function checkerRoutes(services: Services): Router {
  const { config } = services;
  const checker = createChecker(services.store);
  const sheets = createSheetLoader(config);
  const verification = createVerificationService(services);
  const router = new Router({ prefix: '/api/data' });

  const perMinute = (name: string) => memoryLimiters({ name, points: config.rateLimitPerMinute, windowMs: 60_000 });
  const isAdmin = (ctx: Context) => Boolean(ctx.state.admin);
  const checks = limitPerAddress(perMinute('checks'), 'score checks', isAdmin);
  const mails = limitPerAddress(perMinute('verification-requests'), 'verification requests');
  const mailsPerAddress = memoryLimiters({
    name: 'verification-mails',
    points: MAILS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  const admin = recogniseAdmin(services);

  /**
   * A link that cannot be a response sheet (the modal's own rule), or that the fetcher would never read (not a
   * response-sheet host), is refused before anyone is asked for an e-mail or mailed: verifying an address for it
   * would lead nowhere. The configured origin serves the demo's sample sheets (never the request's Origin header).
   */
  function assertSheetLink(ctx: Context, link: string): void {
    const problem = sheetLinkProblem(link, [config.appOrigin]) ?? sheets.refusalOf(link, { host: ctx.host });
    if (problem) throw new HttpError(400, problem);
  }

  /** 'Please Verify Your Email' unless verification is off, the caller is an admin, or the link has a verified e-mail. */
  async function verifiedState(ctx: Context, link: string | undefined) {
    const verifiedEmail = link ? await verification.verifiedEmail(link) : null;
    if (config.requireEmailVerification && !isAdmin(ctx) && !verifiedEmail) {
      if (link) assertSheetLink(ctx, link);
      throw new HttpError(403, VERIFICATION_MESSAGES.verifyFirst, { verificationRequired: true });
    }
    return verifiedEmail;
  }

  async function respondWithScorecard(
    ctx: Context,
    load: () => Promise<ParsedSheet> | ParsedSheet,
    request: { origin: SheetOrigin; testPaper?: TestPaper; email?: string; verifiedEmail: string | null },
  ) {
    const scorecard = await withUserErrors(async () => {
      const sheet = await load();
      return checker.check({
        sheet,
        origin: request.origin,
        testPaper: request.testPaper,
        email: request.verifiedEmail ?? request.email,
        isVerified: request.verifiedEmail !== null,
      });
    });
    ctx.type = 'application/json';
    ctx.body = serialised(scorecard);
  }

  router.post('/generate-response', admin, checks, async (ctx) => {
    const request = readScoreRequest(ctx.request.body, true);
    const verifiedEmail = await verifiedState(ctx, request.link);
    await respondWithScorecard(ctx, () => sheets.byLink(request.link, { host: ctx.host }), {
      ...request,
      origin: { kind: 'link', link: request.link },
      verifiedEmail,
    });
  });

  router.post('/upload-response', admin, checks, async (ctx) => {
    const request = readScoreRequest(ctx.query, false);
    const link = typeof ctx.query.link === 'string' && ctx.query.link.trim() ? ctx.query.link.trim() : undefined;
    const body = ctx.request.body;
    const html = typeof body === 'string' ? body : (body as { html?: unknown } | undefined)?.html;
    if (typeof html !== 'string' || html.trim() === '') throw new HttpError(400, UPLOAD_BODY_MISSING);
    const verifiedEmail = await verifiedState(ctx, link);
    // The typed link only vouches for the e-mail: the result is the upload's own, apart from the link's fetched one.
    await respondWithScorecard(ctx, () => sheets.fromUpload(html), {
      ...request,
      origin: { kind: 'upload', html, link },
      verifiedEmail,
    });
  });

  router.post('/send-verification', mails, validate(verificationRequestSchema), async (ctx) => {
    const { link, email } = ctx.state.input;
    assertSheetLink(ctx, link);
    if (await verification.verifiedEmail(link)) {
      ctx.body = { message: VERIFICATION_MESSAGES.alreadyVerified, alreadyVerified: true };
      return;
    }
    // A repeat within the cool-down is refused before it counts against the address's hourly mails.
    const tooSoon = verification.resendWaitMs(link, email);
    if (tooSoon > 0) throw resendTooSoon(ctx, tooSoon);
    const wait = await waitFor(mailsPerAddress, email.toLowerCase());
    if (wait > 0) throw tooManyRequests(ctx, wait, 'verification mails to this address');
    const outcome = await verification.send(link, email);
    if (!outcome.sent) throw resendTooSoon(ctx, outcome.retryAfterMs);
    ctx.body = {
      message: VERIFICATION_MESSAGES.sent,
      alreadyVerified: false,
      resendAfterSeconds: outcome.cooldownMs / 1000,
    };
  });

  router.get('/verify', async (ctx) => {
    const text = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string).trim() : '');
    const [link, email, token] = [text('link'), text('email'), text('token')];
    if (!link || !email) throw new HttpError(400, VERIFICATION_MESSAGES.missingParameters);
    if (!token) throw new HttpError(400, VERIFICATION_MESSAGES.invalidToken);
    const outcome = await verification.confirm(link, email, token);
    if (outcome === 'invalid') throw new HttpError(400, VERIFICATION_MESSAGES.invalidToken);
    if (outcome === 'expired') throw new HttpError(410, VERIFICATION_MESSAGES.expiredToken);
    ctx.body = {
      message: outcome === 'verified' ? VERIFICATION_MESSAGES.verified : VERIFICATION_MESSAGES.alreadyVerified,
      alreadyVerified: outcome === 'already-verified',
    };
  });

  const testPaperParameter = (raw: string): TestPaper => {
    if (!isTestPaper(raw)) throw new HttpError(400, UNKNOWN_TEST_PAPER);
    return raw;
  };

  router.get('/get-rank/:resultId/:testPaper', async (ctx) => {
    const testPaper = testPaperParameter(ctx.params.testPaper);
    const rank = await checker.rankOf(ctx.params.resultId, testPaper);
    if (!rank) throw new HttpError(404, `No ${testPaper} result with this id.`);
    ctx.body = rank;
  });

  router.get('/distribution/:testPaper', async (ctx) => {
    ctx.body = await checker.crowd.distribution(testPaperParameter(ctx.params.testPaper));
  });

  return router;
}
