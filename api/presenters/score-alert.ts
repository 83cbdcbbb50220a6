import { maskedEmail } from '../mail/masked-email';
import type { ScoreAlert } from '../store/types';

/** Two letters of the address ('as…@example.com') for the candidate to recognise it by. */
export const SHOWN_TO_CANDIDATE = 2;

/** What the switch shows this device: only ever about the address this device verified, never anyone else's. */
export function presentAlertStatus(email: string | null, alert: ScoreAlert | null) {
  return {
    available: email !== null,
    subscribed: Boolean(alert?.active),
    email: email && maskedEmail(email, SHOWN_TO_CANDIDATE),
  };
}

/** A mail's unsubscribe link followed: what it stopped, for whom. */
export const presentUnsubscribed = (message: string, alert: ScoreAlert) => ({
  message,
  email: maskedEmail(alert.email, SHOWN_TO_CANDIDATE),
});
