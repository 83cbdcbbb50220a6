import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealVerification } from '../../api/access/scorecard-access';
import { createApp, type HireGateApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/logger';
import { createStore, type Store } from '../../api/store';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { buildPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { untilReady } from '../support/server';
import { sheetLinks } from './checker-harness';

const EMAIL = 'candidate.one@example.org';
const MASKED = 'c…@example.org';
const SECRET = 'log-privacy-secret-0123456789';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * What the log holds at LOG_LEVEL=info after a candidate's visit (a verification mail over SMTP, the check, the
 * scorecard's calls) and a store outage (MongoDB frozen: a 503 and the background work failing): no full address and
 * no stack trace at info or warn; the stack is kept at debug.
 */
describe('the log of a visit, a mail and a store outage', () => {
  let mongo: RunningMongoServer;
  let fixtures: FixtureServer;
  let mailbox: Mailbox;
  let store: Store;
  let app: HireGateApp;
  let server: Server;
  let url: string;
  let dataDir: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    mongo = await startMongoServer();
    fixtures = await startFixtureServer();
    mailbox = await startMailbox();
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-log-'));
    const config = loadConfig({
      MONGODB_URI: `${mongo.uri}/logs`,
      DATA_DIR: dataDir,
      DEMO: 'false',
      LOG_LEVEL: 'debug',
      RESPONSE_SHEET_HOSTS: fixtures.host,
      SMTP_URL: mailbox.url,
      VERIFY_SECRET: SECRET,
      RESCORE_POLL_MS: '200',
      SCORE_ALERT_POLL_MS: '200',
    });
    const filing = await createStore({ ...config, storeTimeoutMs: 10_000 });
    await buildPaper(filing, 'cs1-2026', fixtures);
    await filing.close();
    store = await createStore(config);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    app = createApp(config, store, createLogger(config, sink));
    app.start();
    server = await new Promise((resolve) => {
      const listening = app.koa.listen(0, '127.0.0.1', () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.stop();
    await store?.close();
    await mailbox?.close();
    await fixtures?.close();
    await mongo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (pathname: string, body: unknown) =>
    fetch(url + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('writes no full address and no stack at info or warn, the masked address for the mail', async () => {
    const link = sheetLinks('cs1-2026', fixtures)[0]!;
    expect((await post('/api/data/send-verification', { link, email: EMAIL })).status).toBe(200);
    await mailbox.next(EMAIL);
    const token = sealVerification(SECRET, { link }, EMAIL);
    const verified = await fetch(`${url}/api/data/verify?${new URLSearchParams({ token })}`);
    const { access } = (await verified.json()) as { access: string };
    const check = await post('/api/data/generate-response', { link, testPaper: 'CS 1', email: EMAIL, access });
    expect(check.status).toBe(200);
    const { resultId } = (await check.json()) as { resultId: string };
    await fetch(`${url}/api/data/get-rank/${resultId}/CS%201`);
    await post('/api/data/score-alerts/status', { resultId, access });

    process.kill(mongo.pid, 'SIGSTOP');
    try {
      const refused = await post('/api/data/generate-response', { link, testPaper: 'CS 1', email: EMAIL, access });
      expect(refused.status).toBe(503);
      await eventually(
        () => lines.some((line) => line.level >= 30 && line.msg === 're-scoring could not look for jobs'),
        {
          what: 'the re-scoring worker to meet the outage',
        },
      );
    } finally {
      process.kill(mongo.pid, 'SIGCONT');
    }
    await untilReady(url);

    const shown = lines.filter((line) => line.level >= 30 && line.level < 50);
    const errors = lines.filter((line) => line.level >= 50);
    expect(lines.find((line) => line.msg === 'mail sent')).toMatchObject({ level: 30, to: MASKED });
    for (const line of [...shown, ...errors]) {
      expect(JSON.stringify(line).toLowerCase()).not.toContain(EMAIL);
      expect(JSON.stringify(line)).not.toContain('"stack"');
    }
    expect(lines.filter((line) => line.status === 503)).toHaveLength(1);
    expect(lines.some((line) => line.level === 20 && JSON.stringify(line).includes('StoreUnavailableError: '))).toBe(
      true,
    );
  });
});
