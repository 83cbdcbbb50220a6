import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { waitFor } from '../../http/limiters';
import type { Mailer } from '../../mail/mailer';
import type { AlertMail, Store } from '../../store';

export interface SenderOptions {
  /** How long a claimed mail stays this instance's; a mail left 'sending' longer is due again (a dead instance). */
  leaseMs?: number;
  /** First retry after this long, doubling per failed attempt. */
  retryMs?: number;
  maxAttempts?: number;
}

export const SENDER_LEASE_MS = 60_000;
export const SENDER_RETRY_MS = 30_000;
export const SENDER_MAX_ATTEMPTS = 5;
/** Mails claimed at once: a small batch, so a stopping instance gives few back and others share the queue. */
const CLAIM_BATCH = 20;
/** Mails on their way at once: each waits mostly on the SMTP server and the store, so a few overlap well. */
const SENDING_AT_ONCE = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the queued score-change mails through the app's mailer at the shared rate (`rate`: one point per mail), with
 * retries on failure. Each mail is claimed under a lease and marked sent by its sender, and what the mail told is
 * recorded on the candidate's alert only then, so a restart sends what is left and nothing twice. The one gap: an
 * instance killed between the SMTP server's acceptance and the record sends that mail again once its lease runs out.
 */
export function createSender(
  store: Store,
  mailer: Mailer,
  rate: RateLimiterAbstract,
  logger: Logger,
  { leaseMs = SENDER_LEASE_MS, retryMs = SENDER_RETRY_MS, maxAttempts = SENDER_MAX_ATTEMPTS }: SenderOptions = {},
) {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopping = false;

  async function turn(): Promise<void> {
    for (let wait = await waitFor(rate, 'all'); wait > 0; wait = await waitFor(rate, 'all')) await pause(wait);
  }

  /** Sends one mail when its turn comes; false when the instance began stopping meanwhile (the mail goes back). */
  async function deliver(mail: AlertMail): Promise<boolean> {
    await turn();
    if (stopping) return false;
    try {
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const retryAt = attempts < maxAttempts ? new Date(Date.now() + retryMs * 2 ** (attempts - 1)) : null;
      logger.warn({ err: error, mail: mail.id, attempts, giveUp: !retryAt }, 'score-change mail not sent');
      await store.alertMails.markFailed(mail.id, owner, (error as Error).message || 'The mail was refused.', retryAt);
      return true;
    }
    if (await store.alertMails.markSent(mail.id, owner)) {
      await store.scoreAlerts.markTold(mail.alertId, { toldTotal: mail.newTotal, toldVersion: mail.version });
    }
    return true;
  }

  return {
    /** Sends whatever is due until none is left (or the instance stops); returns how many it tried. */
    async sendDue(): Promise<number> {
      let tried = 0;
      while (!stopping) {
        const claimed = await store.alertMails.claim(owner, leaseMs, CLAIM_BATCH);
        if (claimed.length === 0) break;
        let next = 0;
        const lane = async () => {
          for (let mail = claimed[next++]; mail && !stopping; mail = claimed[next++]) {
            if (!(await deliver(mail))) return;
            tried++;
          }
        };
        await Promise.all(Array.from({ length: Math.min(SENDING_AT_ONCE, claimed.length) }, lane));
      }
      if (stopping) await store.alertMails.release(owner);
      return tried;
    },
    /** Ends after the mail being sent now; the rest of its batch goes back to the queue at once. */
    stop() {
      stopping = true;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
