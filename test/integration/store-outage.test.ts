import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import { buildPaper } from '../support/builders';
import { untilReady } from '../support/server';

const STORE_UNAVAILABLE = 'HireGate cannot reach its database right now. Please try again in a few seconds.';
/** What the issue asks of a database that hangs: an answer within 2 s, as from one that refuses. */
const ANSWER_WITHIN_MS = 2_000;

/** One request, timed; `signal` ends it if the server never answers. */
async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = (await response.json()) as { message?: string };
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    ms: performance.now() - started,
  };
}

describe('a MongoDB that hangs (SIGSTOP) or refuses: every request ends in 503 within 2 s, and work resumes', () => {
  let mongo: RunningMongoServer;
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let links: string[];

  beforeAll(async () => {
    mongo = await startMongoServer();
    fixtures = await startFixtureServer();
    server = await startCheckerServer({ MONGODB_URI: `${mongo.uri}/outage`, RESPONSE_SHEET_HOSTS: fixtures.host });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    links = sheetLinks('cs1-2026', fixtures);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
    await mongo?.stop();
  });

  const check = (link: string) =>
    timed(`${server.url}/api/data/generate-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    });
  const expectStoreUnavailable = (answer: Awaited<ReturnType<typeof timed>>) =>
    expect({ ...answer, ms: answer.ms < ANSWER_WITHIN_MS || answer.ms }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: STORE_UNAVAILABLE, code: 'STORE_UNAVAILABLE' },
      ms: true,
    });

  it('answers concurrent checks, the key version and readiness 503 while frozen, then checks again after SIGCONT', async () => {
    expect((await check(links[0]!)).status).toBe(200);
    process.kill(mongo.pid, 'SIGSTOP');
    try {
      const [checks, keyVersion, ready] = await Promise.all([
        Promise.all(links.slice(1, 6).map(check)),
        timed(`${server.url}/api/data/key-version?paperSet=CS%201%202026`),
        timed(`${server.url}/api/health/ready`),
      ]);
      for (const answer of [...checks, keyVersion]) expectStoreUnavailable(answer);
      expect({ status: ready.status, fast: ready.ms < ANSWER_WITHIN_MS }).toEqual({ status: 503, fast: true });
      // Still frozen a while later: new checks find it as fast.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const answer of await Promise.all(links.slice(6, 9).map(check))) expectStoreUnavailable(answer);
    } finally {
      process.kill(mongo.pid, 'SIGCONT');
    }
    const after = await check(links[9]!);
    expect(after.status).toBe(200);
    expect((await timed(`${server.url}/api/health/ready`)).status).toBe(200);
  });

  it('answers a check 503 as fast while MongoDB refuses connections, and checks again once it is back', async () => {
    await mongo.stop();
    for (const answer of await Promise.all(links.slice(10, 12).map(check))) expectStoreUnavailable(answer);
    mongo = await startMongoServer({ port: mongo.port });
    await untilReady(server.url);
    // The restarted test server holds nothing: the paper goes in again, as an administrator would put it.
    await buildPaper(server.store, 'cs1-2026', fixtures);
    expect((await check(links[1]!)).status).toBe(200);
  });
});
