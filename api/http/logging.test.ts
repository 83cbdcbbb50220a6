import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createStore, type Store } from '../store';

interface LogLine {
  level: number;
  requestId?: string;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  err?: unknown;
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

describe('request log lines', () => {
  const lines: LogLine[] = [];
  let server: Server;
  let store: Store;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-logging-'));
    const distDir = path.join(dataDir, 'web');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>HireGate</title>');
    writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1);');
    const config = loadConfig({
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DEMO: 'false',
      METRICS_TOKEN: 'metrics-token-0123456789',
    });
    store = await createStore(config);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const app = createApp(config, store, pino({ level: 'debug' }, sink)).koa;
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The log lines of one request, told by the request id it answers with. */
  async function logOf(pathname: string, init: RequestInit = {}) {
    const response = await fetch(url + pathname, init);
    await response.arrayBuffer();
    const id = response.headers.get('x-request-id');
    await new Promise((resolve) => setImmediate(resolve));
    return {
      status: response.status,
      allow: response.headers.get('allow'),
      lines: lines.filter((line) => line.requestId === id),
    };
  }

  it.each(['PROPFIND', 'SEARCH', 'MKCOL'])(
    'answers %s on an API path with 405 and Allow, logged once at warn without a stack',
    async (method) => {
      const { status, allow, lines: logged } = await logOf('/api/health', { method });
      expect({ status, allow }).toEqual({ status: 405, allow: 'HEAD, GET' });
      expect(logged).toEqual([expect.objectContaining({ level: LEVELS.warn, msg: 'request', status: 405 })]);
      expect(JSON.stringify(logged)).not.toContain('stack');
    },
  );

  it('answers an unknown method on a path no route has with 404, at info', async () => {
    const { status, lines: logged } = await logOf('/api/no-such-route', { method: 'PROPFIND' });
    expect(status).toBe(404);
    expect(logged.map((line) => line.level)).toEqual([LEVELS.info]);
  });

  it.each([
    ['readiness', '/api/health/ready', {}],
    ['liveness', '/api/health/live', {}],
    ['a metrics scrape', '/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789' } }],
    ['the web app', '/', {}],
    ['an asset', '/assets/app-1234.js', {}],
  ])('logs %s at debug when it succeeds', async (_what, pathname, init) => {
    const { status, lines: logged } = await logOf(pathname, init);
    expect(status).toBe(200);
    expect(logged.map((line) => line.level)).toEqual([LEVELS.debug]);
  });

  it('logs API work and refusals at info, a refused scrape included', async () => {
    expect((await logOf('/api/data/distribution/CS%201')).lines.map((line) => line.level)).toEqual([LEVELS.info]);
    const refused = await logOf('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.lines.map((line) => line.level)).toEqual([LEVELS.info]);
  });
});
