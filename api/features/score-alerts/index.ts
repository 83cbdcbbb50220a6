import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Crowd } from '../../crowd/crowd';
import type { Metrics } from '../../http/metrics';
import type { Mailer } from '../../mail/mailer';
import type { Store } from '../../store';
import { createPollLoop } from '../../poll-loop';
import { createPlanner } from './planner';
import { createSender, type SenderOptions } from './sender';
import { scoreAlertRoutes } from './routes';

export interface ScoreAlertWorker {
  /** Plans and sends what is due now, then again every scoreAlertPollMs, until stop. */
  start(): void;
  /** Plans and sends what is due now (tests; the started worker does this every scoreAlertPollMs). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export interface ScoreAlertsDeps {
  config: Config;
  store: Store;
  logger: Logger;
  mailer: Mailer;
  metrics: Pick<Metrics, 'readScoreAlertMails'>;
  crowd: Crowd;
}

/**
 * Candidates told once: the scorecard's switch, the unsubscribe link, and the worker that, once a key change is
 * re-scored and the key has been quiet for SCORE_ALERT_QUIET_MS, mails each subscribed candidate whose total moved.
 * Every instance runs the worker; the store decides who sends what (see planner.ts and sender.ts).
 */
export function scoreAlertsFeature(
  { store, config, logger, mailer, metrics, crowd }: ScoreAlertsDeps,
  senderOptions: SenderOptions = {},
): { router: Router; worker: ScoreAlertWorker } {
  const planner = createPlanner(store, crowd, {
    appOrigin: config.appOrigin,
    secret: config.secret,
    quietMs: config.scoreAlertQuietMs,
  });
  const rate = store.limiters({ name: 'score-alert-mails', points: config.scoreAlertMailsPerSecond, windowMs: 1000 });
  const sender = createSender(store, mailer, rate, logger, senderOptions);
  async function work(): Promise<void> {
    const queued = await planner.planDue();
    if (queued > 0) logger.info({ queued }, 'score-change mails queued');
    const tried = await sender.sendDue();
    if (tried > 0) logger.info({ tried }, 'score-change mails sent');
  }

  const loop = createPollLoop(work, {
    intervalMs: config.scoreAlertPollMs,
    onError: (error) => logger.error({ err: error }, 'score-change mails could not be planned or sent'),
  });

  const worker: ScoreAlertWorker = {
    start: () => loop.poll(),
    runOnce: () => loop.runOnce(),
    async stop() {
      sender.stop();
      await loop.stop();
    },
  };
  metrics.readScoreAlertMails(() => store.alertMails.countByState());
  return { router: scoreAlertRoutes({ store, config }), worker };
}
