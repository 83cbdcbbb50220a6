/**
 * A million results for one paper on mongo-java-server, answered from the in-memory marks snapshot
 * (api/features/checker/marks-snapshot.ts). Prints:
 *   - how long the million took to store (driver insertMany, small documents: marks and one response each);
 *   - the snapshot's rebuild time and heap per million results (built in this process, as an instance does at start);
 *   - get-rank and distribution through one real instance (its own process) at 50 connections: req/s and p99;
 *   - re-scoring throughput: results re-scored per second by the instance after a key change.
 * Run: npm run bench:snapshot (RESULTS=200000 for a quicker run). Targets: get-rank p99 ≤ 5 ms, distribution ≤ 10 ms.
 */
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { createMarksSnapshots } from '../../api/features/checker/marks-snapshot';
import { newId } from '../../api/store/collection';
import { createStore } from '../../api/store';
import { seedFixturePaper } from '../integration/checker-harness';
import { ADMIN, startCluster } from '../cluster/cluster';
import { startFixtureServer } from '../support/fixture-server';

const RESULTS = Number(process.env.RESULTS ?? 1_000_000);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const RESCORE_SECONDS = 20;
const admin = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;

async function main() {
  const fixtures = await startFixtureServer();
  const cluster = await startCluster({ instances: 1, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const store = await createStore({ mongodbUri: cluster.mongoUri, dataDir: '' });
  const paper = await seedFixturePaper(store, 'cs1-2026', fixtures).then(() =>
    store.questions.listByPaperSet('CS 1 2026'),
  );
  const question = paper.find((q) => q.type === 'MCQ')!;

  const client = await new MongoClient(cluster.mongoUri).connect();
  const results = client.db().collection<{ _id: string }>('results');
  const started = Date.now();
  const base = Date.now() - RESULTS;
  for (let offset = 0; offset < RESULTS; offset += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, RESULTS - offset) }, (_, i) => {
      const index = offset + i;
      const marks = Math.round(((index * 7919) % 10_000) / 100 - 10) + (index % 3) / 3;
      const at = new Date(base + index);
      return {
        _id: newId(at.getTime()),
        candidateId: `CS26S${index}`,
        name: '',
        set: 'CS 1',
        isVerified: false,
        linkHash: `bench-${index}`,
        responses: { [question.long_id]: index % 2 ? 'A' : 'B' },
        totalMarks: marks,
        finalMarks: marks,
        negativeMarks: 0,
        attempts: 1,
        incorrectAttempts: 0,
        normMarks: marks,
        keyVersion: 0,
        scoredAt: at,
        createdAt: at,
        updatedAt: at,
      };
    });
    await results.insertMany(batch, { ordered: false });
  }
  console.log(`stored ${RESULTS.toLocaleString('en')} results in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const heapBefore = heapMb();
  const rebuildStarted = Date.now();
  const snapshot = await createMarksSnapshots(store).of('CS 1');
  const rebuildMs = Date.now() - rebuildStarted;
  const heapAfter = heapMb();
  console.log(
    `snapshot rebuild: ${rebuildMs} ms for ${snapshot.count.toLocaleString('en')} results; heap +${(heapAfter - heapBefore).toFixed(0)} MB ` +
      `(≈ ${(((heapAfter - heapBefore) / snapshot.count) * 1e6).toFixed(0)} MB per million)`,
  );

  const instance = cluster.instances[0]!;
  const someone = (await store.results.listBySet('CS 1', { limit: 1 }))[0]!;
  const warm = Date.now();
  await fetch(`${instance.url}/api/data/get-rank/${someone.id}/CS%201`);
  console.log(`first get-rank on the instance (its own snapshot build): ${Date.now() - warm} ms`);
  for (const [name, path] of [
    ['get-rank', `/api/data/get-rank/${someone.id}/CS%201`],
    ['distribution', '/api/data/distribution/CS%201'],
  ] as const) {
    const result = await autocannon({ url: instance.url + path, connections: CONNECTIONS, duration: DURATION_S });
    console.log(
      `${name.padEnd(12)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `failed ${result.errors + result.non2xx}`,
    );
  }

  await fetch(`${instance.url}/api/data/update-answer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: admin },
    body: JSON.stringify({ _id: question.id, answerKey: question.answerKey === 'A' ? 'B' : 'A' }),
  });
  const rescoreStarted = Date.now();
  await new Promise((resolve) => setTimeout(resolve, RESCORE_SECONDS * 1000));
  const job = (await store.jobs.list())[0];
  const seconds = (Date.now() - rescoreStarted) / 1000;
  console.log(
    `re-scoring: ${job?.rescored ?? 0} results in ${seconds.toFixed(0)} s = ${((job?.rescored ?? 0) / seconds).toFixed(0)} results/s`,
  );

  await client.close();
  await store.close();
  await cluster.stop();
  await fixtures.close();
}

await main();
