/**
 * The compiled server (dist/server/server.js, as the systemd unit starts it) against the same TypeScript run through
 * tsx: the time from the process's spawn to its first healthy answer, and its resident memory after 30 s of checks.
 *   - start-up: RUNS alternating starts of each (fresh data folder, demo papers seeded, embedded store), polling
 *     /api/health/ready every 10 ms; medians and ranges;
 *   - memory: one 30 s autocannon run of checks of a demo sheet (10 connections) per way, then VmRSS from /proc.
 * Run: npm run build && npm run bench:startup (RUNS, LOAD_SECONDS override). Needs Linux's /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../cluster/cluster';

const RUNS = Number(process.env.RUNS ?? 7);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);

const WAYS = {
  compiled: ['--enable-source-maps', 'dist/server/server.js'],
  tsx: ['--import', 'tsx', 'api/server.ts'],
} as const;
type Way = keyof typeof WAYS;

interface Running {
  child: ChildProcess;
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

async function start(way: Way): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-startup-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, WAYS[way], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_OUTBOX: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let ended = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`${way} exited before it became ready`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (performance.now() - began > 60_000) throw new Error(`${way} did not become ready in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    child,
    url,
    startMs: performance.now() - began,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1]) / 1024;
}

async function demoLink(url: string): Promise<string> {
  const page = await (await fetch(`${url}/demo`)).text();
  const link = page.match(/https?:\/\/[^"'<\s]+\/demo\/response-sheets\/CS26[^"'<\s]+\.html/)?.[0];
  if (!link) throw new Error('No CS 1 demo sheet listed on /demo');
  return link;
}

async function memoryAfterLoad(way: Way): Promise<{ rssMb: number; requests: number; non2xx: number }> {
  const server = await start(way);
  try {
    const link = await demoLink(server.url);
    const result = await autocannon({
      url: `${server.url}/api/data/generate-response`,
      connections: 10,
      duration: LOAD_SECONDS,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link, testPaper: 'CS 1' }),
    });
    return { rssMb: residentMb(server.child.pid!), requests: result.requests.total, non2xx: result.non2xx };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const starts: Record<Way, number[]> = { compiled: [], tsx: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const way of run % 2 ? (['tsx', 'compiled'] as const) : (['compiled', 'tsx'] as const)) {
      const server = await start(way);
      starts[way].push(server.startMs);
      await server.stop();
    }
  }
  for (const way of Object.keys(WAYS) as Way[]) {
    const times = starts[way];
    console.log(
      `${way.padEnd(9)} start to first healthy answer: median ${median(times).toFixed(0)} ms ` +
        `(${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms, ${RUNS} runs)`,
    );
  }
  console.log(`start-up ratio tsx / compiled: ×${(median(starts.tsx) / median(starts.compiled)).toFixed(2)}`);
  for (const way of Object.keys(WAYS) as Way[]) {
    const { rssMb, requests, non2xx } = await memoryAfterLoad(way);
    console.log(
      `${way.padEnd(9)} resident memory after ${LOAD_SECONDS} s of checks: ${rssMb.toFixed(0)} MB ` +
        `(${requests} requests; ${non2xx} of them past the limit of 100,000 checks a minute, answered 429)`,
    );
  }
}

await main();
