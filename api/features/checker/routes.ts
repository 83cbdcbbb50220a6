import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AnyObjectSchema, InferType } from 'yup';
import { isGateError, isTestPaper, type ParsedSheet, type TestPaper } from '../../../src/domain/gate';
import { firstErrors } from '../../../src/domain/validation/accounts';
import {
  UNKNOWN_TEST_PAPER,
  scoreRequestSchema,
  verificationRequestSchema,
} from '../../../src/domain/validation/score-request';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { adminVerifier } from '../../http/admin-auth';
import { FETCH_MESSAGES } from '../../sheets/fetcher';
import { hashLink } from '../../sheets/sheet-source';
import { CHECKER_MESSAGES, createChecker, NoKeysError, type CheckerScorecard } from './checker-service';
import { limitPerAddress, RateLimiter, tooManyRequests } from './rate-limit';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { createVerificationService, VERIFICATION_MESSAGES } from './verification-service';

/** Verification mails one e-mail address may receive per hour, whoever asks. */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
export const UPLOAD_BODY_MISSING =
  'Send the saved response-sheet page as the request body (Content-Type: text/html), with testPaper and email in the address.';

function validBody<S extends AnyObjectSchema>(value: unknown, schema: S): InferType<S> {
  try {
    return schema.validateSync(value ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const errors = firstErrors(error);
    const [field, message] = Object.entries(errors)[0] ?? ['', 'The request is not valid.'];
    throw new HttpError(400, field ? `${field}: ${message}` : message, { errors });
  }
}

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
  const request = validBody(value, scoreRequestSchema.omit(omitted)) as {
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

/** Sending a mail for a link the checker would never fetch is useless: refuse it with the fetcher's own words. */
function assertLinkShape(link: string): void {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new HttpError(400, FETCH_MESSAGES.notALink);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HttpError(400, FETCH_MESSAGES.notALink);
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

  const perMinute = { max: config.rateLimitPerMinute, windowMs: 60_000 };
  const isAdmin = (ctx: Context) => Boolean(ctx.state.admin);
  const checks = limitPerAddress(new RateLimiter(perMinute), 'score checks', isAdmin);
  const mails = limitPerAddress(new RateLimiter(perMinute), 'verification requests');
  const mailsPerAddress = new RateLimiter({ max: MAILS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60_000 });
  const admin = recogniseAdmin(services);

  /** 'Please Verify Your Email' unless verification is off, the caller is an admin, or the link has a verified e-mail. */
  async function verifiedState(ctx: Context, link: string | undefined) {
    const verifiedEmail = link ? await verification.verifiedEmail(link) : null;
    if (config.requireEmailVerification && !isAdmin(ctx) && !verifiedEmail) {
      throw new HttpError(403, VERIFICATION_MESSAGES.verifyFirst, { verificationRequired: true });
    }
    return verifiedEmail;
  }

  async function respondWithScorecard(
    ctx: Context,
    load: () => Promise<ParsedSheet> | ParsedSheet,
    request: {
      testPaper?: TestPaper;
      email?: string;
      link?: string;
      verifiedEmail: string | null;
      sheetFromLink: boolean;
    },
  ) {
    const scorecard = await withUserErrors(async () => {
      const sheet = await load();
      return checker.check({
        sheet,
        testPaper: request.testPaper,
        email: request.verifiedEmail ?? request.email,
        isVerified: request.verifiedEmail !== null,
        linkHash: hashLink(request.link ?? `upload:${sheet.candidate.id}`),
        link: request.link?.trim(),
        sheetFromLink: request.sheetFromLink,
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
      verifiedEmail,
      sheetFromLink: true,
    });
  });

  router.post('/upload-response', admin, checks, async (ctx) => {
    const request = readScoreRequest(ctx.query, false);
    const link = typeof ctx.query.link === 'string' && ctx.query.link.trim() ? ctx.query.link.trim() : undefined;
    const body = ctx.request.body;
    const html = typeof body === 'string' ? body : (body as { html?: unknown } | undefined)?.html;
    if (typeof html !== 'string' || html.trim() === '') throw new HttpError(400, UPLOAD_BODY_MISSING);
    const verifiedEmail = await verifiedState(ctx, link);
    // Without a link the result keeps none: an administrator cannot re-open it, but nothing needs refetching.
    await respondWithScorecard(ctx, () => sheets.fromUpload(html), {
      ...request,
      link,
      verifiedEmail,
      sheetFromLink: false,
    });
  });

  router.post('/send-verification', mails, async (ctx) => {
    const { link, email } = validBody(ctx.request.body, verificationRequestSchema);
    assertLinkShape(link);
    if (await verification.verifiedEmail(link)) {
      ctx.body = { message: VERIFICATION_MESSAGES.alreadyVerified, alreadyVerified: true };
      return;
    }
    const wait = mailsPerAddress.hit(email.toLowerCase());
    if (wait > 0) throw tooManyRequests(ctx, wait, 'verification mails to this address');
    await verification.send(link, email);
    ctx.body = { message: VERIFICATION_MESSAGES.sent, alreadyVerified: false };
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
