/**
 * Many results for one paper, answered from the in-memory marks snapshot (api/crowd/marks-snapshot.ts).
 * For each count of COUNTS it stores the results, starts one instance (its own process, as in production) and prints:
 *   - the snapshot's rebuild time and the heap it keeps per million results (built in this process, as an instance
 *     does at start), and how long the instance took from its start to its first answer;
 *   - get-rank (random results) and the distribution at 50 connections: saturated (closed loop: every connection sends
 *     its next request when the last is answered, so p99 is mostly queueing) with req/s, p50 and p99; then at fixed
 *     offered rates (RATES, autocannon's overallRate) with p99;
 *   - re-scoring after a key change: results re-scored per second, and get-rank's p99 at the first rate meanwhile.
 * Every latency figure is the median of RUNS runs. The machine's 1-minute load is printed beside each figure: the
 * load generator, the instance and the database share its cores (and other people's work may too).
 *
 * Run: npm run bench:snapshot (mongo-java-server, COUNTS=10000,1000000). STORE=embedded measures the embedded store
 * instead (nedb files; COUNTS=100000,250000 by default: at 500,000 this process runs out of heap), with realistic
 * documents (a full response vector): its start, memory and the pause of its periodic compaction grow with the count.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { createMarksSnapshots } from '../../api/crowd/marks-snapshot';
import { newId } from '../../api/store/collection';
import { createStore, type Question, type Store } from '../../api/store';
import { SCHEMA } from '../../api/store/schema';
import { freePort } from '../cluster/cluster';
import { startMongoServer } from '../mongo/server.mjs';
import { startFixtureServer } from '../support/fixture-server';
import { buildPaper } from '../support/builders';

declare module 'autocannon' {
  interface Options {
    /** Requests per second from all connections together: each sends its share when a second starts. */
    overallRate?: number;
    /**
     * Off: autocannon "corrects" with an expected interval of ceil(1 / per-connection rate) = 1 ms, so every answer
     * slower than 1 ms adds one made-up sample per millisecond it took.
     */
    ignoreCoordinatedOmission?: boolean;
  }
}

const EMBEDDED = process.env.STORE === 'embedded';
const COUNTS = (process.env.COUNTS ?? (EMBEDDED ? '100000,250000' : '10000,1000000')).split(',').map(Number);
const RATES = (process.env.RATES ?? '500,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const RESCORE_WINDOW_S = Number(process.env.RESCORE_SECONDS ?? 60);
const CONNECTIONS = 50;
const PAPER_SET = 'CS1-2026';
const ADMIN = { email: 'bench@hiregate.example', password: 'Bench-pass-1!' };
const adminAuth = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const load = () => `load ${loadavg()[0]!.toFixed(2)}`;
const count = (value: number) => value.toLocaleString('en');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

// ---- the results ------------------------------------------------------------------------------------------------

/** Marks as scoring gives them, in thirds rounded to the hundredth: −10 to 100 with every third in between. */
const marksOf = (index: number) => Math.round((((index * 7919) % 331) - 30) * (100 / 3)) / 100;

/**
 * The index-th result as the store keeps it. On mongo-java-server a small one (one response, no name, e-mail or
 * link: a million full documents would not fit its heap); on the embedded store a full one, as a real result is.
 */
function resultDoc(index: number, paper: Question[], keyVersion: number, at: Date) {
  const marks = marksOf(index);
  const answered = EMBEDDED ? paper : paper.slice(0, 1);
  const person = EMBEDDED
    ? {
        name: `Candidate ${index}`,
        email: `candidate${index}@example.com`,
        link: `https://cdn.digialm.com/per/g01/pub/585/touchstone/AssessmentQPHTMLMode1/bench-${index}.html`,
      }
    : { name: '' };
  return {
    _id: newId(at.getTime()),
    candidateId: `CS26S${index}`,
    ...person,
    set: 'CS 1',
    paperId: PAPER_SET,
    isVerified: false,
    resultKey: `${PAPER_SET} CS26S${index}`,
    responses: Object.fromEntries(
      answered.map((question, position) => [question.long_id, 'ABCD'[(index + position) % 4]!]),
    ),
    totalMarks: marks,
    finalMarks: marks,
    negativeMarks: 0,
    attempts: answered.length,
    incorrectAttempts: 0,
    normMarks: marks,
    keyVersion,
    scoredAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

/** nedb's datafile format: one JSON document a line, dates as {$$date: ms}. */
function nedbLine(doc: ReturnType<typeof resultDoc>): string {
  return JSON.stringify(doc, function (key, value: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    return raw instanceof Date ? { $$date: raw.getTime() } : value;
  });
}

interface ResultsTarget {
  /** Adds results until there are `total`, scored with the paper's keys as they are (no re-scoring pass waits). */
  grow(total: number, keyVersion: number): Promise<void>;
}

function mongoTarget(uri: string, paper: Question[]): ResultsTarget & { close(): Promise<void> } {
  const client = new MongoClient(uri);
  let stored = 0;
  return {
    async grow(total, keyVersion) {
      const results = client.db().collection<{ _id: string }>('results');
      const base = Date.now() - total;
      while (stored < total) {
        const batch = Array.from({ length: Math.min(10_000, total - stored) }, (_, i) =>
          resultDoc(stored + i, paper, keyVersion, new Date(base + stored + i)),
        );
        await results.insertMany(batch, { ordered: false });
        stored += batch.length;
      }
    },
    close: () => client.close(),
  };
}

function embeddedTarget(dataDir: string, paper: Question[]): ResultsTarget {
  const file = path.join(dataDir, `${SCHEMA.results.name}.db`);
  let stored = 0;
  return {
    grow(total, keyVersion) {
      const base = Date.now() - total;
      while (stored < total) {
        const lines = Array.from({ length: Math.min(10_000, total - stored) }, (_, i) =>
          nedbLine(resultDoc(stored + i, paper, keyVersion, new Date(base + stored + i))),
        );
        appendFileSync(file, lines.join('\n') + '\n');
        stored += lines.length;
      }
      return Promise.resolve();
    },
  };
}

// ---- the instance -----------------------------------------------------------------------------------------------

interface Instance {
  url: string;
  /** From the process start to its first get-rank answer (which waits for the snapshot's build). */
  firstAnswerMs: number;
  stop(): Promise<void>;
}

async function startInstance(env: Record<string, string>, someResultId: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      VERIFY_SECRET: 'bench-secret-0123456789-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    const answer = await fetch(`${url}/api/data/get-rank/${someResultId}/CS%201`).catch(() => null);
    if (answer?.ok) break;
    if (child.exitCode !== null) throw new Error('the instance exited at start');
    await sleep(100);
  }
  return {
    url,
    firstAnswerMs: Date.now() - startedAt,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---- measures ---------------------------------------------------------------------------------------------------

interface Latency {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** What the failed requests got (a status, an error code). */
  failures: Set<string>;
}

/** RUNS runs of a measure: the medians of their rates and latencies, and every failure. */
async function medianOfRuns(measure: () => Promise<Latency>): Promise<Latency> {
  const runs: Latency[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure());
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    failures: new Set(runs.flatMap((run) => [...run.failures])),
  };
}

/** autocannon cycling through these paths (prepared requests: one made per request would load the generator). */
function latency(url: string, paths: readonly string[], overallRate?: number): Promise<Latency> {
  return medianOfRuns(async () => {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      overallRate,
      ignoreCoordinatedOmission: overallRate !== undefined,
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    const byKind = { errors: result.errors, 'not 2xx': result.non2xx, timeouts: result.timeouts };
    const failed = result.errors + result.non2xx + result.timeouts;
    const failures = new Set(Object.keys(byKind).filter((kind) => byKind[kind as keyof typeof byKind] > 0));
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed, failures };
  });
}

/**
 * An open loop at `rate` requests per second, evenly spaced, over up to CONNECTIONS keep-alive connections taken in
 * turn (an idle one could meet the server's keep-alive timeout): each request's latency counts from when it was due,
 * so a stall counts against every request it holds up. (autocannon's overallRate lets each connection send its share
 * of a second back to back when the second starts, so its "fixed rate" is a burst of closed-loop traffic every second.)
 */
function paced(url: string, paths: readonly string[], rate: number): Promise<Latency> {
  return medianOfRuns(async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, scheduling: 'fifo' });
    const total = rate * DURATION_S;
    const latencies: number[] = [];
    const failures: string[] = [];
    const start = performance.now();
    await new Promise<void>((resolve) => {
      let sent = 0;
      const answered = (failure?: string) => {
        if (failure) failures.push(failure);
        if (latencies.length + failures.length === total) resolve();
      };
      const sendDue = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        for (; sent < due; sent++) {
          const dueAt = start + (sent * 1000) / rate;
          get(url + paths[sent % paths.length]!, { agent }, (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) latencies.push(performance.now() - dueAt);
              answered(response.statusCode === 200 ? undefined : `status ${response.statusCode}`);
            });
          }).on('error', (error: NodeJS.ErrnoException) => answered(error.code ?? error.message));
        }
        if (sent < total) setTimeout(sendDue, 1);
      };
      sendDue();
    });
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (share: number) => Math.round(latencies[Math.floor(share * (latencies.length - 1))]! * 10) / 10;
    const failed = failures.length;
    return { rps: latencies.length / DURATION_S, p50: at(0.5), p99: at(0.99), failed, failures: new Set(failures) };
  });
}

function printLatency(name: string, label: string, figures: Latency): void {
  const rate = `${count(Math.round(figures.rps))} req/s`.padStart(12);
  const failed = figures.failed === 0 ? '0' : `${figures.failed} (${[...figures.failures].join(', ')})`;
  console.log(
    `  ${name.padEnd(12)} ${label.padEnd(26)} ${rate}  p50 ${figures.p50} ms  p99 ${figures.p99} ms  failed ${failed}  (${load()})`,
  );
}

/** A thousand get-rank requests for results drawn at random. */
function rankPaths(resultIds: string[]): string[] {
  return Array.from(
    { length: 1_000 },
    () => `/api/data/get-rank/${resultIds[Math.floor(Math.random() * resultIds.length)]}/CS%201`,
  );
}

async function measureRequests(url: string, resultIds: string[]): Promise<void> {
  for (const [name, paths] of [
    ['get-rank', rankPaths(resultIds)],
    ['distribution', [`/api/data/distribution/${PAPER_SET}`]],
  ] as const) {
    printLatency(name, 'saturated', await latency(url, paths));
    for (const rate of RATES) {
      printLatency(name, `overallRate ${count(rate)}/s`, await latency(url, paths, rate));
      printLatency(name, `paced ${count(rate)}/s`, await paced(url, paths, rate));
    }
  }
}

/**
 * Builds the snapshot in this process, as an instance does at start: the median time, and (on MongoDB, where this
 * process holds nothing else of the results) the heap it keeps.
 */
async function measureRebuild(store: Store): Promise<void> {
  const times: number[] = [];
  let keptMb = 0;
  let results = 0;
  for (let run = 0; run < RUNS; run++) {
    const before = heapMb();
    const started = performance.now();
    const snapshot = await createMarksSnapshots(store, { refreshMs: 3_600_000 }).of(PAPER_SET);
    times.push(performance.now() - started);
    keptMb = heapMb() - before;
    results = snapshot.count;
  }
  const kept = EMBEDDED
    ? ''
    : `; heap kept ${keptMb.toFixed(0)} MB, ${((keptMb / results) * 1e6).toFixed(0)} MB per million`;
  console.log(`  rebuild      ${count(Math.round(median(times)))} ms (median of ${RUNS})${kept}  (${load()})`);
}

async function changeKey(url: string, question: Question, answerKey: string): Promise<void> {
  const answer = await fetch(`${url}/api/data/update-answer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: adminAuth },
    body: JSON.stringify({ _id: question.id, answerKey }),
  });
  if (!answer.ok) throw new Error(`update-answer answered ${answer.status}`);
}

async function rescoring(url: string) {
  const answer = await fetch(`${url}/api/data/admin-stats`, { headers: { authorization: adminAuth } });
  const { rescoring: jobs } = (await answer.json()) as { rescoring: Array<{ state: string; rescored: number }> };
  return jobs[0] ?? { state: 'none', rescored: 0 };
}

/**
 * Re-scoring after a key change, watched for RESCORE_WINDOW_S at most: how long it took to read what is left, then
 * its rate, and get-rank (paced) while it walks the results.
 */
async function measureRescoring(instance: Instance, question: Question, answerKey: string, resultIds: string[]) {
  await changeKey(instance.url, question, answerKey);
  const changedAt = Date.now();
  let job = await rescoring(instance.url);
  while (job.state !== 'done' && job.rescored === 0) {
    await sleep(100);
    job = await rescoring(instance.url);
  }
  const walkingSince = { at: Date.now(), rescored: job.rescored };
  const rankMeanwhile = paced(instance.url, rankPaths(resultIds), RATES[0]!);
  while (job.state !== 'done' && Date.now() - changedAt < RESCORE_WINDOW_S * 1000) {
    await sleep(250);
    job = await rescoring(instance.url);
  }
  const rate = (job.rescored - walkingSince.rescored) / ((Date.now() - walkingSince.at) / 1000);
  console.log(
    `  re-scoring   ${count(job.rescored)} results in ${((Date.now() - changedAt) / 1000).toFixed(1)} s (${job.state}): ` +
      `${((walkingSince.at - changedAt) / 1000).toFixed(1)} s to the first, then ${count(Math.round(rate))} results/s  (${load()})`,
  );
  printLatency('get-rank', `paced ${count(RATES[0]!)}/s, re-scoring`, await rankMeanwhile);
}

/** The longest the event loop was held while this ran. */
async function eventLoopHeldMs(work: () => Promise<void>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await work();
  // The monitor notes a hold when its next tick comes, late.
  await sleep(50);
  delay.disable();
  return delay.max / 1e6;
}

// ---- the run ----------------------------------------------------------------------------------------------------

async function main() {
  console.log(
    `${EMBEDDED ? 'Embedded store (nedb)' : 'mongo-java-server'}; ${CONNECTIONS} connections, ${DURATION_S} s runs, median of ${RUNS}; ${load()}`,
  );
  const fixtures = await startFixtureServer();
  const mongo = EMBEDDED ? undefined : await startMongoServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-snapshot-bench-'));
  const storeConfig = { mongodbUri: mongo && `${mongo.uri}/bench`, dataDir };
  const instanceEnv: Record<string, string> = mongo
    ? { MONGODB_URI: `${mongo.uri}/bench`, DATA_DIR: path.join(dataDir, 'instance') }
    : { DATA_DIR: dataDir };

  let store = await createStore(storeConfig);
  await buildPaper(store, 'cs1-2026', fixtures);
  const paper = await store.questions.listByPaperId(PAPER_SET);
  const question = paper.find((candidate) => candidate.type === 'MCQ')!;
  const target = mongo ? mongoTarget(storeConfig.mongodbUri!, paper) : embeddedTarget(dataDir, paper);
  // Each round's key change flips the question's key (one version more), leaving every stored result behind.
  let answerKey = question.answerKey;
  let keyVersion = (await store.papers.findById(PAPER_SET))!.keyVersion;
  if (EMBEDDED) await store.close();

  for (const total of COUNTS) {
    const stored = Date.now();
    await target.grow(total, keyVersion);
    console.log(`\n${count(total)} results (stored in ${((Date.now() - stored) / 1000).toFixed(1)} s)`);
    if (EMBEDDED) {
      const [opened, heapBefore] = [Date.now(), heapMb()];
      store = await createStore(storeConfig);
      const heldMb = heapMb() - heapBefore;
      console.log(
        `  store open   ${((Date.now() - opened) / 1000).toFixed(1)} s; nedb holds every document: ${heldMb.toFixed(0)} MB of heap (${((heldMb * 1024) / total).toFixed(1)} KB a result)`,
      );
    }
    const resultIds = await store.results.idsScoredBelow(PAPER_SET, Number.MAX_SAFE_INTEGER);
    await measureRebuild(store);
    if (EMBEDDED) {
      // The folder is the instance's next. Closing compacts every datafile, as nedb does every 10 minutes: each
      // rewritten whole, in one go.
      const heldMs = await eventLoopHeldMs(() => store.close());
      console.log(`  compaction   holds the event loop ${count(Math.round(heldMs))} ms`);
    }
    const instance = await startInstance(instanceEnv, resultIds[0]!);
    console.log(`  instance     first answer ${(instance.firstAnswerMs / 1000).toFixed(1)} s after its start`);
    await measureRequests(instance.url, resultIds);
    answerKey = answerKey === 'A' ? 'B' : 'A';
    keyVersion++;
    await measureRescoring(instance, question, answerKey, resultIds);
    // A pass left running would go on in the next round's instance and weigh on its figures.
    while (total !== COUNTS.at(-1) && !(await rescoring(instance.url).then((job) => job.state === 'done'))) {
      await sleep(2_000);
    }
    await instance.stop();
  }

  if (!EMBEDDED) await store.close();
  await (target as Partial<{ close(): Promise<void> }>).close?.();
  await mongo?.stop();
  await fixtures.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
