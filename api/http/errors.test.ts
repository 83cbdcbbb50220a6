import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODES } from '../../src/contract/codes';
import { StoreUnavailableError } from '../store/types';
import { HttpError, jsonErrors } from './errors';

/** Each path fails in its own way; jsonErrors turns every one into `{message, code}`. */
const FAILURES: Record<string, () => never> = {
  '/api/broken': () => {
    throw new Error('a bug');
  },
  '/api/store-down': () => {
    throw new StoreUnavailableError('connection refused');
  },
  '/api/refused': () => {
    throw new HttpError(409, 'Only a demo paper stands down.', { code: 'NOT_A_DEMO_PAPER' });
  },
  '/api/plain-refusal': () => {
    throw Object.assign(new Error('Nope'), { status: 418 });
  },
};

describe('jsonErrors gives every failure a code', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = new Koa();
    app.use(jsonErrors());
    app.use((ctx) => {
      const fail = FAILURES[ctx.path];
      if (fail) fail();
      // Anything else falls through with no body: the router's own 404.
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  const answer = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
  };

  it.each([
    ['/api/broken', 500, 'INTERNAL_ERROR'],
    ['/api/store-down', 503, 'STORE_UNAVAILABLE'],
    ['/api/refused', 409, 'NOT_A_DEMO_PAPER'],
    ['/api/plain-refusal', 418, 'VALIDATION_FAILED'],
    ['/api/nothing-here', 404, 'NOT_FOUND'],
  ])('%s answers %i with code %s beside its message', async (path, status, code) => {
    const { status: got, body } = await answer(path);
    expect(got).toBe(status);
    expect(body.code).toBe(code);
    expect(body.message).toEqual(expect.any(String));
    expect(API_CODES).toContain(body.code);
  });

  it('gives an HttpError of a generic status the status’s code', () => {
    expect(new HttpError(404, 'No paper with this id.').code).toBe('NOT_FOUND');
    expect(new HttpError(429, 'Too many checks.').code).toBe('RATE_LIMITED');
    expect(new HttpError(400, 'Wrong key.', { code: 'INVALID_KEY' }).code).toBe('INVALID_KEY');
    // @ts-expect-error A 409 or a 422 says nothing by its status alone: the compiler refuses one without its code.
    expect(new HttpError(409, 'Conflict.').code).toBe('VALIDATION_FAILED');
  });
});
