import Router from '@koa/router';
import { boolean, object, string } from 'yup';
import { TEST_PAPERS } from '../../../src/domain/gate';
import { MAX_LINK_LENGTH, UNKNOWN_TEST_PAPER } from '../../../src/domain/validation/score-request';
import { atMost, plainText } from '../../../src/domain/validation/text';
import type { Services } from '../../services';
import { HttpError } from '../../http/errors';
import { validate } from '../../http/validate';
import { hashLink } from '../../sheets/sheet-source';
import type { Result, ScoreAlert, Store } from '../../store';
import { limitPerAddress } from '../checker/rate-limit';
import { testPaperOfSet } from '../checker/checker-service';
import { isUnsubscribeToken } from './unsubscribe-token';
import { recordedKeyVersion } from '../key-versions/key-versions';

export const SCORE_ALERT_MESSAGES = {
  noResult: 'No scorecard is stored for this link and paper yet: check your score first.',
  verifyFirst:
    'Verify your e-mail address in the score checker first: score-change e-mails go to a verified address only.',
  badLink:
    'This unsubscribe link is not valid. Open it from the e-mail again, or turn the e-mails off on your scorecard.',
  unsubscribed: 'You will no longer get e-mails when the answer key changes this score.',
} as const;

const scorecardOf = object({
  link: plainText(
    string()
      .trim()
      .required('The response-sheet link (link) is required.')
      .max(MAX_LINK_LENGTH, atMost(MAX_LINK_LENGTH)),
  ),
  testPaper: string().trim().oneOf(TEST_PAPERS, UNKNOWN_TEST_PAPER).required(UNKNOWN_TEST_PAPER),
});
const subscription = scorecardOf.shape({
  subscribed: boolean()
    .typeError('subscribed must be true or false.')
    .required('Say whether to send the e-mails (subscribed).'),
});
const unsubscribeLink = object({
  alert: string().trim().required(SCORE_ALERT_MESSAGES.badLink).max(100, SCORE_ALERT_MESSAGES.badLink),
  token: string().trim().required(SCORE_ALERT_MESSAGES.badLink).max(100, SCORE_ALERT_MESSAGES.badLink),
});
const BARE = { messages: 'bare' } as const;

/** 'asha.rao@example.com' → 'as…@example.com': enough for the candidate to recognise, little for anyone else. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}

/** Only a fetched result with a verified e-mail can be mailed; an uploaded page has no verified owner. */
const canAlert = (result: Result) =>
  result.isVerified && Boolean(result.email) && !result.uploaded && Boolean(result.link);

function statusOf(result: Result, alert: ScoreAlert | null) {
  return {
    available: canAlert(result),
    subscribed: Boolean(alert?.active),
    email: result.email && canAlert(result) ? maskedEmail(result.email) : null,
  };
}

/** The paper set a result belongs to: the stored paper of its test paper holding the questions it answered. */
async function paperSetOf(store: Store, result: Result): Promise<string> {
  const probe = Object.keys(result.responses).slice(0, 3);
  const sets = (await store.questions.findByLongIds(probe)).map((question) => question.paperSet);
  const paperSet = sets.find((set) => testPaperOfSet(set) === result.set);
  if (!paperSet) throw new HttpError(409, SCORE_ALERT_MESSAGES.noResult);
  return paperSet;
}

/**
 * Score alerts on the scorecard: whether a candidate may be told (a verified e-mail), and turning it on or off. The
 * response-sheet link proves the scorecard is theirs, as it does for the scorecard itself. A mail's unsubscribe link
 * stops them with a signed token; mail programs' one-click unsubscribe (RFC 8058) posts a form to the same address.
 */
export function scoreAlertRoutes({ store, config }: Services): Router {
  const router = new Router({ prefix: '/api/data/score-alerts' });
  const perMinute = store.limiters({ name: 'score-alerts', points: config.rateLimitPerMinute, windowMs: 60_000 });
  const limited = limitPerAddress(perMinute, 'score-alert requests');

  async function resultOf(link: string, testPaper: string): Promise<Result> {
    const result = await store.results.findByIdentity(hashLink(link), testPaper);
    if (!result) throw new HttpError(404, SCORE_ALERT_MESSAGES.noResult);
    return result;
  }

  router.post('/status', limited, validate(scorecardOf, BARE), async (ctx) => {
    const result = await resultOf(ctx.state.input.link, ctx.state.input.testPaper);
    ctx.body = statusOf(result, await store.scoreAlerts.find(result.id));
  });

  router.put('/', limited, validate(subscription, BARE), async (ctx) => {
    const { link, testPaper, subscribed } = ctx.state.input;
    const result = await resultOf(link, testPaper);
    if (!subscribed) {
      await store.alertMails.supersede(result.id, Number.MAX_SAFE_INTEGER);
      ctx.body = statusOf(result, await store.scoreAlerts.unsubscribe(result.id));
      return;
    }
    if (!canAlert(result)) throw new HttpError(403, SCORE_ALERT_MESSAGES.verifyFirst);
    const paperSet = await paperSetOf(store, result);
    // The key the candidate sees now, kept so the mail can say what changed since (recorded once it has settled).
    await recordedKeyVersion(store, paperSet, await store.questions.listByPaperSet(paperSet));
    const alert = await store.scoreAlerts.subscribe({
      resultId: result.id,
      email: result.email!,
      paperSet,
      set: result.set,
      toldTotal: result.totalMarks,
      toldVersion: result.keyVersion,
    });
    ctx.body = statusOf(result, alert);
  });

  // The mail's page and mail programs' one-click (a form post) both post to the address the mail gives.
  router.post('/unsubscribe', validate(unsubscribeLink, { ...BARE, from: 'query' }), async (ctx) => {
    const { alert: resultId, token } = ctx.state.input;
    const alert = await store.scoreAlerts.find(resultId);
    if (!alert || !isUnsubscribeToken(config.secret, resultId, alert.email, token)) {
      throw new HttpError(400, SCORE_ALERT_MESSAGES.badLink);
    }
    await store.alertMails.supersede(resultId, Number.MAX_SAFE_INTEGER);
    await store.scoreAlerts.unsubscribe(resultId);
    ctx.body = { message: SCORE_ALERT_MESSAGES.unsubscribed, email: maskedEmail(alert.email) };
  });

  return router;
}
