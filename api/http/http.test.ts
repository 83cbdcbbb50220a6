import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server';

/** What every client of the API relies on, whatever the route: JSON failures with the right status, and limits. */
describe('HTTP contract of the real server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ BODY_LIMIT_BYTES: '2048', CLIENT_CODE: 'test-client' });
  });
  afterAll(() => server?.close());

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-client-code': 'test-client' },
      body,
    });

  it('reports health with the store in use', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown).toEqual({
      ok: true,
      store: 'embedded',
      version: expect.any(String) as unknown,
    });
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413 and a JSON message', async () => {
    const response = await post('/api/signup', JSON.stringify({ name: 'x'.repeat(4096) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses malformed JSON with 400 and a JSON message', async () => {
    const response = await post('/auth/login', '{"username": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });

  it('answers an unknown API route with 404 JSON, never the web app', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('answers a method a route does not take with 405 JSON and the methods it does take', async () => {
    const response = await fetch(`${server.url}/api/data/generate-response`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      message: '/api/data/generate-response does not accept PUT; it accepts POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it.each([
    ['/api/data/send-verification', 'application/x-www-form-urlencoded', 'link=x&email=a%40b.in'],
    ['/api/data/generate-response', 'text/plain', '{"link":"x","testPaper":"CS 1"}'],
    ['/auth/login', 'multipart/form-data; boundary=b', '--b--'],
    ['/api/data/upload-response?testPaper=CS%201', 'application/x-www-form-urlencoded', 'html=%3Chtml%3E'],
  ])('refuses %s sent as %s (what a cross-site form can send) with 415 before reading it', async (path, type, body) => {
    const response = await post(path, body, type);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Send the request body as JSON (Content-Type: application/json).',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});
