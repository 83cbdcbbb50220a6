import { boolean, object, string } from 'yup';
import { plainText } from '../domain/validation/text';

/** What the score-alert calls answer in words: their inputs' refusals, and the routes' own answers. */
export const SCORE_ALERT_MESSAGES = {
  noResult: 'No scorecard is stored for this result: check your score first.',
  verifyFirst:
    'Verify your e-mail address in the score checker first: score-change e-mails go to a verified address only.',
  badLink:
    'This unsubscribe link is not valid. Open it from the e-mail again, or turn the e-mails off on your scorecard.',
  unsubscribed: 'You will no longer get e-mails when the answer key changes this score.',
} as const;

/** A stored result's switch, asked for by the device that holds the proof of a verified address (access). */
export const scoreAlertOf = object({
  resultId: plainText(string().trim().required(SCORE_ALERT_MESSAGES.noResult).max(100, SCORE_ALERT_MESSAGES.noResult)),
  access: plainText(string().trim().max(600, SCORE_ALERT_MESSAGES.verifyFirst)),
});
export const scoreAlertSwitch = scoreAlertOf.shape({
  subscribed: boolean()
    .strict()
    .typeError('subscribed must be true or false.')
    .required('Say whether to send the e-mails (subscribed).'),
});
export const unsubscribeLink = object({
  alert: string().trim().required(SCORE_ALERT_MESSAGES.badLink).max(200, SCORE_ALERT_MESSAGES.badLink),
  token: string().trim().required(SCORE_ALERT_MESSAGES.badLink).max(100, SCORE_ALERT_MESSAGES.badLink),
});
