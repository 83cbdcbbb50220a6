import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { isGateError, isTestPaper, type ParsedSheet, type TestPaper } from '../../../src/domain/gate';
import { chosenSectionsOf } from '../../../src/domain/validation/score-request';
import { OPERATIONS } from '../../../src/contract/operations';
import { VERIFICATION_MESSAGES } from '../../../src/contract/checker-requests';
import type { Config } from '../../config';
import type { Metrics } from '../../http/metrics';
import type { Mailer } from '../../mail/mailer';
import type { PortalTraffic } from '../../sheets/portal-traffic';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import { HttpError } from '../../http/errors';
import { DAY_MS, limitPerAddress, limitPerNetworkPerDay, tooManyRequests, waitFor } from '../../http/limiters';
import { validateInput } from '../../http/validate';
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
import { createVerificationGate, isAdmin } from '../../access/verification-gate';
import { PaperNotLiveError, type Checker, type SheetOrigin } from './checker-service';
import { createSheetLoader } from '../../sheets/sheet-loader';
import { FetchError } from '../../sheets/fetcher';
import { StoreUnavailableError } from '../../store';
import { createVerificationService, ResendTooSoonError } from './verification-service';

/** Verification mails one e-mail address may receive per hour, whoever asks. */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
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
  const gate = createVerificationGate(config, access, sheets);
  const router = new Router({ prefix: '/api/data' });

  const { limiters } = services.store;
  const perMinute = (name: string) => limiters({ name, points: config.rateLimitPerMinute, windowMs: 60_000 });
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

  router.post(
    '/generate-response',
    countOutcome,
    admin,
    checks,
    validateInput(OPERATIONS.checkScore.input),
    async (ctx) => {
      const request = ctx.state.input;
      const paperRequest = scoreRequestOf(request);
      const load = () => sheets.byLink(request.link, { host: ctx.host });
      const verifiedEmail = await gate.emailForLink(ctx, request, () => checker.precheck(load, paperRequest));
      const scorecard = await scored(load, {
        ...paperRequest,
        origin: { kind: 'link', link: request.link },
        verifiedEmail,
      });
      answerWith(ctx, scorecard);
    },
  );

  const uploadInput = validateInput(OPERATIONS.uploadResponse.input);
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
    if (byLink || !gate.needsVerification(ctx)) return answerWith(ctx, scorecard);
    answerWith(ctx, await score(await gate.emailForUpload(scorecard.resultId, request.access)));
  });

  /** A stored result's scorecard, scored from what was stored: the portal is never asked again. */
  router.post(
    '/scorecard',
    countOutcome,
    admin,
    checks,
    validateInput(OPERATIONS.scorecard.input, BARE),
    async (ctx) => {
      const { resultId, access: accessToken, minKeyVersion } = ctx.state.input;
      const result = await services.store.results.findById(resultId);
      if (!result) throw new HttpError(404, 'No scorecard with this id is stored here.');
      await gate.assertMaySee(ctx, result, accessToken);
      answerWith(ctx, await checker.scorecardOf(result, { minKeyVersion: minKeyVersion ?? undefined }));
    },
  );

  /** The subject a send is for: a link that can be a response sheet, or an upload stored here. */
  async function subjectOf(ctx: Context, input: { link?: string; upload?: string; testPaper?: string | null }) {
    if (input.link) {
      gate.assertSheetLink(ctx, input.link);
      return { link: input.link, ...(input.testPaper ? { testPaper: input.testPaper } : {}) };
    }
    const upload = await services.store.results.findById(input.upload ?? '');
    if (!upload?.uploaded) throw new HttpError(404, 'No uploaded page with this id is stored here.');
    return { upload: upload.id };
  }

  router.post('/send-verification', mails, validateInput(OPERATIONS.sendVerification.input), async (ctx) => {
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
    if (tooSoon > 0) throw new ResendTooSoonError(tooSoon);
    const wait = await waitFor(mailsPerAddress, email.toLowerCase());
    if (wait > 0) throw tooManyRequests(ctx, wait, 'verification mails to this address');
    const outcome = await verification.send(subject, email);
    if (!outcome.sent) throw new ResendTooSoonError(outcome.retryAfterMs);
    ctx.body = presentVerificationSent(VERIFICATION_MESSAGES.sent, outcome.cooldownMs / 1000);
  });

  router.get('/verify', validateInput(OPERATIONS.verify.input, { ...BARE, fieldErrors: false }), async (ctx) => {
    const confirmed = await verification.confirm(ctx.state.input.token);
    if (confirmed.outcome === 'invalid')
      throw new HttpError(400, VERIFICATION_MESSAGES.invalidToken, { code: 'INVALID_TOKEN' });
    if (confirmed.outcome === 'expired')
      throw new HttpError(410, VERIFICATION_MESSAGES.expiredToken, { code: 'EXPIRED_TOKEN' });
    const alreadyVerified = confirmed.outcome === 'already-verified';
    const message = alreadyVerified ? VERIFICATION_MESSAGES.alreadyVerified : VERIFICATION_MESSAGES.verified;
    ctx.body = presentVerified(message, alreadyVerified, confirmed.access, confirmed.subject);
  });

  router.get('/get-rank/:resultId/:testPaper', validateInput(OPERATIONS.rank.input, BARE), async (ctx) => {
    const { resultId, testPaper } = ctx.state.input;
    const rank = await checker.rankOf(resultId, testPaper);
    if (!rank) throw new HttpError(404, `No ${testPaper} result with this id.`);
    ctx.body = presentRank(rank);
  });

  router.get('/distribution/:paper', validateInput(OPERATIONS.distribution.input, BARE), async (ctx) => {
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
