import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoServer, type RunningMongoServer } from '../mongo/server.mjs';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { adminCredentials, buildPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';

/** What the issue asks of a restore: every instance serves the restored data and lets the admin in within this. */
const RESTORE_FOLLOWED_WITHIN_MS = 15_000;
const ADMIN = adminCredentials({ email: 'operator@hiregate.test', password: 'Operator#Pass1' });
const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** What a candidate and the administrator see of the restored data on one instance. */
async function seen(server: CheckerServer) {
  const distribution = await getJson(`${server.url}/api/data/distribution/CS1-2026`);
  const stats = await getJson(`${server.url}/api/data/admin-stats`, ADMIN.headers);
  return {
    counted: (distribution.body as { count?: number }).count,
    admin: stats.status,
    results: (stats.body as { results?: number }).results,
  };
}

const check = (server: CheckerServer, link: string) =>
  postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });

describe('a MongoDB restored under two running instances', () => {
  let mongo: RunningMongoServer;
  let fixtures: FixtureServer;
  let operator: MongoClient;
  let links: string[];
  const started: CheckerServer[] = [];

  beforeAll(async () => {
    mongo = await startMongoServer();
    fixtures = await startFixtureServer();
    operator = await MongoClient.connect(mongo.uri);
    links = sheetLinks('cs1-2026', fixtures);
  }, 90_000);
  afterAll(async () => {
    await operator?.close();
    for (const instance of started) await instance.close();
    await fixtures?.close();
    await mongo?.stop();
  });

  /** Two instances on a database of the test's own, holding the fixture paper as an administrator left it. */
  async function twoInstancesOn(database: string) {
    const env = {
      MONGODB_URI: `${mongo.uri}/${database}`,
      RESPONSE_SHEET_HOSTS: fixtures.host,
      ...ADMIN_ENV,
      // Not what this test is about: a JVM warming up on a loaded machine may take longer than MongoDB's second.
      STORE_TIMEOUT_MS: '5000',
    };
    const instances = [await startCheckerServer(env), await startCheckerServer(env)];
    started.push(...instances);
    await buildPaper(instances[0]!.store, 'cs1-2026', fixtures);
    const startAnother = async () => {
      const instance = await startCheckerServer(env);
      started.push(instance);
      instances.push(instance);
    };
    return { instances, db: operator.db(database), startAnother };
  }

  /** Every instance's view, once each shows what `expected` holds, within the time the issue sets. */
  const everywhere = (instances: CheckerServer[], expected: Awaited<ReturnType<typeof seen>>, what: string) =>
    eventually(
      async () => {
        const views = await Promise.all(instances.map(seen));
        if (views.every((view) => isDeepStrictEqual(view, expected))) return true;
        throw new Error(JSON.stringify(views));
      },
      { timeoutMs: RESTORE_FOLLOWED_WITHIN_MS, intervalMs: 100, what },
    );

  const uniqueIndex = (db: Db, collection: string, name: string) =>
    eventually(
      async () => (await db.collection(collection).indexes()).some((index) => index.name === name && index.unique),
      { what: `the unique index ${name} of ${collection} made again` },
    );

  it('follows a drop of the results alone: no instance counts the old results any more', async () => {
    const { instances, db } = await twoInstancesOn('restores-results');
    for (const link of links.slice(0, 3)) expect((await check(instances[0]!, link)).status).toBe(200);
    await everywhere(instances, { counted: 3, admin: 200, results: 3 }, 'both instances to count the 3 results');
    // A collection filled and dropped between two looks leaves nothing to notice: each instance has looked since.
    await Promise.all(instances.map((instance) => instance.lookAtStore()));

    await db.collection('results').drop();
    await everywhere(instances, { counted: 0, admin: 200, results: 0 }, 'both instances to count no result');
    // The drop took the results' indexes with it: the one that keeps a candidate to one result is back.
    await uniqueIndex(db, 'results', 'resultKey_1');
    expect((await check(instances[1]!, links[3]!)).status).toBe(200);
    await everywhere(instances, { counted: 1, admin: 200, results: 1 }, 'both instances to count the new result');
  }, 60_000);

  it('follows a restore to an empty database: the administrator signs in on every instance', async () => {
    const { instances, db, startAnother } = await twoInstancesOn('restores-empty');
    // An instance that has not verified the administrator's credentials yet: no cache answers for the store there.
    await startAnother();
    await db.dropDatabase();
    // The admin app goes on calling meanwhile: calls that fail until the administrator is made again.
    await Promise.all(
      Array.from({ length: 12 }, (_, call) =>
        getJson(`${instances[call % instances.length]!.url}/api/data/admin-stats`, ADMIN.headers),
      ),
    );
    // The paper went with the database: no distribution to show.
    await everywhere(
      instances,
      { counted: undefined, admin: 200, results: 0 },
      'the administrator to sign in on every instance',
    );
    for (const instance of instances) {
      expect((await getJson(`${instance.url}/api/data/admin-stats`, ADMIN.headers)).body).toMatchObject({
        paperCount: 0,
      });
    }
    await uniqueIndex(db, 'users', 'email_1');
  }, 60_000);
});

describe('the embedded store restored as docs/operations.md says: stopped, its data folder replaced, started', () => {
  let fixtures: FixtureServer;
  let dataDir: string;
  let instance: CheckerServer | undefined;
  let links: string[];
  const start = async () =>
    (instance = await startCheckerServer({ DATA_DIR: dataDir, RESPONSE_SHEET_HOSTS: fixtures.host, ...ADMIN_ENV }));
  /** The restore: the instance stopped, then `change` to its data folder. */
  const restore = async (change: () => void) => {
    await instance!.close();
    instance = undefined;
    change();
    return start();
  };

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-restores-'));
    await start();
    await buildPaper(instance!.store, 'cs1-2026', fixtures);
    links = sheetLinks('cs1-2026', fixtures);
  }, 60_000);
  afterAll(async () => {
    await instance?.close();
    await fixtures?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the restored results, and lets the administrator in, once started again', async () => {
    for (const link of links.slice(0, 3)) expect((await check(instance!, link)).status).toBe(200);
    expect(await seen(instance!)).toEqual({ counted: 3, admin: 200, results: 3 });

    const restarted = await restore(() => rmSync(path.join(dataDir, 'results.db')));
    expect(await seen(restarted)).toEqual({ counted: 0, admin: 200, results: 0 });

    const emptied = await restore(() => {
      for (const file of readdirSync(dataDir)) rmSync(path.join(dataDir, file), { recursive: true });
    });
    expect(await seen(emptied)).toEqual({ counted: undefined, admin: 200, results: 0 });
  }, 60_000);
});
