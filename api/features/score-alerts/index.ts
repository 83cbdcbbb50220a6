import type Router from '@koa/router';
import type { Services } from '../../services';
import type { Crowd } from '../../crowd/crowd';
import { createPlanner } from './planner';
import { createSender, type SenderOptions } from './sender';
import { scoreAlertRoutes } from './routes';

/** How often an instance plans due versions and sends due mails. */
export const SCORE_ALERT_POLL_MS = 2_000;

export interface ScoreAlertWorker {
  /** Plans and sends what is due now (tests; the worker does this every SCORE_ALERT_POLL_MS). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Candidates told once: the scorecard's switch, the unsubscribe link, and the worker that, once a key change is
 * re-scored and the key has been quiet for SCORE_ALERT_QUIET_MS, mails each subscribed candidate whose total moved.
 * Every instance runs the worker; the store decides who sends what (see planner.ts and sender.ts).
 */
export function scoreAlertsFeature(
  services: Services,
  crowd: Crowd,
  senderOptions: SenderOptions = {},
): { router: Router; worker: ScoreAlertWorker } {
  const { store, config, logger, mailer } = services;
  const planner = createPlanner(store, crowd, {
    appOrigin: config.appOrigin,
    secret: config.secret,
    quietMs: config.scoreAlertQuietMs,
  });
  const rate = store.limiters({ name: 'score-alert-mails', points: config.scoreAlertMailsPerSecond, windowMs: 1000 });
  const sender = createSender(store, mailer, rate, logger, senderOptions);
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function work(): Promise<void> {
    const queued = await planner.planDue();
    if (queued > 0) logger.info({ queued }, 'score-change mails queued');
    const tried = await sender.sendDue();
    if (tried > 0) logger.info({ tried }, 'score-change mails sent');
  }

  function runOnce(): Promise<void> {
    running ??= work()
      .catch((error: unknown) => logger.error({ err: error }, 'score-change mails could not be planned or sent'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  function poll(): void {
    if (stopped) return;
    void runOnce();
    timer = setTimeout(poll, SCORE_ALERT_POLL_MS);
    timer.unref();
  }
  setImmediate(poll);

  const worker: ScoreAlertWorker = {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      sender.stop();
      await running;
    },
  };
  services.lifecycle.onClose.push(() => worker.stop());
  services.metrics.readScoreAlertMails(() => store.alertMails.countByState());
  return { router: scoreAlertRoutes(services), worker };
}
