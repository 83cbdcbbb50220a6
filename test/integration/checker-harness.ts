import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { loadConfig, type Config } from '../../api/config';
import { createApp } from '../../api/app';
import { createLogger } from '../../api/logger';
import { createStore, type Store } from '../../api/store';
import { buildPaper, importFixtureKey, parseResponseSheet } from '../../src/domain/gate';
import type { FixtureServer } from '../support/fixture-server';
import {
  FIXTURE_ORIGIN,
  readFixtureJson,
  readFixtureText,
  type FixtureSet,
  type FixtureUrls,
} from '../support/fixtures';

/**
 * The real app (createApp, the same middleware and routers as `npm start`) on a free port, with its store in reach so
 * a test can seed papers the way an administrator does and look at what was stored.
 */
export interface CheckerServer {
  url: string;
  config: Config;
  store: Store;
  close(): Promise<void>;
}

export async function startCheckerServer(env: Record<string, string | undefined> = {}): Promise<CheckerServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-checker-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO: 'false',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    VERIFY_SECRET: 'checker-tests-secret-0123456789',
    DIST_DIR: process.env.DIST_DIR,
    ...env,
  });
  const store = await createStore(config);
  const server = await new Promise<Server>((resolve) => {
    const listening = createApp(config, store, createLogger(config)).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    store,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What an administrator does before answer-key day: process the master sheet, then import the key file. */
export async function seedFixturePaper(store: Store, set: FixtureSet, fixtures: FixtureServer, withKeys = true) {
  const built = buildPaper(
    parseResponseSheet(readFixtureText(set, 'master.html').replaceAll(FIXTURE_ORIGIN, fixtures.origin)),
  );
  const year = /\d{4}/.exec(built.name)![0];
  const stored = await store.questions.upsertPaper(
    `${built.testPaper} ${year}`,
    built.questions.map((question) => ({ ...question, short_id: Number(question.short_id) })),
  );
  if (withKeys) {
    const keys = importFixtureKey(readFixtureJson(set, 'key.json'));
    for (const question of stored) await store.questions.setAnswerKey(question.id, keys[question.long_id]);
  }
  return built.testPaper!;
}

export function sheetLinks(set: FixtureSet, fixtures: FixtureServer): string[] {
  return readFixtureJson<FixtureUrls>(set, 'urls.json').sheets.map((sheet) => fixtures.url(sheet.url));
}

/** The JSON the checker calls answer with: a scorecard, or a message with a few fields beside it. */
export interface CheckerBody {
  message: string;
  response: Array<{
    long_id: string;
    short_id: string;
    type: string;
    status: string;
    response_given: string;
    answerKey: string | null;
    obtained_marks: number | string;
  }>;
  totalScore: Record<string, number>;
  prediction_data: Record<string, unknown>;
  resultId: string;
  testPaper: string;
  candidate: { id: string; name: string };
  [field: string]: unknown;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as CheckerBody };
}

export async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback that keeps every message it receives. */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString(),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMail(count: number): Promise<ReceivedMail> {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received[count - 1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a message with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
