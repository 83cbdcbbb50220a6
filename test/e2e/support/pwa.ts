import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser';
import { reportPolicyViolations } from './policy-violations';
import { itemAt } from '../../../src/domain/lists';

/**
 * Helpers for the PWA journeys: a recording proxy in front of the real server (what reached the server,
 * from whom, and a switch that makes the server unreachable), service-worker waits and admin API reads.
 */

// ---- the recording proxy ----------------------------------------------------------------------------------------

export interface Exchange {
  method: string;
  path: string;
  /** The Referer the browser sent: a page address, or `/sw.js` when the service worker made the request. */
  referer: string;
  /** Request body, kept for API calls only. */
  body: string;
  status: number;
  /** Response body, kept for API calls only. */
  response: string;
  /** True when the proxy was 'unplugged' and dropped the request before it reached the server. */
  dropped: boolean;
  at: number;
}

export interface RecordingProxy {
  /** Origin the browser uses (http://127.0.0.1:port); the server sees the same Host header. */
  url: string;
  exchanges: Exchange[];
  /** Unplugged: every request (from a page or from the service worker) fails like a dead network. */
  setUnplugged(unplugged: boolean): void;
  /** Text appended to /sw.js, so the browser sees a new service-worker version ('' = the build as it is). */
  setServiceWorkerSuffix(suffix: string): void;
  close(): Promise<void>;
}

const isApi = (url: string) => url.startsWith('/api/');

/**
 * A plain HTTP proxy to `target` that records each exchange. It forwards the Host header unchanged, so the server
 * answers as if reached directly at the proxy's address (the demo sheets recognise their own origin that way).
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const exchanges: Exchange[] = [];
  const sockets = new Set<Socket>();
  let unplugged = false;
  let swSuffix = '';
  // Kept-alive upstream connections: closing one the moment an answer ends races the server finishing its response.
  const agent = new http.Agent({ keepAlive: true });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const exchange: Exchange = {
      method: req.method ?? 'GET',
      path: url,
      referer: String(req.headers.referer ?? ''),
      body: '',
      status: 0,
      response: '',
      dropped: false,
      at: Date.now(),
    };
    exchanges.push(exchange);
    if (unplugged) {
      exchange.dropped = true;
      req.socket.destroy();
      return;
    }
    const requestChunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => requestChunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(requestChunks);
      if (isApi(url)) exchange.body = body.toString('utf8');
      // Uncompressed answers, so bodies can be read and /sw.js can be extended.
      const headers = { ...req.headers };
      delete headers['accept-encoding'];
      delete headers.connection;
      delete headers['keep-alive'];
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers, agent },
        (answer) => {
          exchange.status = answer.statusCode ?? 0;
          const rewriteSw = url.split('?')[0] === '/sw.js' && swSuffix !== '' && exchange.status === 200;
          // Read every answer to its end before replying, so a browser that gives up on a request never cuts the
          // server's response short.
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            let payload = Buffer.concat(chunks);
            if (rewriteSw) payload = Buffer.concat([payload, Buffer.from(swSuffix)]);
            if (isApi(url)) exchange.response = payload.toString('utf8');
            const outHeaders = { ...answer.headers };
            if (answer.headers['content-length'] !== undefined || rewriteSw) {
              outHeaders['content-length'] = String(payload.length);
            }
            if (rewriteSw) delete outHeaders.etag;
            if (res.destroyed) return;
            res.writeHead(exchange.status, outHeaders);
            res.end(payload);
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  };

  const server = http.createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    setUnplugged(value) {
      unplugged = value;
      // Kept-alive connections would otherwise carry requests past the switch.
      if (value) for (const socket of sockets) socket.destroy();
    },
    setServiceWorkerSuffix(suffix) {
      swSuffix = suffix;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What reached the server for update-answer: the question, key, operation id, outcome and who sent it. */
export interface AnswerDelivery {
  questionId: string;
  answerKey: string;
  opId: string;
  status: number;
  outcome: string | undefined;
  fromServiceWorker: boolean;
  at: number;
}

export function answerDeliveries(proxy: RecordingProxy, since = 0): AnswerDelivery[] {
  return proxy.exchanges
    .filter((e) => !e.dropped && e.method === 'PUT' && e.path === '/api/data/update-answer' && e.at >= since)
    .map((e) => {
      const sent = JSON.parse(e.body || '{}') as { _id?: string; answerKey?: string; opId?: string };
      let outcome: string | undefined;
      try {
        outcome = (JSON.parse(e.response) as { data?: { data?: { outcome?: string } } }).data?.data?.outcome;
      } catch {
        outcome = undefined;
      }
      return {
        questionId: sent._id ?? '',
        answerKey: sent.answerKey ?? '',
        opId: sent.opId ?? '',
        status: e.status,
        outcome,
        fromServiceWorker: new URL(e.referer || 'http://x/').pathname === '/sw.js',
        at: e.at,
      };
    });
}

/** Offline the way a user meets it: the browser says so (navigator.onLine, events) and the server is unreachable. */
export async function setNetwork(context: BrowserContext, proxy: RecordingProxy, online: boolean): Promise<void> {
  if (online) {
    proxy.setUnplugged(false);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    proxy.setUnplugged(true);
  }
}

/**
 * The page's network, cut and restored through a session of the test's own rather than the context's offline mode:
 * Chromium 150 starts every document loaded offline as online (navigator.onLine true, no `offline` event) although
 * its requests still fail, as a user's browser never does. `offline()` after such a navigation tells the new document
 * again; `online()` is one step, as a user's reconnect is.
 */
export async function pageNetwork(page: Page): Promise<{ offline(): Promise<void>; online(): Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  const network = async (offline: boolean) => {
    await session.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
  return { offline: () => network(true), online: () => network(false) };
}

// ---- service worker ---------------------------------------------------------------------------------------------

/**
 * After a first visit: waits until the service worker is active (precache complete), then reloads if needed so the
 * worker controls the page. Returns the controller's script URL.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

// ---- a persistent profile (installability is never reported in an incognito-like context) ------------------------

export interface PersistentChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium with a real (temporary) profile, with the flags of support/browser.ts. */
export async function launchPersistentChromium(): Promise<PersistentChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'hiregate-pwa-profile-'));
  const context = await reportPolicyViolations(
    await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS }),
  );
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// ---- admin API --------------------------------------------------------------------------------------------------

export interface AdminCredentials {
  email: string;
  password: string;
}

export interface StoredQuestion {
  _id: string;
  long_id: string;
  type: 'MCQ' | 'MSQ' | 'NAT';
  options?: Record<string, string>;
  answerKey?: string;
}

/** One paper as the admin API returns it (GET /api/data/all-question-paper), read straight from the server. */
export async function readPaper(
  serverUrl: string,
  admin: AdminCredentials,
  paperId: string,
): Promise<StoredQuestion[]> {
  const response = await fetch(serverUrl + '/api/data/all-question-paper', {
    headers: { Authorization: `Basic ${Buffer.from(`${admin.email}:${admin.password}`).toString('base64')}` },
  });
  if (!response.ok) throw new Error(`all-question-paper answered ${response.status}`);
  const papers = (await response.json()) as Record<string, StoredQuestion[]>;
  const paper = papers[paperId];
  if (!paper) throw new Error(`No paper ${paperId}; the server has ${Object.keys(papers).join(', ')}`);
  return paper;
}

/** A random key the admin screen and the server accept for the question's type (MCQ letter, MSQ letters, NAT number or range). */
export function randomValidKey(question: StoredQuestion, random: () => number): string {
  if (question.type === 'MCQ') {
    const letters = Object.keys(question.options ?? {}).sort();
    const choices = letters.length ? letters : ['A', 'B', 'C', 'D'];
    return itemAt(choices, Math.floor(random() * choices.length));
  }
  if (question.type === 'MSQ') {
    const picked = ['A', 'B', 'C', 'D'].filter(() => random() < 0.5);
    return (picked.length ? picked : [itemAt(['A', 'B', 'C', 'D'], Math.floor(random() * 4))]).join(';');
  }
  const value = Math.round(random() * 2000 - 500) / 100;
  if (random() < 0.5) return String(value);
  return `${value}:${Math.round((value + 0.25) * 100) / 100}`;
}
