/**
 * How much an exam day logs. One instance (the real app, embedded store, the CS 1 paper and the fixture portal) is
 * driven through what an instance behind nginx sees of a candidate's visit (nginx serves the build's files itself):
 * the page, a verification mail and its link, the check, the scorecard page with its rank, distribution, key version
 * and score-alert switch, and every question and option image of the paper, shown once. Then a day of a monitor:
 * readiness every 5 s and a Prometheus scrape every 15 s, run for a sample and scaled. The log lines are counted by
 * level; "before" is what LOG_LEVEL=info wrote before routine requests went to debug (every request line at info).
 * Last, a store outage: a second instance on MongoDB (mongo-java-server) with its background work running, the
 * database frozen (SIGSTOP) for OUTAGE_S seconds while a check a second arrives; its lines at info and above, their
 * bytes and how many carry a stack.
 * Run: npm run bench:logs (VISITS=20, CANDIDATES=100000, OUTAGE_S=12 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/logger';
import { sealVerification } from '../../api/access/scorecard-access';
import { createStore } from '../../api/store';
import { parseResponseSheet } from '../../src/domain/gate';
import { startMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureText } from '../support/fixtures';
import { sheetLinks } from '../integration/checker-harness';
import { buildPaper } from '../support/builders';

const VISITS = Number(process.env.VISITS ?? 20);
const CANDIDATES = Number(process.env.CANDIDATES ?? 100_000);
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 12);
const DAY_S = 24 * 3600;
const TOKEN = 'metrics-token-0123456789';

interface Tally {
  lines: number;
  bytes: number;
}

/** Log lines and bytes by pino level number, from a logger at debug; the lines at info and above are kept too. */
function countingLogger() {
  const byLevel = new Map<number, Tally>();
  const kept: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const { level } = JSON.parse(line) as { level: number };
        const tally = byLevel.get(level) ?? { lines: 0, bytes: 0 };
        tally.lines++;
        tally.bytes += Buffer.byteLength(line) + 1;
        byLevel.set(level, tally);
        if (level >= 30) kept.push(line);
      }
      done();
    },
  });
  const since = () => {
    const start = new Map([...byLevel].map(([level, tally]) => [level, { ...tally }]));
    /** What was written since, at info and above (what LOG_LEVEL=info keeps) and at every level. */
    return () => {
      const delta = (atLeast: number): Tally => {
        let lines = 0;
        let bytes = 0;
        for (const [level, tally] of byLevel) {
          if (level < atLeast) continue;
          lines += tally.lines - (start.get(level)?.lines ?? 0);
          bytes += tally.bytes - (start.get(level)?.bytes ?? 0);
        }
        return { lines, bytes };
      };
      return { info: delta(30), all: delta(0) };
    };
  };
  return { logger: createLogger({ logLevel: 'debug' }, sink), since, kept };
}

const MB = 1024 * 1024;
const perDay = (tally: Tally, times: number) => `${((tally.bytes * times) / MB).toFixed(1)} MB`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-logs-'));
  const fixtures = await startFixtureServer();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    RESPONSE_SHEET_HOSTS: fixtures.host,
    RATE_LIMIT_PER_MINUTE: '100000',
    IMAGE_FETCHES_PER_MINUTE: '100000',
    METRICS_TOKEN: TOKEN,
    VERIFY_SECRET: 'log-volume-secret-0123456789',
  });
  const store = await createStore(config);
  await buildPaper(store, 'cs1-2026', fixtures);
  const { logger, since } = countingLogger();
  const server: Server = await new Promise((resolve) => {
    const listening = createApp(config, store, logger).koa.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(url + pathname, init);
    await response.arrayBuffer();
    return response.status;
  };
  const post = (pathname: string, body: unknown, method = 'POST') =>
    call(pathname, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const images = parseResponseSheet(readFixtureText('cs1-2026', 'master.html')).questions.flatMap((question) => [
    question.stemImage,
    ...Object.values(question.options),
  ]);
  const links = sheetLinks('cs1-2026', fixtures);

  // Without SMTP_URL the mails go to the local outbox, which also prints each verification link on the console.
  const printLine = console.log;
  console.log = () => undefined;
  const visits = since();
  for (let visit = 0; visit < VISITS; visit++) {
    const link = links[visit % links.length]!;
    const email = `candidate${visit}@example.com`;
    await call('/');
    await post('/api/data/send-verification', { link, email });
    const token = sealVerification(config.secret, { link }, email);
    const verified = await fetch(`${url}/api/data/verify?${new URLSearchParams({ token })}`);
    const { access } = (await verified.json()) as { access: string };
    const check = await fetch(`${url}/api/data/generate-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link, testPaper: 'CS 1', email, access }),
    });
    const { resultId } = (await check.json()) as { resultId: string };
    await call('/scorecard');
    await call(`/api/data/get-rank/${resultId}/CS%201`);
    await call('/api/data/distribution/CS%201');
    await call('/api/data/key-version?paperId=CS%201%202026');
    await post('/api/data/score-alerts/status', { resultId, access });
    for (const image of images) {
      await call(`/api/images?${new URLSearchParams({ src: image.replace('127.0.0.1:4599', fixtures.host) })}`);
    }
  }
  const perVisit = visits();
  console.log = printLine;

  const SAMPLE_PROBES = 200;
  const probes = since();
  for (let probe = 0; probe < SAMPLE_PROBES; probe++) await call('/api/health/ready');
  const perProbe = probes();
  const scrapes = since();
  for (let scrape = 0; scrape < SAMPLE_PROBES; scrape++) {
    await call('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  }
  const perScrape = scrapes();

  const visitTally = (level: 'info' | 'all'): Tally => ({
    lines: perVisit[level].lines / VISITS,
    bytes: perVisit[level].bytes / VISITS,
  });
  const monitorDay = (level: 'info' | 'all'): Tally => ({
    lines:
      ((perProbe[level].lines / SAMPLE_PROBES) * DAY_S) / 5 + ((perScrape[level].lines / SAMPLE_PROBES) * DAY_S) / 15,
    bytes:
      ((perProbe[level].bytes / SAMPLE_PROBES) * DAY_S) / 5 + ((perScrape[level].bytes / SAMPLE_PROBES) * DAY_S) / 15,
  });
  console.log(`A candidate's visit (${images.length} images), averaged over ${VISITS}:`);
  for (const level of ['all', 'info'] as const) {
    const tally = visitTally(level);
    const label = level === 'all' ? 'before (every request at info)' : 'now at LOG_LEVEL=info';
    console.log(`  ${label}: ${tally.lines.toFixed(1)} lines, ${(tally.bytes / 1024).toFixed(1)} KB`);
  }
  console.log('A day of one monitor (readiness every 5 s, a scrape every 15 s), per instance:');
  console.log(`  before: ${perDay(monitorDay('all'), 1)}; now: ${perDay(monitorDay('info'), 1)}`);
  console.log(`A day of ${CANDIDATES.toLocaleString('en-IN')} candidates on two instances:`);
  for (const level of ['all', 'info'] as const) {
    const bytes = visitTally(level).bytes * CANDIDATES + 2 * monitorDay(level).bytes;
    console.log(`  ${level === 'all' ? 'before' : 'now'}: ${(bytes / MB).toFixed(0)} MB`);
  }
  await new Promise((resolve) => server.close(resolve));
  await store.close();

  await measureOutage(fixtures, links);
  await fixtures.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A store outage on MongoDB: what an instance with its background work running logs while a check a second waits. */
async function measureOutage(fixtures: FixtureServer, links: readonly string[]) {
  const mongo = await startMongoServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-outage-'));
  const config = loadConfig({
    MONGODB_URI: `${mongo.uri}/outage`,
    DATA_DIR: dataDir,
    DEMO: 'false',
    RESPONSE_SHEET_HOSTS: fixtures.host,
    RATE_LIMIT_PER_MINUTE: '100000',
    VERIFY_SECRET: 'log-volume-secret-0123456789',
    REQUIRE_EMAIL_VERIFICATION: 'false',
  });
  // The paper is filed with room for a loaded machine; the instance keeps MongoDB's own 1 s deadline.
  const filing = await createStore({ ...config, storeTimeoutMs: 10_000 });
  await buildPaper(filing, 'cs1-2026', fixtures);
  await filing.close();
  const store = await createStore(config);
  const { logger, since, kept } = countingLogger();
  const app = createApp(config, store, logger);
  app.start();
  const server: Server = await new Promise((resolve) => {
    const listening = app.koa.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const check = async (link: string) => {
    const response = await fetch(`${url}/api/data/generate-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  await check(links[0]!);
  const outage = since();
  const from = kept.length;
  process.kill(mongo.pid, 'SIGSTOP');
  const statuses: number[] = [];
  try {
    for (let second = 0; second < OUTAGE_S; second++) {
      const [status] = await Promise.all([
        check(links[(second + 1) % links.length]!),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]);
      statuses.push(status);
    }
  } finally {
    process.kill(mongo.pid, 'SIGCONT');
  }
  const tally = outage().info;
  const lines = kept.slice(from);
  const withStack = lines.filter((line) => line.includes('"stack"')).length;
  console.log(
    `A store outage of ${OUTAGE_S} s (MongoDB frozen, a check a second: ${statuses.filter((s) => s === 503).length} answered 503), at info and above:`,
  );
  console.log(`  ${tally.lines} lines, ${(tally.bytes / 1024).toFixed(1)} KB, ${withStack} with a stack`);
  const byMessage = new Map<string, number>();
  for (const line of lines) {
    const { msg } = JSON.parse(line) as { msg: string };
    byMessage.set(msg, (byMessage.get(msg) ?? 0) + 1);
  }
  console.log(`  by message: ${[...byMessage].map(([msg, count]) => `${count} '${msg}'`).join(', ')}`);
  await new Promise((resolve) => server.close(resolve));
  await app.stop();
  await store.close();
  await mongo.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
