/**
 * Checker API benchmark on loopback: POST /api/data/generate-response with autocannon.
 *   1. repeat check: links checked a moment ago (sheet cache and the recent-scorecard cache answer);
 *   2. cached sheet, scored and stored anew: the sheet is cached but each request carries a new e-mail, so the
 *      scorecard is scored, predicted and upserted every time;
 *   3. fresh: every request a link never seen, fetched (gzip) and parsed from the local fixture server.
 * The server runs in a child process (the real app, embedded store, CS 1 paper and keys seeded through the engine) so
 * the load generator does not share its event loop. Run: npm run bench:api
 * Targets on a 2-core machine: cached ≥ 1,000 req/s with p99 ≤ 50 ms.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startFixtureServer } from '../support/fixture-server';
import { sheetLinks, startCheckerServer } from '../integration/checker-harness';
import { buildPaper } from '../support/builders';

const CACHED_TARGET = { requestsPerSecond: 1_000, p99Ms: 50 };
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** Child mode: the fixture server and the app, printing one JSON line with their addresses. */
async function serve(): Promise<void> {
  const fixtures = await startFixtureServer();
  const server = await startCheckerServer({ RATE_LIMIT_PER_MINUTE: '100000', RESPONSE_SHEET_HOSTS: fixtures.host });
  await buildPaper(server.store, 'cs1-2026', fixtures);
  console.log(JSON.stringify({ url: server.url, links: sheetLinks('cs1-2026', fixtures) }));
  // Each line on stdin asks for the CPU time used so far, so the parent can report CPU per request.
  process.stdin.on('data', () => console.log(JSON.stringify(process.cpuUsage())));
  process.stdin.on('end', () => {
    void server
      .close()
      .then(() => fixtures.close())
      .then(() => process.exit(0));
  });
}

interface Figures {
  requestsPerSecond: number;
  /** Server CPU time (user + system) per request: what the server spends, whatever else the machine runs. */
  cpuMsPerRequest: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

async function run(server: BenchServer, bodies: () => string, duration: number): Promise<Figures> {
  const cpuBefore = await server.cpu();
  const result = await autocannon({
    url: `${server.url}/api/data/generate-response`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bodies() }),
      },
    ],
  });
  const cpuAfter = await server.cpu();
  return {
    requestsPerSecond: Math.round(result.requests.average),
    cpuMsPerRequest: (cpuAfter - cpuBefore) / 1000 / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const line = (title: string, f: Figures) =>
  `${title.padEnd(38)} ${String(f.requestsPerSecond).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   server CPU ${f.cpuMsPerRequest.toFixed(2)} ms/req   (${f.total} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`;

interface BenchServer {
  url: string;
  links: string[];
  /** Server CPU microseconds used so far. */
  cpu(): Promise<number>;
  stop(): void;
}

/** Starts this file in --serve mode and talks to it over its stdin and stdout, one JSON line at a time. */
async function startBenchServer(): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (let newline = output.indexOf('\n'); newline >= 0; newline = output.indexOf('\n')) {
      const line = output.slice(0, newline);
      output = output.slice(newline + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const ready = lines.shift();
      if (ready !== undefined) resolve(ready);
      else waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  const { url, links } = JSON.parse(await nextLine()) as { url: string; links: string[] };
  return {
    url,
    links,
    async cpu() {
      child.stdin.write('cpu\n');
      const { user, system } = JSON.parse(await nextLine()) as { user: number; system: number };
      return user + system;
    },
    stop: () => child.stdin.end(),
  };
}

async function main(): Promise<void> {
  const server = await startBenchServer();
  const { links } = server;
  try {
    let next = 0;
    const cachedBody = () => JSON.stringify({ link: links[next++ % links.length], testPaper: 'CS 1' });
    // Warm-up: fill the sheet cache and let the JIT settle.
    await run(server, cachedBody, 2);
    const cached = await run(server, cachedBody, DURATION_S);
    let mails = 0;
    const scoredBody = () =>
      JSON.stringify({ link: links[mails % links.length], testPaper: 'CS 1', email: `bench${mails++}@example.com` });
    const scored = await run(server, scoredBody, Math.max(3, Math.round(DURATION_S / 2)));
    let fresh = 0;
    const freshBody = () =>
      JSON.stringify({ link: `${links[fresh % links.length]}?bench=${fresh++}-${Date.now()}`, testPaper: 'CS 1' });
    const uncached = await run(server, freshBody, Math.max(3, Math.round(DURATION_S / 2)));

    console.log(`generate-response on loopback, ${CONNECTIONS} connections, embedded store`);
    console.log(line('repeat check (cached sheet)', cached));
    console.log(line('cached sheet, scored and stored anew', scored));
    console.log(line('fresh fetch + parse (fixture server)', uncached));
    const met = cached.requestsPerSecond >= CACHED_TARGET.requestsPerSecond && cached.p99 <= CACHED_TARGET.p99Ms;
    console.log(
      `target cached ≥ ${CACHED_TARGET.requestsPerSecond} req/s with p99 ≤ ${CACHED_TARGET.p99Ms} ms: ${met ? 'met' : 'NOT met'}`,
    );
    if ([cached, scored, uncached].some((figures) => figures.non2xx + figures.errors > 0)) {
      console.log('some requests failed: the figures above are not valid');
      process.exitCode = 1;
    }
  } finally {
    server.stop();
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
