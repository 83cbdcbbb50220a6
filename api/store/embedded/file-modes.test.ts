import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openEmbeddedStore } from './embedded-store';

const parent = mkdtempSync(path.join(tmpdir(), 'hiregate-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

it('keeps its folder and files (users, the mail outbox with reset links) readable by the server user only', async () => {
  const dataDir = path.join(parent, 'data');
  const store = await openEmbeddedStore(dataDir);
  await store.mail.add({
    to: 'a@example.com',
    subject: 'Reset',
    text: 'https://x/reset?token=t',
    createdAt: new Date(),
  });
  await store.close();
  const mode = (file: string) => statSync(path.join(dataDir, file)).mode & 0o777;
  expect(mode('.')).toBe(0o700);
  expect(mode('mail_outbox.db')).toBe(0o600);
  expect(mode('users.db')).toBe(0o600);
});
