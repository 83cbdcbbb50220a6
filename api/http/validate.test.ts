import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { boolean, number, object, string } from 'yup';
import { loginRequestSchema } from '../../src/domain/validation/accounts';
import { BROKEN_TEXT, CONTROL_CHARACTERS } from '../../src/domain/validation/text';
import { jsonErrors } from './errors';
import { NOT_AN_OBJECT, validate } from './validate';

const pageSchema = object({ limit: number().integer().min(0), name: string().trim() });
const flagSchema = object({ subscribed: boolean().required() });
const pageWithQuery = object({ name: string().trim(), html: string().required('Send the page') });

describe('validate middleware', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const router = new Router();
    router.post('/named', validate(loginRequestSchema), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.post(
      '/bare',
      validate(loginRequestSchema, { messages: 'bare', extra: (message) => ({ notify: { message } }) }),
      (ctx) => {
        ctx.body = { input: ctx.state.input };
      },
    );
    router.get('/query', validate(pageSchema, { from: 'query' }), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.get('/params/:name/:limit', validate(pageSchema, { from: 'params' }), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    const renameSchema = object({ name: string().required(), op: string().max(5, 'at most 5 characters') });
    router.put('/items/:name', validate(renameSchema, { params: ['name'], headers: { op: 'x-op' } }), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.post('/flag', validate(flagSchema), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.get('/flag', validate(flagSchema, { from: 'query' }), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    router.post('/page', validate(pageWithQuery, { from: 'query', textBody: 'html' }), (ctx) => {
      ctx.body = { input: ctx.state.input };
    });
    const app = new Koa();
    app.use(jsonErrors());
    app.use(bodyParser({ enableTypes: ['json', 'text'] }));
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it.each([
    ['an operator object', { username: { $gt: '' }, password: 'x' }, 'username', 'Must be text'],
    ['an array', { username: 'a@b.co', password: ['x', 'y'] }, 'password', 'Must be text'],
    ['a nested object', { username: 'a@b.co', password: { nested: { deeper: 1 } } }, 'password', 'Must be text'],
    ['a number', { username: 42, password: 'x' }, 'username', 'Must be text'],
    ['null', { username: null, password: 'x' }, 'username', 'Must be text'],
  ])('answers %s in a text field with 400 naming the field', async (_, body, field, message) => {
    const answer = await post('/named', body);
    expect(answer).toEqual({
      status: 400,
      body: { message: `${field}: ${message}`, code: 'VALIDATION_FAILED', errors: { [field]: message } },
    });
    // Calls that show the form's own words still name the field for a value no form can send.
    expect((await post('/bare', body)).body).toMatchObject({ message: `${field}: ${message}` });
  });

  it('refuses a body that is not an object', async () => {
    const refused = { status: 400, body: { message: NOT_AN_OBJECT, code: 'VALIDATION_FAILED' } };
    expect(await post('/named', ['username'])).toEqual(refused);
    expect(await post('/named', [])).toEqual(refused);
    const text = await fetch(`${url}/named`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'username=a@b.co',
    });
    expect({ status: text.status, body: (await text.json()) as unknown }).toEqual(refused);
  });

  it('names the first failing field in the schema’s order, whatever the order of the body', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await post('/named', { password: '', username: '' })).toEqual({
        status: 400,
        body: {
          message: 'username: This field is required',
          code: 'VALIDATION_FAILED',
          errors: { username: 'This field is required', password: 'This field is required' },
        },
      });
    }
    expect(await post('/bare', { password: '', username: 'a@b.co' })).toEqual({
      status: 400,
      body: {
        message: 'This field is required',
        code: 'VALIDATION_FAILED',
        notify: { message: 'This field is required' },
        errors: { password: 'This field is required' },
      },
    });
  });

  it('refuses NUL, other control characters and lone surrogates in text', async () => {
    for (const [username, message] of [
      ['a\u0000@b.co', CONTROL_CHARACTERS],
      ['a\u001b[31m@b.co', CONTROL_CHARACTERS],
      ['a\nb@b.co', CONTROL_CHARACTERS],
      ['a\uD800@b.co', BROKEN_TEXT],
      ['a\uDC00@b.co', BROKEN_TEXT],
    ]) {
      expect(await post('/named', { username, password: 'x' })).toMatchObject({
        status: 400,
        body: { errors: { username: message } },
      });
    }
    expect((await post('/named', { username: 'a😀@b.co', password: 'x' })).status).toBe(200);
  });

  it('hands the route trimmed input without unknown keys', async () => {
    const answer = await post('/named', { username: '  a@b.co ', password: 'x', isAdmin: true });
    expect(answer).toEqual({ status: 200, body: { input: { username: 'a@b.co', password: 'x' } } });
  });

  it('reads the query when asked, and refuses a repeated parameter', async () => {
    const get = async (query: string) => {
      const response = await fetch(`${url}/query?${query}`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await get('limit=5&name=%20x%20')).toEqual({ status: 200, body: { input: { limit: 5, name: 'x' } } });
    expect(await get('limit=1&limit=2')).toMatchObject({
      status: 400,
      body: { errors: { limit: 'Must be a number' } },
    });
    expect(await get('name=a&name=b')).toMatchObject({ status: 400, body: { message: 'name: Must be text' } });
  });

  it('takes a flag in JSON only as true or false, and as text only from the query', async () => {
    expect(await post('/flag', { subscribed: true })).toEqual({ status: 200, body: { input: { subscribed: true } } });
    for (const subscribed of ['true', 'false', 1, 'yes']) {
      expect(await post('/flag', { subscribed })).toEqual({
        status: 400,
        body: {
          message: 'subscribed: Must be true or false',
          code: 'VALIDATION_FAILED',
          errors: { subscribed: 'Must be true or false' },
        },
      });
    }
    const fromQuery = await fetch(`${url}/flag?subscribed=false`);
    expect(await fromQuery.json()).toEqual({ input: { subscribed: false } });
  });

  it('reads path parameters when asked', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${url}/params/${path}`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await get('x/5')).toEqual({ status: 200, body: { input: { name: 'x', limit: 5 } } });
    expect(await get('x/-1')).toMatchObject({
      status: 400,
      body: { errors: { limit: expect.any(String) as unknown } },
    });
  });

  it('reads named path parameters and headers beside the body, through the same rules', async () => {
    const put = async (headers: Record<string, string>, body: unknown) => {
      const response = await fetch(`${url}/items/chair`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    // The path names the item whatever the body says; the header fills a field the body left out.
    expect(await put({ 'x-op': 'op-1' }, { name: 'table' })).toEqual({
      status: 200,
      body: { input: { name: 'chair', op: 'op-1' } },
    });
    expect(await put({ 'x-op': 'op-1' }, { op: 'op-2' })).toEqual({
      status: 200,
      body: { input: { name: 'chair', op: 'op-2' } },
    });
    expect(await put({ 'x-op': 'much-too-long' }, {})).toEqual({
      status: 400,
      body: { message: 'op: at most 5 characters', code: 'VALIDATION_FAILED', errors: { op: 'at most 5 characters' } },
    });
  });

  it('reads a text body into its field beside the query, and never takes that field from the query', async () => {
    const send = async (query: string, init: RequestInit) => {
      const response = await fetch(`${url}/page?${query}`, { method: 'POST', ...init });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const page = { headers: { 'content-type': 'text/plain' }, body: ' <html> ' };
    expect(await send('name=x', page)).toEqual({ status: 200, body: { input: { name: 'x', html: ' <html> ' } } });
    const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ html: '<p>' }) };
    expect(await send('name=x', json)).toEqual({ status: 200, body: { input: { name: 'x', html: '<p>' } } });
    expect(await send('html=<p>', {})).toMatchObject({ status: 400, body: { errors: { html: 'Send the page' } } });
  });
});
