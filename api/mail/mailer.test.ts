import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, it, vi } from 'vitest';
import { createMailer, type Mail } from './mailer';

afterEach(() => vi.restoreAllMocks());

/** The outbox mailer with its log lines and printed lines captured. */
function outboxMailer() {
  const logLines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  const saved: Mail[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'HireGate <no-reply@hiregate.local>',
    logger,
    saveToOutbox: (mail) => {
      saved.push(mail);
      return Promise.resolve();
    },
  });
  return { mailer, logLines, printed, saved };
}

it('prints a verification link on a line of its own and keeps the whole mail in the outbox', async () => {
  const { mailer, logLines, printed, saved } = outboxMailer();
  const link = 'http://localhost:8080/verify-email?token=abc';
  await mailer.send({ to: 'a@example.com', subject: 'Verify', text: `Open ${link}`, linkForLocalLog: link });
  expect(printed.join('\n').split('\n')).toContain(`  ${link}`);
  expect(logLines.join('')).toContain('mail kept in the local outbox');
  // The log shows the address masked; the outbox keeps it whole.
  expect(logLines.join('')).toContain('"to":"a…@example.com"');
  expect(saved).toEqual([expect.objectContaining({ to: 'a@example.com', text: `Open ${link}` })]);
  expect(saved[0]).not.toHaveProperty('linkForLocalLog');
});

it('never writes a mail body to the log, so a reset link stays in the outbox only', async () => {
  const { mailer, logLines, printed } = outboxMailer();
  await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'https://x.example/reset-password?token=secret' });
  expect(logLines.join('')).not.toContain('secret');
  expect(printed).toEqual([]);
});
