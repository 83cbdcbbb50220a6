import Koa from 'koa';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import type { Config } from './config';
import { watchStore, type Store } from './store';
import type { Lifecycle, Services } from './services';
import { createMailer } from './mail/mailer';
import { jsonErrors } from './http/errors';
import { acceptBodies } from './http/body-types';
import { requestLogging } from './http/logging';
import { requestDeadline } from './http/request-deadline';
import { securityHeaders } from './http/security-headers';
import { createMetrics, measureRequests, metricsRoutes } from './http/metrics';
import { spaFiles } from './http/static';
import { healthRoutes } from './http/health';
import { accountRoutes } from './features/accounts/routes';
import { requireAdmin } from './features/accounts/admin-auth';
import { adminFeature } from './features/admin';
import { checkerRoutes } from './features/checker/routes';
import { createChecker } from './features/checker/checker-service';
import { keyVersionRoutes } from './features/key-versions/routes';
import { scoreAlertsFeature } from './features/score-alerts';
import { imageRoutes } from './features/images/routes';
import { officialResultRoutes } from './features/official-results/routes';
import { portalTraffic } from './sheets/portal-traffic';
import { demoRoutes, seedDemoPapers } from './demo';
import { createPapers } from './papers';
import { openApiRoutes } from './openapi/routes';

/** Builds the HTTP app from its collaborators; the process entry (server.ts) owns ports and signals. */
export function createApp(
  config: Config,
  store: Store,
  logger: Logger,
  lifecycle: Lifecycle = { draining: false, onClose: [] },
): Koa {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    saveToOutbox: (mail) => store.mail.add(mail),
  });
  const metrics = createMetrics();
  const portal = portalTraffic(store.limiters, config.portalFetchesPerMinute, metrics);
  const storeWatch = watchStore(store, logger);
  lifecycle.onClose.push(() => Promise.resolve(storeWatch.stop()));
  const papers = createPapers({ store, logger, config, lifecycle, metrics, storeWatch });
  const services: Services = {
    config,
    store,
    logger,
    mailer,
    metrics,
    portal,
    papers,
    storeWatch,
    lifecycle,
    requireAdmin: (options) => requireAdmin(services, options),
  };
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
  app.use(jsonErrors);
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
  const checker = createChecker(store, papers, storeWatch);
  // The demo's papers are seeded at start (server.ts), and again into a store that changed under the instance.
  if (config.demo) storeWatch.follow(() => seedDemoPapers(store));
  const routers = [
    healthRoutes(services),
    metricsRoutes(metrics, config.metricsToken),
    accountRoutes(services),
    adminFeature(services),
    checkerRoutes(services, checker),
    keyVersionRoutes(services),
    scoreAlertsFeature(services, checker.crowd).router,
    officialResultRoutes(services, checker.crowd),
    imageRoutes(services),
    ...(config.demo ? [demoRoutes(config.appOrigin)] : []),
  ];
  routers.push(openApiRoutes([...routers], config.version));
  // Last: the workers above stop sending first (onClose runs in order).
  lifecycle.onClose.push(() => Promise.resolve(mailer.close()));
  for (const router of routers) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return app;
}
