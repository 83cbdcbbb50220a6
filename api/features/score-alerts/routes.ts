import Router from '@koa/router';
import type { Config } from '../../config';
import type { Store } from '../../store';
import { HttpError } from '../../http/errors';
import { limitPerAddress } from '../../http/limiters';
import { validateInput } from '../../http/validate';
import { OPERATIONS } from '../../../src/contract/operations';
import { SCORE_ALERT_MESSAGES } from '../../../src/contract/score-alert-requests';
import type { Result } from '../../store';
import { alertIdOf } from '../../store';
import { createScorecardAccess } from '../../access/scorecard-access';
import { presentAlertStatus, presentUnsubscribed } from '../../presenters';
import { isUnsubscribeToken } from './unsubscribe-token';

const BARE = { messages: 'bare' } as const;

/**
 * Score alerts on the scorecard: whether this device's verified address may be told, and turning it on or off. Each
 * alert belongs to a result and an address: every address that verified the result's link has its own, and a device
 * learns nothing of the others. A mail's unsubscribe link stops one alert with a signed token; mail programs'
 * one-click unsubscribe (RFC 8058) posts a form to the same address.
 */
export function scoreAlertRoutes({ store, config }: { store: Store; config: Config }): Router {
  const router = new Router({ prefix: '/api/data/score-alerts' });
  const perMinute = store.limiters({ name: 'score-alerts', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'score-alert requests');
  const access = createScorecardAccess(config, store);

  async function resultOf(resultId: string): Promise<Result> {
    const result = await store.results.findById(resultId);
    if (!result) throw new HttpError(404, SCORE_ALERT_MESSAGES.noResult);
    return result;
  }

  /** The address this device verified for the result's portal link; null for an upload or an unverified device. */
  async function verifiedEmailOf(result: Result, accessToken: string | undefined): Promise<string | null> {
    if (result.uploaded || !result.link) return null;
    return access.verifiedEmail({ link: result.link }, accessToken);
  }

  router.post('/status', limited, validateInput(OPERATIONS.scoreAlertStatus.input, BARE), async (ctx) => {
    const result = await resultOf(ctx.state.input.resultId);
    const email = await verifiedEmailOf(result, ctx.state.input.access);
    ctx.body = presentAlertStatus(email, email ? await store.scoreAlerts.find(alertIdOf(result.id, email)) : null);
  });

  router.put('/', limited, validateInput(OPERATIONS.setScoreAlert.input, BARE), async (ctx) => {
    const { resultId, access: accessToken, subscribed } = ctx.state.input;
    const result = await resultOf(resultId);
    const email = await verifiedEmailOf(result, accessToken);
    if (!email) throw new HttpError(403, SCORE_ALERT_MESSAGES.verifyFirst, { code: 'VERIFICATION_REQUIRED' });
    const id = alertIdOf(result.id, email);
    if (!subscribed) {
      await store.alertMails.supersede(id, Number.MAX_SAFE_INTEGER);
      ctx.body = presentAlertStatus(email, await store.scoreAlerts.unsubscribe(id));
      return;
    }
    const alert = await store.scoreAlerts.subscribe({
      resultId: result.id,
      email,
      paperId: result.paperId,
      set: result.set,
      // What the candidate sees now: the total and the key version its marks came from.
      toldTotal: result.totalMarks,
      toldVersion: result.keyVersion,
    });
    ctx.body = presentAlertStatus(email, alert);
  });

  // The mail's page and mail programs' one-click (a form post) both post to the address the mail gives.
  router.post('/unsubscribe', validateInput(OPERATIONS.unsubscribe.input, BARE), async (ctx) => {
    const { alert: alertId, token } = ctx.state.input;
    const alert = await store.scoreAlerts.find(alertId);
    if (!alert || !isUnsubscribeToken(config.secret, alertId, alert.email, token)) {
      throw new HttpError(400, SCORE_ALERT_MESSAGES.badLink, { code: 'INVALID_TOKEN' });
    }
    await store.alertMails.supersede(alertId, Number.MAX_SAFE_INTEGER);
    await store.scoreAlerts.unsubscribe(alertId);
    ctx.body = presentUnsubscribed(SCORE_ALERT_MESSAGES.unsubscribed, alert);
  });

  return router;
}
