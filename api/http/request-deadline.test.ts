import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/support/eventually';
import { jsonErrors } from './errors';
import { REQUEST_TIMEOUT_MESSAGE, requestDeadline } from './request-deadline';

describe('requestDeadline', () => {
  let server: Server;
  let url: string;
  let finishSlowWork!: () => void;
  const slowWorkMayFinish = new Promise<void>((resolve) => (finishSlowWork = resolve));
  let lateWorkDone = false;

  beforeAll(async () => {
    const app = new Koa();
    app.use(jsonErrors());
    app.use(requestDeadline(200));
    app.use(async (ctx) => {
      if (ctx.path === '/slow') {
        // Held until the test lets it go: only the deadline can answer the request before that.
        await slowWorkMayFinish;
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
    const response = await fetch(`${url}/slow`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: REQUEST_TIMEOUT_MESSAGE, code: 'REQUEST_TIMEOUT' });
    expect(lateWorkDone).toBe(false);
    finishSlowWork();
    await eventually(() => lateWorkDone, { what: 'the late work to finish' });
    expect(await (await fetch(`${url}/fast`)).json()).toEqual({ on: 'time' });
  });
});
