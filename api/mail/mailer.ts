import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { maskedEmail } from './masked-email';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe for mails a candidate asked for. */
  headers?: Record<string, string>;
  /**
   * The mail's link, printed on a line of its own when there is no SMTP server, so whoever runs the server can follow
   * it (the e-mail verification). Leave it out for links that grant an account (password reset): those stay in the
   * outbox only.
   */
  linkForLocalLog?: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (logged and stored for admins). */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Ends the pooled SMTP connections (at shutdown, once nothing sends any more). */
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  /** Where the local outbox keeps messages when there is no SMTP server. */
  saveToOutbox: (mail: Mail & { createdAt: Date }) => Promise<void>;
}

/**
 * How long a mail waits for the SMTP server: to connect, for its greeting, and for each answer (nodemailer's own
 * defaults are 2 min, 30 s and 10 min). A verification mail is sent while the candidate waits for the answer.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/** Real SMTP through nodemailer when configured; otherwise a local outbox so a fresh machine still works. */
export function createMailer({ smtpUrl, from, logger, saveToOutbox }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Pooled: key day sends thousands of mails, each on an open connection instead of a new one (and TLS handshake).
    const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send({ linkForLocalLog: _shownOnlyLocally, ...mail }) {
        await transport.sendMail({ from, ...mail });
        logger.info({ to: maskedEmail(mail.to), subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send({ linkForLocalLog, headers: _headers, ...mail }) {
      await saveToOutbox({ ...mail, createdAt: new Date() });
      // The body stays out of the log: a reset link in it would let anyone who reads the log take the account.
      logger.info({ to: maskedEmail(mail.to), subject: mail.subject }, 'mail kept in the local outbox');
      if (linkForLocalLog && logger.isLevelEnabled('info')) console.log(`\n  ${mail.subject}:\n  ${linkForLocalLog}\n`);
    },
    close: () => undefined,
  };
}
