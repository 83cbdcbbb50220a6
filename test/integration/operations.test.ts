import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { createStore } from '../../api/store';
import { itemAt } from '../../src/domain/lists';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { metricSample as sample } from '../support/metrics';
import { postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import { buildPaper } from '../support/builders';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let withoutToken: CheckerServer;
  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization } });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    fixtures.route('/blocked/sheet.html', (_request, response) => response.writeHead(403).end('Forbidden'));
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_PER_MINUTE: '3',
    });
    withoutToken = await startCheckerServer();
    await buildPaper(server.store, 'cs1-2026', fixtures);
  });
  afterAll(async () => {
    await server?.close();
    await withoutToken?.close();
    await fixtures?.close();
  });

  it('is off (404 with a message) while METRICS_TOKEN is unset', async () => {
    const response = await fetch(`${withoutToken.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'Metrics are off: set METRICS_TOKEN to turn them on.',
      code: 'NOT_FOUND',
    });
  });

  it('needs the bearer token', async () => {
    for (const authorization of ['', 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const { status, text } = await scrape(authorization);
      expect(status).toBe(401);
      expect(JSON.parse(text)).toEqual({
        message: 'The metrics need the bearer token set in METRICS_TOKEN.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('counts checks by outcome, requests by route, portal answers by status and limit refusals', async () => {
    const link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
    expect((await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1' })).status).toBe(200);
    const blocked = `http://${fixtures.host}/blocked/sheet.html`;
    expect((await postJson(`${server.url}/api/data/generate-response`, { link: blocked })).status).toBe(502);
    expect((await postJson(`${server.url}/api/data/generate-response`, { link })).status).toBe(200);
    expect((await postJson(`${server.url}/api/data/generate-response`, { link })).status).toBe(429);

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sample(text, 'hiregate_checks_total', { outcome: 'scorecard' })).toBe(2);
    expect(sample(text, 'hiregate_checks_total', { outcome: 'portal fetch failed' })).toBe(1);
    expect(sample(text, 'hiregate_checks_total', { outcome: 'rate limited' })).toBe(1);
    // The portal was asked once for the good sheet (the second check read it from the cache) and once for the 403.
    expect(sample(text, 'hiregate_portal_fetches_total', { file: 'sheet', result: '200' })).toBe(1);
    expect(sample(text, 'hiregate_portal_fetches_total', { file: 'sheet', result: '403' })).toBe(1);
    expect(sample(text, 'hiregate_limit_refusals_total', { limit: 'score checks from your network' })).toBe(1);
    const route = { route: '/api/data/generate-response', method: 'POST' };
    expect(sample(text, 'hiregate_http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(sample(text, 'hiregate_http_requests_total', { ...route, status: '429' })).toBe(1);
    expect(sample(text, 'hiregate_http_request_duration_seconds_count', route)).toBe(4);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('labels unknown paths as one route, never by their raw address', async () => {
    await fetch(`${server.url}/api/no-such/${Math.random()}`);
    const { text } = await scrape();
    expect(sample(text, 'hiregate_http_requests_total', { route: 'unmatched api', status: '404' })).toBeGreaterThan(0);
    expect(text).not.toContain('/api/no-such/');
  });
});

describe('liveness and readiness', () => {
  it('are live and ready while serving, not ready while closing, live but not ready without the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-ops-'));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false' });
    const store = await createStore(config);
    // Two instances on one store: one closes, the other loses its database.
    const [closing, serving] = [0, 1].map(() => createApp(config, store, pino({ level: 'silent' })));
    const servers: Server[] = await Promise.all(
      [closing!, serving!].map(
        (app) =>
          new Promise<Server>((resolve) => {
            const listening = app.koa.listen(0, '127.0.0.1', () => resolve(listening));
          }),
      ),
    );
    const [closingUrl, servingUrl] = servers.map(
      (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    const status = async (url: string | undefined, path: string) => (await fetch(`${url}${path}`)).status;
    const ready = async (url: string | undefined) =>
      (await fetch(`${url}/api/health/ready`)).json() as Promise<unknown>;
    try {
      expect([await status(closingUrl, '/api/health/live'), await status(closingUrl, '/api/health/ready')]).toEqual([
        200, 200,
      ]);
      closing!.drain();
      expect([await status(closingUrl, '/api/health/live'), await status(closingUrl, '/api/health/ready')]).toEqual([
        200, 503,
      ]);
      expect(await ready(closingUrl)).toMatchObject({ ok: false, message: 'This instance is shutting down.' });
      expect(await status(servingUrl, '/api/health/ready')).toBe(200);
      await store.close();
      expect([await status(servingUrl, '/api/health/live'), await status(servingUrl, '/api/health/ready')]).toEqual([
        200, 503,
      ]);
      expect(await ready(servingUrl)).toMatchObject({ ok: false, message: 'The database is not reachable.' });
      expect(await status(servingUrl, '/api/health')).toBe(503);
    } finally {
      for (const server of servers) server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
