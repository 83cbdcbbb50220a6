import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { buildPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';

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

  // How soon the change is noticed is store-watch.test.ts's, on a clock of its own; here, what follows from it.
  it('answers from the restored store once it notices: distribution, demo papers, readiness', async () => {
    for (const link of links.slice(0, 3)) expect((await check(link)).status).toBe(200);
    expect(await counted()).toBe(3);
    const demoSeeded = await demoPapers();
    expect(demoSeeded).toBeGreaterThan(0);

    await admin.db('restore').dropDatabase();
    // The restored snapshot: the paper as the administrator had put it, without its results.
    await buildPaper(server.store, 'cs1-2026', fixtures);
    // Its old results leave the distribution once the change is noticed.
    await eventually(async () => (await counted()) === 0, { what: 'the old results to leave the distribution' });
    const ready = async () => (await getJson(`${server.url}/api/health/ready`)).status === 200;
    // Seeding the demo's papers again takes seconds on mongo-java-server.
    await eventually(async () => (await ready()) && (await demoPapers()) === demoSeeded, {
      timeoutMs: 15_000,
      what: 'readiness with the demo papers seeded again',
    });
    expect((await check(links[3]!)).status).toBe(200);
    expect(await counted()).toBe(1);
  }, 60_000);
});
