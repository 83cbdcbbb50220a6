import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RescoreStatus } from '../../src/domain/gate/rescore-status';
import { HttpError } from './errors';

/**
 * What an operator watches on exam day, in Prometheus' text format at GET /metrics. One registry per app (not
 * prom-client's global one), so several apps in one process (the tests) keep their own counts.
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  latency: Histogram<'route' | 'method'>;
  /** Score checks by what the candidate got: a scorecard, a request to verify, a refusal, a failed fetch... */
  checks: Counter<'outcome'>;
  /** Fetches from the portal by file (sheet, image) and what came: `200`, another HTTP status, or why none came. */
  portalFetches: Counter<'file' | 'result'>;
  limiterRefusals: Counter<'limit'>;
  storeErrors: Counter<'kind'>;
  /** Official results that an operator should look at: `rank-shift` (they moved a paper's ranks), `network` (many from one network). */
  officialResultAlerts: Counter<'reason'>;
  /** Where re-scoring progress comes from (the admin feature's worker), read at each scrape. */
  readRescoring: (statuses: () => Promise<RescoreStatus[]> | RescoreStatus[]) => void;
  /** Where the score-change mail queue's counts come from (the score-alert worker), read at each scrape. */
  readScoreAlertMails: (counts: () => Promise<Record<string, number>>) => void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let rescoring: () => Promise<RescoreStatus[]> | RescoreStatus[] = () => [];
  new Gauge({
    name: 'hiregate_rescore_results',
    help: 'Re-scoring of stored results after a key change, per paper: results re-scored so far and in all.',
    labelNames: ['paper_id', 'state', 'figure'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of await rescoring()) {
        const labels = { paper_id: status.paperId, state: status.state };
        this.set({ ...labels, figure: 'rescored' }, status.rescored);
        this.set({ ...labels, figure: 'total' }, status.total);
      }
    },
  });
  let alertMails: () => Promise<Record<string, number>> = () => Promise.resolve({});
  new Gauge({
    name: 'hiregate_score_alert_mails',
    help: 'Score-change mails by state: pending and sending wait in the queue; failed ones were given up after retries.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [state, count] of Object.entries(await alertMails())) this.set({ state }, count);
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'hiregate_http_requests_total',
      help: 'HTTP requests by route (the matched path, not the raw URL), method and status.',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'hiregate_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route and method.',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    checks: new Counter({
      name: 'hiregate_checks_total',
      help: 'Score checks by outcome.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    portalFetches: new Counter({
      name: 'hiregate_portal_fetches_total',
      help: 'Fetches from the GATE portal by file (sheet or image) and result: 200, the upstream status, why no answer came (timeout, reset, cutShort, badEncoding, badRedirect...), or busy when the shared budget held it back. A run of 403s means the portal blocks this network.',
      labelNames: ['file', 'result'],
      registers: [registry],
    }),
    limiterRefusals: new Counter({
      name: 'hiregate_limit_refusals_total',
      help: 'Requests refused by a limit of the Limits table (429), by limit.',
      labelNames: ['limit'],
      registers: [registry],
    }),
    storeErrors: new Counter({
      name: 'hiregate_store_errors_total',
      help: 'Requests answered 503 because the database could not be reached (unreachable) or did not answer within its deadline (timeout).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    officialResultAlerts: new Counter({
      name: 'hiregate_official_result_alerts_total',
      help: "Official results to review: rank-shift when reports moved a paper's predicted ranks more than REPORT_ALERT_RANK_SHIFT_PERCENT within REPORT_ALERT_WINDOW_MS, network when one network sent more than REPORT_ALERT_PER_NETWORK in a day.",
      labelNames: ['reason'],
      registers: [registry],
    }),
    readRescoring: (statuses) => {
      rescoring = statuses;
    },
    readScoreAlertMails: (counts) => {
      alertMails = counts;
    },
  };
}

/** The route a request matched (`/api/data/get-rank/:resultId/:testPaper`), or one label for everything else. */
function routeOf(ctx: Parameters<Middleware>[0]): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return /^\/(api|auth)\//.test(ctx.path) ? 'unmatched api' : 'web app';
}

/** Counts and times every request; put before the error handler, so the status counted is the one sent. */
export function measureRequests(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    ctx.state.metrics = metrics;
    const stop = metrics.latency.startTimer();
    try {
      await next();
    } finally {
      const route = routeOf(ctx);
      stop({ route, method: ctx.method });
      metrics.requests.inc({ route, method: ctx.method, status: String(ctx.status) });
    }
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`; off (404) while no token is configured. */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const router = new Router();
  const expected = token ? digest(token) : undefined;
  router.get('/metrics', async (ctx) => {
    if (!expected) throw new HttpError(404, 'Metrics are off: set METRICS_TOKEN to turn them on.');
    const given = /^Bearer (\S+)$/.exec(ctx.get('authorization'))?.[1];
    // Compared as digests of equal length, in constant time: the answer's timing says nothing about the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new HttpError(401, 'The metrics need the bearer token set in METRICS_TOKEN.');
    }
    ctx.type = metrics.registry.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
