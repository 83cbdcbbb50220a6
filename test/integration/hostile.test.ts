import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA } from '../../api/store/schema';
import { itemAt } from '../../src/domain/lists';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import {
  CHECKER_SECRET,
  postJson,
  sheetLinks,
  startCheckerServer,
  verifiedDevice,
  type CheckerServer,
} from './checker-harness';
import { hostileRedirects, hostileRequests, LEAKS, send, type HostileRequest, type Target } from './hostile-requests';
import { buildAdmin, buildPaper, rescoringDone } from '../support/builders';

const CLIENT_CODE = 'hiregate-web';

type StoreState = Record<string, Record<string, unknown>>;

/** The instance's own clock (api/store/store-watch.ts) moves every second, whatever the requests do. */
const WATCH_COLLECTION = SCHEMA.identity.name;

/** Every document of every collection, read past the repositories, so any change a refused request made shows. */
function embeddedState(dataDir: string): StoreState {
  const state: StoreState = {};
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.db') && name !== `${WATCH_COLLECTION}.db`)) {
    const documents: Record<string, unknown> = {};
    for (const line of readFileSync(path.join(dataDir, file), 'utf8').split('\n').filter(Boolean)) {
      const doc = JSON.parse(line) as { _id?: string; $$deleted?: boolean };
      if (doc._id === undefined) continue; // index bookkeeping
      if (doc.$$deleted) delete documents[doc._id];
      else documents[doc._id] = doc;
    }
    state[file] = documents;
  }
  return state;
}

async function mongoState(uri: string): Promise<StoreState> {
  const client = await MongoClient.connect(uri);
  try {
    const state: StoreState = {};
    for (const { name } of Object.values(SCHEMA).filter((collection) => collection.name !== WATCH_COLLECTION)) {
      const docs = await client.db().collection(name).find().sort({ _id: 1 }).toArray();
      state[name] = Object.fromEntries(docs.map((doc) => [String(doc._id), doc]));
    }
    return state;
  } finally {
    await client.close();
  }
}

/** What is wrong with one answer, or null when it is the careful refusal it should be. */
function problemWith(request: HostileRequest, status: number, text: string): string | null {
  const leak = LEAKS.find((pattern) => pattern.test(text));
  if (leak) return `leaks ${leak} in: ${text.slice(0, 200)}`;
  if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
  if (request.status === 'not 5xx') return null;
  if (request.status !== undefined && status !== request.status) return `answered ${status}, not ${request.status}`;
  if (status < 400) return `was accepted (${status}): ${text.slice(0, 200)}`;
  // Node's own parser errors are plain; everything the app answers is JSON {message}.
  const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, unknown> };
  if (typeof body.message !== 'string' || body.message === '') return `has no message: ${text.slice(0, 200)}`;
  const { field } = request;
  const named = field === undefined || body.message.startsWith(`${field}:`) || Boolean(body.errors?.[field]);
  if (!named) return `does not name ${field}: ${text.slice(0, 200)}`;
  return null;
}

describe.each(STORE_LANES)('a hostile run against the real server on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let server: CheckerServer;
  let target: Target;
  let stateBefore: StoreState;
  const storeState = () => (mongo ? mongoState(server.config.mongodbUri!) : embeddedState(server.config.dataDir));

  // A small web-app build, so paths outside /api meet the real static files and the app shell.
  const distDir = mkdtempSync(path.join(tmpdir(), 'hiregate-hostile-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!DOCTYPE html><title>HireGate</title>');
  writeFileSync(path.join(distDir, 'assets', 'app.js'), 'export {};');

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      CLIENT_CODE,
      DIST_DIR: distDir,
      METRICS_TOKEN: 'metrics-token-0123456789',
      ...laneStore.env('hostile'),
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    // The malformed sign-ins of hostile-requests.ts name this administrator's e-mail.
    const admin = await buildAdmin(server.store, { email: 'admin@example.com' });
    const sheetLink = itemAt(sheetLinks('cs1-2026', fixtures), 0);
    const signUp = await postJson(
      `${server.url}/api/signup`,
      { email: 'user@example.com', firstName: 'A User', password: 'Str0ng-pass!' },
      { 'x-client-code': CLIENT_CODE },
    );
    expect(signUp.status).toBe(201);
    const access = await verifiedDevice(server, sheetLink, 'user@example.com');
    const checked = await postJson(`${server.url}/api/data/generate-response`, {
      link: sheetLink,
      testPaper: 'CS 1',
      access,
    });
    expect(checked.status).toBe(200);
    const paperId = 'CS1-2026';
    const question = itemAt(await server.store.questions.listByPaperId(paperId), 0);
    target = {
      url: server.url,
      clientCode: CLIENT_CODE,
      adminAuth: admin.headers.authorization,
      questionId: question.id,
      paperId,
      sheetLink,
      access,
      resultId: checked.body.resultId,
      fixtureHost: fixtures.host,
      appPort: Number(new URL(server.url).port),
      secret: CHECKER_SECRET,
    };
    for (const [pathname, location] of Object.entries(hostileRedirects(target.appPort))) {
      fixtures.route(pathname, (_request, response) => response.writeHead(302, { location }).end());
    }
    // The key's re-scoring job, asked for when the paper was keyed, is done before the store's state is taken.
    await rescoringDone(server.store);
    stateBefore = await storeState();
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await laneStore?.stop();
    await fixtures?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('refuses every hostile request with a clear 4xx, no 5xx, no stack trace or path', async () => {
    const requests = hostileRequests(target);
    expect(requests.length).toBeGreaterThanOrEqual(200);
    const problems: string[] = [];
    for (const request of requests) {
      const { status, text } = await request.send();
      const problem = problemWith(request, status, text);
      if (problem) problems.push(`${request.name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('leaves the store exactly as it was and no prototype polluted', async () => {
    expect(await storeState()).toEqual(stateBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('still answers a health check and a real check afterwards', async () => {
    expect((await send(`${server.url}/api/health`)).status).toBe(200);
    const check = await postJson(`${server.url}/api/data/generate-response`, {
      link: target.sheetLink,
      testPaper: 'CS 1',
      access: target.access,
    });
    expect(check.status).toBe(200);
  });
});
