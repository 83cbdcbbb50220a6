/**
 * The exam-day deployment on this machine: nginx (TLS, HTTP/2 to browsers) in front of one and then two instances on
 * one MongoDB (mongo-java-server), as test/cluster/cluster.ts starts them. Prints:
 *   1. requests per second and p99 through nginx with one and with two instances (median of RUNS runs each), for a
 *      cheap store-backed GET (the score distribution) and for a repeat check (POST generate-response);
 *   2. failed requests during a rolling restart of both instances under load (SIGTERM, wait until ready, next);
 *   3. the time from SIGKILL of the instance holding a re-scoring job to the other instance finishing it, with the
 *      default lease (RESCORE_LEASE_MS) and poll (RESCORE_POLL_MS).
 * Run: DIST_DIR=<a build> npm run bench:cluster (the build in dist/ when unset). The machine has 2 cores, shared by
 * nginx, the instances, MongoDB and the load generator: the figures compare, they do not promise.
 */
import autocannon from 'autocannon';
import { RESCORE_LEASE_MS, RESCORE_POLL_MS } from '../../api/config';
import { createStore } from '../../api/store';
import { itemAt } from '../../src/domain/lists';
import { ADMIN, startCluster, type Cluster } from '../cluster/cluster';
import { sheetLinks } from '../integration/checker-harness';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { buildPaper } from '../support/builders';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const admin = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Load {
  name: string;
  path: string;
  method?: 'POST';
  body?: string;
}

async function measure(origin: string, load: Load) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await autocannon({
      url: origin + load.path,
      method: load.method ?? 'GET',
      body: load.body,
      headers: { 'content-type': 'application/json' },
      connections: CONNECTIONS,
      duration: DURATION_S,
      tlsOptions: { rejectUnauthorized: false },
    });
    runs.push({ rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.non2xx });
  }
  return {
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    failed: runs.reduce((sum, r) => sum + r.failed, 0),
  };
}

async function clusterOf(instances: number, fixtures: FixtureServer, env: Record<string, string> = {}) {
  const cluster = await startCluster({
    instances,
    env: {
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });
  const store = await createStore({ mongodbUri: cluster.mongoUri, dataDir: '' });
  await buildPaper(store, 'cs1-2026', fixtures);
  return { cluster, store };
}

async function throughput(fixtures: FixtureServer) {
  const link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
  const loads: Load[] = [
    { name: 'GET distribution', path: '/api/data/distribution/CS%201' },
    {
      name: 'POST repeat check',
      path: '/api/data/generate-response',
      method: 'POST',
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    },
  ];
  for (const instances of [1, 2]) {
    const { cluster, store } = await clusterOf(instances, fixtures);
    await fetch(`${cluster.origin}/api/data/generate-response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loads[1]!.body,
    });
    for (const load of loads) {
      const figures = await measure(cluster.origin, load);
      console.log(
        `${instances} instance${instances > 1 ? 's' : ' '}  ${load.name.padEnd(18)} ${figures.rps.toFixed(0).padStart(6)} req/s  p99 ${String(figures.p99).padStart(4)} ms  failed ${figures.failed}`,
      );
    }
    await store.close();
    await cluster.stop();
  }
}

async function rollingRestart(cluster: Cluster) {
  const load = autocannon({
    url: `${cluster.origin}/api/data/distribution/CS%201`,
    connections: 20,
    duration: 30,
    tlsOptions: { rejectUnauthorized: false },
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const restartStarted = Date.now();
  for (let slot = 0; slot < cluster.instances.length; slot++) {
    const instance = cluster.instances[slot]!;
    instance.process.kill('SIGTERM');
    const code = await instance.exited;
    if (code !== 0) console.log(`  instance ${slot} exited with ${code}`);
    await cluster.startInstance(slot);
  }
  const restartMs = Date.now() - restartStarted;
  const result = await load;
  console.log(
    `rolling restart of 2 instances under load (${restartMs} ms): ${result.requests.total} requests, ` +
      `failed ${result.errors + result.non2xx + result.timeouts}`,
  );
}

async function takeover(cluster: Cluster, store: Awaited<ReturnType<typeof createStore>>, fixtures: FixtureServer) {
  // One checked result, copied 20,000 times: the job to take over.
  await fetch(`${cluster.origin}/api/data/generate-response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ link: itemAt(sheetLinks('cs1-2026', fixtures), 0), testPaper: 'CS 1' }),
  });
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...template
  } = (await store.results.listByPaper('CS1-2026', { limit: 1 }))[0]!;
  for (let index = 0; index < 20_000; index++) {
    await store.results.upsert({ ...template, resultKey: `bench-${index}`, candidateId: `B${index}`, keyVersion: 0 });
  }
  const paper = await store.questions.listByPaperId('CS1-2026');
  const question = paper.find((q) => q.type === 'MCQ')!;
  const started = Date.now();
  await fetch(`${cluster.instances[0]!.url}/api/data/update-answer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: admin },
    body: JSON.stringify({ _id: question.id, answerKey: question.answerKey === 'A' ? 'B' : 'A' }),
  });
  let holder = '';
  while (!holder) {
    const job = (await store.jobs.list())[0];
    if (job?.state === 'running' && job.rescored > 0) holder = job.owner;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const beforeKill = (await store.jobs.list())[0]!;
  const perSecond = (beforeKill.rescored / (Date.now() - started)) * 1000;
  const victim = cluster.instances.find((instance) => holder.includes(`:${instance.process.pid}:`))!;
  victim.process.kill('SIGKILL');
  const killedAt = Date.now();
  let takenAt = 0;
  for (;;) {
    const job = (await store.jobs.list())[0]!;
    if (!takenAt && job.owner !== holder) takenAt = Date.now();
    if (job.state === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `re-scoring ~${perSecond.toFixed(0)} results/s; SIGKILL of the holder: taken over after ${takenAt - killedAt} ms ` +
      `(lease ${RESCORE_LEASE_MS} ms + poll ${RESCORE_POLL_MS} ms), finished ${Date.now() - killedAt} ms after the kill`,
  );
}

async function main() {
  const fixtures = await startFixtureServer();
  console.log(`nginx → instances → mongo-java-server, ${CONNECTIONS} connections, ${DURATION_S} s, median of ${RUNS}`);
  // BENCH_PARTS=restart,takeover runs only those parts.
  const parts = (process.env.BENCH_PARTS ?? 'throughput,restart,takeover').split(',');
  if (parts.includes('throughput')) await throughput(fixtures);
  const { cluster, store } = await clusterOf(2, fixtures);
  if (parts.includes('restart')) await rollingRestart(cluster);
  if (parts.includes('takeover')) await takeover(cluster, store, fixtures);
  await store.close();
  await cluster.stop();
  await fixtures.close();
}

await main();
