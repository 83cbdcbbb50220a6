import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonErrors } from './errors';
import { REQUEST_TIMEOUT_MESSAGE, requestDeadline } from './request-deadline';

describe('requestDeadline', () => {
  let server: Server;
  let url: string;
  let lateWorkDone = false;

  beforeAll(async () => {
    const app = new Koa();
    app.use(jsonErrors);
    app.use(requestDeadline(200));
    app.use(async (ctx) => {
      if (ctx.path === '/slow') {
        await new Promise((resolve) => setTimeout(resolve, 600));
        lateWorkDone = true;
        ctx.body = { too: 'late' };
        return;
      }
      ctx.body = { on: 'time' };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('answers work past the deadline with 503 and Retry-After at the deadline, and drops its late answer', async () => {
    const started = performance.now();
    const response = await fetch(`${url}/slow`);
    const ms = performance.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: REQUEST_TIMEOUT_MESSAGE, code: 'REQUEST_TIMEOUT' });
    expect(ms).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lateWorkDone).toBe(true);
    expect(await (await fetch(`${url}/fast`)).json()).toEqual({ on: 'time' });
  });
});
