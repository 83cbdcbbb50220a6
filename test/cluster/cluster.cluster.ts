import { connect } from 'node:http2';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_FRESH_MS } from '../../api/papers';
import { createStore, type Store } from '../../api/store';
import { itemAt } from '../../src/domain/lists';
import { sheetLinks } from '../integration/checker-harness';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson } from '../support/fixtures';
import type { ExpectedCandidate } from '../support/fixture-expectations';
import { ADMIN, METRICS_TOKEN, startCluster, type Cluster } from './cluster';
import { buildPaper } from '../support/builders';

const RATE_LIMIT = 30;
const LEASE_MS = 2_000;
const POLL_MS = 200;
const admin = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;
const json = { 'content-type': 'application/json' };

/** Total Marks of a check answered 200, else the status. */
async function check(base: string, link: string, headers: Record<string, string> = {}, minKeyVersion?: number) {
  const response = await fetch(`${base}/api/data/generate-response`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify({ link, testPaper: 'CS 1', minKeyVersion }),
  });
  const body = (await response.json()) as { totalScore?: { 'Total Marks': number } };
  return { status: response.status, total: body.totalScore?.['Total Marks'] };
}

async function checksCounted(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith('hiregate_checks_total{') && l.includes('"scorecard"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('two instances on one MongoDB behind nginx', () => {
  let fixtures: FixtureServer;
  let cluster: Cluster;
  let store: Store;
  let link: string;
  const expected = readFixtureJson<{ candidates: ExpectedCandidate[] }>('cs1-2026', 'expected.json').candidates;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    cluster = await startCluster({
      instances: 2,
      env: {
        RESPONSE_SHEET_HOSTS: fixtures.host,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        RESCORE_LEASE_MS: String(LEASE_MS),
        RESCORE_POLL_MS: String(POLL_MS),
      },
    });
    store = await createStore({ mongodbUri: cluster.mongoUri, dataDir: '' });
    await buildPaper(store, 'cs1-2026', fixtures);
    link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
  }, 180_000);

  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
    await fixtures?.close();
  });

  it('answers a check through nginx (TLS, HTTP/2) with the expected scorecard', async () => {
    expect(await check(cluster.origin, link)).toEqual({ status: 200, total: itemAt(expected, 0).totalMarks });
    const session = connect(cluster.origin);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const request = session.request({ ':path': '/api/health/ready' });
        request.on('response', (headers) => resolve(Number(headers[':status'])));
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
  });

  it('sends the security headers on every answer, the same from nginx and from the instances', async () => {
    const shell = await fetch(`${cluster.origin}/`);
    const html = await shell.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const answers = await Promise.all(
      ['/', asset!, '/sw.js', '/api/health', '/api/no-such-call', '/some/screen'].map((path) =>
        fetch(cluster.origin + path),
      ),
    );
    const policies = new Set<string | null>();
    for (const answer of answers) {
      policies.add(answer.headers.get('content-security-policy'));
      expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
    expect([...policies]).toHaveLength(1);
    expect([...policies][0]).toContain("frame-ancestors 'none'");
    expect(answers[1]!.headers.get('cache-control')).toContain('immutable');
  });

  it('holds the per-address limit across both instances: the 31st check in a minute is refused', async () => {
    // A fresh minute for this address: the first test made one check.
    await store.limiters({ name: 'checks', points: RATE_LIMIT, windowMs: 60_000 }).delete('127.0.0.1');
    const before = await Promise.all(cluster.instances.map((instance) => checksCounted(instance.url)));
    const statuses: number[] = [];
    for (let n = 0; n < RATE_LIMIT + 1; n++) statuses.push((await check(cluster.origin, link)).status);
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[RATE_LIMIT]).toBe(429);
    // Both instances took checks: the count that refused the 31st was the one they share.
    const after = await Promise.all(cluster.instances.map((instance) => checksCounted(instance.url)));
    expect(after.map((count, index) => count - itemAt(before, index)).every((taken) => taken > 0)).toBe(true);
  });

  it(`uses a key changed on instance A in instance B's scorecards within ${PAPER_FRESH_MS} ms, at once when asked`, async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const candidate = itemAt(expected, 0);
    const wrong = Object.entries(candidate.questions).find(([, q]) => q.type === 'MCQ' && q.obtainedMarks <= 0);
    expect(wrong).toBeDefined();
    const [longId, question] = wrong!;
    const before = await check(b.url, link, { authorization: admin });
    expect(before.total).toBe(candidate.totalMarks);
    const stored = (await store.questions.findByLongIds([longId]))[0]!;
    const saved = await fetch(`${a.url}/api/data/update-answer`, {
      method: 'PUT',
      headers: { ...json, authorization: admin },
      body: JSON.stringify({ _id: stored.id, answerKey: 'MTA' }),
    });
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    const wanted = candidate.totalMarks + question.marks - question.obtainedMarks;
    // A client told of the new version (by any instance's GET /key-version) gets it from B at once.
    const current = (await (await fetch(`${b.url}/api/data/key-version?paperId=CS1-2026`)).json()) as {
      version: number;
    };
    expect((await check(b.url, link, { authorization: admin }, current.version)).total).toBe(wanted);
    // Without asking, B's own checks take the new key within the freshness rule (request time is the margin).
    let seen = before.total;
    while (seen !== wanted && Date.now() - changedAt < PAPER_FRESH_MS + 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = (await check(b.url, link, { authorization: admin })).total;
    }
    expect(seen).toBe(wanted);
  });

  it('runs a re-scoring job once, and finishes it on the other instance when its instance is killed', async () => {
    // Many stored results of the paper, all scored with an older key version.
    const paper = await store.questions.listByPaperId('CS1-2026');
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      ...template
    } = (await store.results.listByPaper('CS1-2026', { limit: 1 }))[0]!;
    for (let index = 0; index < 3_000; index++) {
      await store.results.upsert({
        ...template,
        resultKey: `cluster-${index}`,
        candidateId: `CL${index}`,
        keyVersion: 0,
      });
    }
    const question = paper.find((q) => q.type === 'MCQ' && q.answerKey !== 'MTA')!;
    const saved = await fetch(`${cluster.instances[0]!.url}/api/data/update-answer`, {
      method: 'PUT',
      headers: { ...json, authorization: admin },
      body: JSON.stringify({ _id: question.id, answerKey: question.answerKey === 'A' ? 'B' : 'A' }),
    });
    expect(saved.status).toBe(200);
    // Kill the holder as soon as it has made progress.
    let holder: string | undefined;
    while (!holder) {
      const job = (await store.jobs.list()).find((j) => j.paperId === 'CS1-2026');
      if (job?.state === 'running' && job.rescored > 0) holder = job.owner;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const victim = cluster.instances.find((instance) => holder?.includes(`:${instance.process.pid}:`))!;
    expect(victim).toBeDefined();
    victim.process.kill('SIGKILL');
    const killedAt = Date.now();
    let done = false;
    while (!done && Date.now() - killedAt < LEASE_MS + POLL_MS + 30_000) {
      const job = (await store.jobs.list()).find((j) => j.paperId === 'CS1-2026');
      done = job?.state === 'done' && job.owner !== holder;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done).toBe(true);
    const { keyVersion: version } = (await store.papers.findById('CS1-2026'))!;
    const left = await store.results.listByPaper('CS1-2026', { limit: 10, keyVersionBelow: version });
    expect(left).toEqual([]);
    await cluster.startInstance(cluster.instances.indexOf(victim));
  }, 120_000);

  it('loses no request when an instance gets SIGTERM under load', async () => {
    const [stopping] = cluster.instances as [Cluster['instances'][0]];
    const load = autocannon({
      url: `${cluster.origin}/api/data/distribution/CS%201`,
      connections: 20,
      duration: 4,
      tlsOptions: { rejectUnauthorized: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stopping.process.kill('SIGTERM');
    const [result, exitCode] = await Promise.all([load, stopping.exited]);
    expect(exitCode).toBe(0);
    expect(result.requests.total).toBeGreaterThan(100);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    await cluster.startInstance(0);
  }, 60_000);
});
