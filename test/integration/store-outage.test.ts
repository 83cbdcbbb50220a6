import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import { buildPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import { untilReady } from '../support/server';

const STORE_UNAVAILABLE = 'HireGate cannot reach its database right now. Please try again in a few seconds.';

/** One request; `signal` ends it if the server never answers. */
async function answer(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

/**
 * A database that hangs never answers: a 503 STORE_UNAVAILABLE can only come from the store's deadline. That a
 * request meets one deadline however many operations it has (so it ends within 2 s) is deadlines.test.ts's, on a
 * clock of its own.
 */
describe('a MongoDB that hangs (SIGSTOP) or refuses: every request ends in 503 at the deadline, and work resumes', () => {
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
    answer(`${server.url}/api/data/generate-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    });
  const expectStoreUnavailable = (answered: Awaited<ReturnType<typeof answer>>) =>
    expect(answered).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: STORE_UNAVAILABLE, code: 'STORE_UNAVAILABLE' },
    });

  it('answers concurrent checks, the key version and readiness 503 while frozen, then checks again after SIGCONT', async () => {
    expect((await check(links[0]!)).status).toBe(200);
    process.kill(mongo.pid, 'SIGSTOP');
    try {
      const [checks, keyVersion, ready] = await Promise.all([
        Promise.all(links.slice(1, 6).map(check)),
        answer(`${server.url}/api/data/key-version?paperId=CS%201%202026`),
        answer(`${server.url}/api/health/ready`),
      ]);
      for (const answered of [...checks, keyVersion]) expectStoreUnavailable(answered);
      expect(ready).toMatchObject({ status: 503, body: { message: 'The database is not reachable.' } });
      // Still frozen a while later: new checks find it as fast.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const answered of await Promise.all(links.slice(6, 9).map(check))) expectStoreUnavailable(answered);
    } finally {
      process.kill(mongo.pid, 'SIGCONT');
    }
    const after = await check(links[9]!);
    expect(after.status).toBe(200);
    expect((await answer(`${server.url}/api/health/ready`)).status).toBe(200);
  });

  it('answers a check 503 as fast while MongoDB refuses connections, and checks again once it is back', async () => {
    await mongo.stop();
    for (const answered of await Promise.all(links.slice(10, 12).map(check))) expectStoreUnavailable(answered);
    mongo = await startMongoServer({ port: mongo.port });
    await untilReady(server.url);
    // The restarted test server holds nothing: the paper goes in again, as an administrator would put it (again if
    // its first writes, on a JVM just started, miss the store's deadline).
    await eventually(() => buildPaper(server.store, 'cs1-2026', fixtures), { what: 'the paper to go in again' });
    expect((await check(links[1]!)).status).toBe(200);
  });
});
