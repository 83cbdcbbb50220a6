import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eventually } from './eventually';

export interface ReceivedMail {
  to: string[];
  /** The message as sent (headers, quoted-printable body). */
  raw: string;
  /** The message decoded from quoted-printable. */
  body: string;
}

export interface Mailbox {
  /** smtp:// address to pass as SMTP_URL */
  url: string;
  received: ReceivedMail[];
  /** The first message to `to`, waiting for it up to the timeout. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The count-th message received (from 1), waiting for it up to the timeout. */
  nextMail(count: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The text of a message with quoted-printable soft breaks and escapes undone (escaped bytes read as UTF-8). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP peer on a free port that keeps every message, as sent and decoded from quoted-printable. */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, body: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: (to, timeoutMs = 5000) =>
      eventually(() => received.find((m) => m.to.includes(to)), { timeoutMs, what: `mail for ${to}` }),
    nextMail: (count, timeoutMs = 10_000) =>
      eventually(() => received[count - 1], { timeoutMs, what: `mail number ${count}` }),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
