import Koa from 'koa';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import type { Config } from './config';
import { StoreUnavailableError, watchStore, type Store, type StoreWatch } from './store';
import { createMailer } from './mail/mailer';
import { maskedEmail } from './mail/masked-email';
import { answerOf } from './error-answers';
import { jsonErrors } from './http/errors';
import { acceptBodies } from './http/body-types';
import { requestLogging } from './http/logging';
import { requestDeadline } from './http/request-deadline';
import { securityHeaders } from './http/security-headers';
import { createMetrics, measureRequests, metricsRoutes } from './http/metrics';
import { spaFiles } from './http/static';
import { healthRoutes } from './http/health';
import { accountRoutes } from './features/accounts/routes';
import { authenticate, ensureAdmin } from './features/accounts/account-service';
import { createAdminGuard, type AdminGuard } from './access/admin-guard';
import { renewDeviceAccess } from './access/access-renewal';
import { createScorecardAccess } from './access/scorecard-access';
import { adminFeature } from './features/admin';
import { checkerRoutes } from './features/checker/routes';
import { createChecker } from './features/checker/checker-service';
import { disputeRoutes } from './features/disputes/routes';
import { keyVersionRoutes } from './features/key-versions/routes';
import { scoreAlertsFeature } from './features/score-alerts';
import { imageRoutes } from './features/images/routes';
import { officialResultRoutes } from './features/official-results/routes';
import { privacyRoutes } from './features/privacy/routes';
import { createCrowd } from './crowd/crowd';
import { createMarksSnapshots } from './crowd/marks-snapshot';
import { portalTraffic } from './sheets/portal-traffic';
import { demoRoutes, seedDemoPapers } from './demo';
import { createPapers, type Normalise } from './papers';
import { openApiRoutes } from './openapi/routes';

/** The HTTP app and the background work it needs; built here, started and stopped by the process (server.ts). */
export interface HireGateApp {
  koa: Koa;
  /** Starts the background work: the store watch, the marks snapshots, the re-scorer and the score-change mails. */
  start(): void;
  /** Readiness answers 503 from now on, so a proxy sends new work elsewhere. */
  drain(): void;
  /** Stops the background work, then the mailer it sends through. */
  stop(): Promise<void>;
  /** Looks at the store now, and catches up if it changed (tests; the watch looks every STORE_LOOK_MS). */
  lookAtStore(): Promise<void>;
}

/**
 * Builds every part from the narrow dependencies it names, in the order they need each other. Nothing runs until
 * start(): a test can build the app, serve requests and never start a worker.
 */
export function createApp(config: Config, store: Store, logger: Logger): HireGateApp {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    saveToOutbox: (mail) => store.mail.add(mail),
  });
  const metrics = createMetrics();
  const portal = portalTraffic(store.limiters, config.portalFetchesPerMinute, metrics);
  const storeWatch = watchStore(store, logger, { lookMs: config.storeLookMs });
  const adminGuard = createAdminGuard({
    limiters: store.limiters,
    secret: config.secret,
    authenticate: (email, password) => authenticate(store, email, password),
  });
  // The indexes first, so that a unique one is in place before anything is written again, then the administrator:
  // they are who an operator asks to see that a restore went well.
  storeWatch.follow(() => ensureIndexes(store, logger));
  followAdmin(config, store, storeWatch, adminGuard, logger);
  const snapshots = createMarksSnapshots(store, { refreshMs: config.snapshotRefreshMs });
  // Before the checker builds them again (its own catch-up).
  storeWatch.follow(snapshots.storeChanged);
  const crowd = createCrowd(snapshots, store.papers, store);
  const normalise: Normalise = async (paper, totalMarks, rankedAs) =>
    (await crowd.predictionFor(paper, totalMarks, rankedAs)).normMarks;
  const papers = createPapers({ store, normalise, logger, config, metrics, storeWatch });
  const { requireAdmin } = adminGuard;
  const checker = createChecker({ store, papers, storeWatch, snapshots, crowd });
  const scoreAlerts = scoreAlertsFeature({ store, config, logger, mailer, metrics, crowd });
  let draining = false;

  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });
  // Errors after the response started (jsonErrors answered everything before). A client that leaves mid-download
  // (a navigation, a closed tab) is routine, not a failure.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE')
      logger.debug({ err: error }, 'client left before the response ended');
    else logger.error({ err: error }, 'response failed');
  });
  app.use(requestLogging(logger));
  app.use(securityHeaders(config));
  app.use(measureRequests(metrics));
  app.use(jsonErrors(answerOf));
  app.use(compress());
  app.use(spaFiles(config.distDir));
  app.use(
    acceptBodies({
      htmlPaths: ['/api/data/upload-response', '/api/data/process'],
      // Mail programs' one-click unsubscribe posts a form (RFC 8058); the route reads only its address.
      formPaths: ['/api/data/score-alerts/unsubscribe'],
    }),
  );
  app.use(
    bodyParser({
      enableTypes: ['json', 'text'],
      jsonLimit: config.bodyLimitBytes,
      textLimit: config.bodyLimitBytes,
      extendTypes: { text: ['text/html'] },
    }),
  );
  app.use(requestDeadline(config.requestTimeoutMs));
  app.use(renewDeviceAccess(createScorecardAccess(config, store)));
  // The demo's papers are seeded at start (server.ts), and again into a store that changed under the instance.
  if (config.demo) storeWatch.follow(() => seedDemoPapers(store));
  const routers = [
    healthRoutes({ config, store, storeWatch, draining: () => draining }),
    metricsRoutes(metrics, config.metricsToken),
    accountRoutes({ store, config, logger, mailer, adminGuard }),
    adminFeature({ config, store, papers, portal, requireAdmin }),
    checkerRoutes({ config, store, metrics, mailer, portal, requireAdmin, checker }),
    keyVersionRoutes({ store, requireAdmin }),
    disputeRoutes({ config, store, papers, requireAdmin }),
    scoreAlerts.router,
    officialResultRoutes({ config, store, logger, metrics, requireAdmin, crowd }),
    imageRoutes({ config, store, portal }),
    privacyRoutes({ config, store, mailer, requireAdmin }),
    ...(config.demo ? [demoRoutes(config.appOrigin)] : []),
  ];
  routers.push(openApiRoutes(config.version));
  for (const router of routers) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return {
    koa: app,
    start() {
      storeWatch.start();
      void snapshots.start();
      papers.rescorer.start();
      scoreAlerts.worker.start();
    },
    drain() {
      draining = true;
    },
    lookAtStore: () => storeWatch.look(),
    async stop() {
      // The workers stop sending before the mailer closes its connections.
      storeWatch.stop();
      snapshots.forget();
      await papers.rescorer.stop();
      await scoreAlerts.worker.stop();
      mailer.close();
    },
  };
}

/**
 * A store that changed under the instance gets the configured administrator (ADMIN_EMAIL) again when its accounts
 * changed (server.ts makes them at start), and the admin guard trusts nothing verified against the old one.
 */
function followAdmin(
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  store: Store,
  storeWatch: Pick<StoreWatch, 'follow'>,
  adminGuard: AdminGuard,
  logger: Logger,
): void {
  const { adminEmail, adminPassword } = config;
  if (adminEmail && adminPassword) {
    storeWatch.follow(async ({ collections }) => {
      if (collections !== 'all' && !collections.includes('users')) return;
      const outcome = await ensureAdmin({ store }, adminEmail, adminPassword);
      logger.info({ email: maskedEmail(adminEmail), outcome }, 'administrator from ADMIN_EMAIL ready again');
    });
  }
  storeWatch.follow(adminGuard.storeChanged);
}

/**
 * The indexes a dropped database or collection lost. Duplicates written before they were back keep a unique one from
 * being made: that is logged for the operator rather than keeping every instance from being ready.
 */
async function ensureIndexes(store: Store, logger: Logger): Promise<void> {
  try {
    await store.ensureIndexes();
  } catch (error) {
    // Tried again at the next look, with every other catch-up.
    if (error instanceof StoreUnavailableError) throw error;
    logger.error(
      { err: error },
      'The database lost indexes that cannot be made again: remove the duplicates it names.',
    );
  }
}
