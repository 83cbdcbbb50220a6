import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CHANGE_NOTICED_WITHIN_MS } from '../../api/store';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { buildPaper } from '../support/builders';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';

/** The documented time, and a second for a loaded test machine. */
const NOTICED_WITHIN_MS = STORE_CHANGE_NOTICED_WITHIN_MS + 1_000;
/** Then readiness says 200 again, once the demo's papers are seeded again (seconds on mongo-java-server). */
const CAUGHT_UP_WITHIN_MS = 10_000;

/** Asks until `done` holds, for at most `withinMs`; answers how long it took. */
async function until(done: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > withinMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

describe('a MongoDB restored under a running instance (dropped and seeded again)', () => {
  let mongo: RunningMongoServer;
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let admin: MongoClient;
  let links: string[];

  beforeAll(async () => {
    mongo = await startMongoServer();
    fixtures = await startFixtureServer();
    server = await startCheckerServer({
      MONGODB_URI: `${mongo.uri}/restore`,
      RESPONSE_SHEET_HOSTS: fixtures.host,
      DEMO: 'true',
      // Not what this test is about: a JVM warming up on a loaded machine may take longer than MongoDB's second.
      STORE_TIMEOUT_MS: '5000',
    });
    admin = await MongoClient.connect(mongo.uri);
    await buildPaper(server.store, 'cs1-2026', fixtures);
    links = sheetLinks('cs1-2026', fixtures);
  }, 90_000);
  afterAll(async () => {
    await admin?.close();
    await server?.close();
    await fixtures?.close();
    await mongo?.stop();
  });

  const check = (link: string) => postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });
  const counted = async () =>
    ((await getJson(`${server.url}/api/data/distribution/CS1-2026`)).body as { count?: number }).count;
  const demoPapers = async () => (await server.store.papers.list()).filter((paper) => paper.demo).length;

  it('answers from the restored store within the documented time: distribution, demo papers, readiness', async () => {
    for (const link of links.slice(0, 3)) expect((await check(link)).status).toBe(200);
    expect(await counted()).toBe(3);
    const demoSeeded = await demoPapers();
    expect(demoSeeded).toBeGreaterThan(0);

    const restoring = performance.now();
    await admin.db('restore').dropDatabase();
    // The restored snapshot: the paper as the administrator had put it, without its results.
    await buildPaper(server.store, 'cs1-2026', fixtures);
    const restoredMs = performance.now() - restoring;
    // Its old results leave the distribution once the change is noticed.
    const noticedMs = restoredMs + (await until(async () => (await counted()) === 0, 10_000));
    const ready = async () => (await getJson(`${server.url}/api/health/ready`)).status === 200;
    const caughtUpMs =
      restoredMs + (await until(async () => (await ready()) && (await demoPapers()) === demoSeeded, 15_000));
    expect(noticedMs).toBeLessThan(restoredMs + NOTICED_WITHIN_MS);
    expect(caughtUpMs).toBeLessThan(restoredMs + CAUGHT_UP_WITHIN_MS);
    expect((await check(links[3]!)).status).toBe(200);
    expect(await counted()).toBe(1);
  }, 60_000);
});
