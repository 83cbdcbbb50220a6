import type { ScoreAlert } from '../store/types';

/** 'asha.rao@example.com' → 'as…@example.com': enough for the candidate to recognise, little for anyone else. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}…@${domain}`;
}

/** What the switch shows this device: only ever about the address this device verified, never anyone else's. */
export function presentAlertStatus(email: string | null, alert: ScoreAlert | null) {
  return {
    available: email !== null,
    subscribed: Boolean(alert?.active),
    email: email && maskedEmail(email),
  };
}

/** A mail's unsubscribe link followed: what it stopped, for whom. */
export const presentUnsubscribed = (message: string, alert: ScoreAlert) => ({
  message,
  email: maskedEmail(alert.email),
});
