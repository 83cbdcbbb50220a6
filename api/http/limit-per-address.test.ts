import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { jsonErrors } from './errors';
import { memoryLimiters } from '../store';
import { limitPerAddress } from './limiters';

describe('limitPerAddress', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // A trusted proxy with one hop: the test names each request's client address in X-Forwarded-For.
    const app = new Koa({ proxy: true, maxIpsCount: 1 });
    app.use(jsonErrors());
    app.use(
      limitPerAddress(memoryLimiters({ name: 'test-checks', points: 3, windowMs: 60_000 }), 'score checks', (ctx) =>
        Boolean(ctx.get('x-exempt')),
      ),
    );
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const from = (address: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers: { 'x-forwarded-for': address, ...headers } });

  it('lets exactly the limit through when 40 requests from one address arrive at once', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => from('203.0.113.1')));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many score checks from your network\. Please wait \d+ seconds? and try again\.$/,
    );
  });

  it('counts each address on its own and lets exempt requests through', async () => {
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(429);
    expect((await from('203.0.113.2', { 'x-exempt': '1' })).status).toBe(200);
    expect((await from('198.51.100.9')).status).toBe(200);
  });
});
