import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Metrics } from '../../http/metrics';
import type { Store } from '../../store';
import type { RequireAdmin } from '../../access/admin-guard';
import type { Crowd } from '../../crowd/crowd';
import { DAY_MS, limitPerAddress, limitPerNetworkPerDay } from '../../http/limiters';
import { validateInput } from '../../http/validate';
import { OPERATIONS } from '../../../src/contract/operations';
import { createScorecardAccess } from '../../access/scorecard-access';
import { createOfficialResults } from './official-results';
import { createReportWatch } from './report-watch';
import { presentOfficialResultAdded, presentOfficialResultStatus, presentReviewRow } from './presenter';

const BARE = { messages: 'bare' } as const;

/**
 * The scorecard's "Add your official result" section (its state on this device, and adding the result), and the
 * admin's review of every result added (the Official results panel: list, quarantine, restore).
 */
export interface OfficialResultsDeps {
  config: Config;
  store: Store;
  logger: Logger;
  metrics: Metrics;
  requireAdmin: RequireAdmin;
  crowd: Crowd;
}

export function officialResultRoutes(services: OfficialResultsDeps): Router {
  const { store, config, crowd } = services;
  const router = new Router({ prefix: '/api/data/official-results' });
  const perMinute = store.limiters({ name: 'official-results', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'official-result requests');
  const perNetwork = limitPerNetworkPerDay(
    store.limiters({
      name: 'official-results-per-network',
      points: config.officialReportsPerNetworkPerDay,
      windowMs: DAY_MS,
    }),
    'official results',
  );
  const watch = createReportWatch({
    crowd,
    logger: services.logger,
    metrics: services.metrics,
    perNetwork: store.limiters({
      name: 'official-results-network-alert',
      points: config.reportAlertPerNetwork,
      windowMs: DAY_MS,
    }),
    rankShift: config.reportAlertRankShift,
    windowMs: config.reportAlertWindowMs,
  });
  const officialResults = createOfficialResults(store, crowd, createScorecardAccess(config, store), {
    secret: config.secret,
    watch,
  });
  const admin = services.requireAdmin();

  router.post('/status', limited, validateInput(OPERATIONS.officialResultStatus.input, BARE), async (ctx) => {
    ctx.body = presentOfficialResultStatus(
      await officialResults.status(ctx.state.input.resultId, ctx.state.input.access),
    );
  });

  router.post('/', limited, perNetwork, validateInput(OPERATIONS.addOfficialResult.input, BARE), async (ctx) => {
    const { resultId, access, ...input } = ctx.state.input;
    ctx.status = 201;
    ctx.body = presentOfficialResultAdded(
      await officialResults.report(resultId, { accessToken: access, address: ctx.ip }, input),
    );
  });

  router.get('/review', admin, validateInput(OPERATIONS.officialResultReview.input, BARE), async (ctx) => {
    const review = await officialResults.review(ctx.state.input.year);
    ctx.body = {
      year: review.year,
      papers: review.papers,
      reports: review.reports.map(({ report: added, standing }) => presentReviewRow(added, standing)),
    };
  });

  for (const [action, operation] of [
    ['quarantine', OPERATIONS.quarantineOfficialResult],
    ['restore', OPERATIONS.restoreOfficialResult],
  ] as const) {
    router.post(`/:resultId/${action}`, admin, validateInput(operation.input, BARE), async (ctx) => {
      const { resultId, reason } = ctx.state.input;
      const moderated = await officialResults.moderate(resultId, action, ctx.state.admin!.id, reason);
      ctx.state.log?.info({ resultId, action, by: ctx.state.admin!.id }, `official result ${action}d`);
      ctx.body = { report: presentReviewRow(moderated.report, moderated.standing) };
    });
  }

  return router;
}
