import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { startFixtureServer, type FixtureServer } from '../../../test/support/fixture-server';
import { fixturesRoot, readFixtureJson, type FixtureSet, type FixtureUrls } from '../../../test/support/fixtures';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from './image-proxy';
import { FETCH_MESSAGES } from '../../sheets/fetcher';
import { openLaneStore } from '../../../test/support/store-lanes';
import { itemAt } from '../../../src/domain/lists';

const FOREVER = 'public, max-age=31536000, immutable';
/** The first fixture image of a set with this extension: its bytes on disk and its path on the fixture server. */
function fixtureImage(set: FixtureSet, extension: string): { bytes: Buffer; pathname: string } {
  const dir = path.join(fixturesRoot, set, 'images');
  const name = readdirSync(dir)
    .sort()
    .find((file) => file.endsWith(extension))!;
  const { imageDir } = readFixtureJson<FixtureUrls>(set, 'urls.json');
  return { bytes: readFileSync(path.join(dir, name)), pathname: imageDir + name };
}

/** Streams `size` bytes as an image without declaring a length, so only the running count can stop it. */
function streamImage(res: ServerResponse, size: number): void {
  res.writeHead(200, { 'content-type': 'image/png' });
  const chunk = Buffer.alloc(64 * 1024, 1);
  let sent = 0;
  const pump = () => {
    while (sent < size && res.write(chunk)) sent += chunk.length;
    if (sent < size) res.once('drain', pump);
    else res.end();
  };
  pump();
}

const PNG = fixtureImage('cs1-2026', '.png').bytes;

describe('GET /api/images (portal image proxy) on the real server', () => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let countedHits = 0;

  const proxied = (src: string) => fetch(`${server.url}/api/images?${new URLSearchParams({ src })}`);
  const fromFixtures = (pathname: string) => proxied(fixtures.origin + pathname);

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    fixtures.route('/figure.svg', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>');
    });
    fixtures.route('/huge.png', (_req, res) => streamImage(res, IMAGE_MAX_BYTES + 256 * 1024));
    fixtures.route('/declared-huge.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(IMAGE_MAX_BYTES + 1) });
      res.end();
    });
    // Never answers: an answer can only come from the proxy's own deadline (FETCH_TIMEOUT_MS).
    fixtures.route('/slow.png', () => undefined);
    fixtures.route('/counted.png', (_req, res) => {
      countedHits++;
      // Slow enough that the concurrent requests below all arrive while the first fetch is under way.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 100);
    });
    fixtures.route('/moved.png', (_req, res) => res.writeHead(302, { location: 'https://example.com/x.png' }).end());
    server = await startTestServer({ RESPONSE_SHEET_HOSTS: fixtures.host, FETCH_TIMEOUT_MS: '800' });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it.each([
    ['a PNG', 'cs1-2026', '.png', 'image/png'],
    ['a JPEG', 'da-2025', '.jpg', 'image/jpeg'],
  ] as const)('passes on %s with its type, the bytes and a cache-forever header', async (_what, set, ext, type) => {
    const image = fixtureImage(set, ext);
    const response = await fromFixtures(image.pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe(FOREVER);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(Buffer.from(await response.arrayBuffer()).equals(image.bytes)).toBe(true);
  });

  it('answers an SVG with a policy that keeps its scripts from running', async () => {
    const response = await fromFixtures('/figure.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['no src', () => fetch(`${server.url}/api/images`), IMAGE_MESSAGES.missingSource],
    ['an overlong src', () => proxied(`https://cdn.digialm.com/${'a'.repeat(2100)}.png`), IMAGE_MESSAGES.missingSource],
    ['a relative address', () => proxied('/per/q1.png'), IMAGE_MESSAGES.notALink],
    ['another scheme', () => proxied('file:///etc/passwd'), IMAGE_MESSAGES.notALink],
    ['a host not allowed', () => proxied('https://example.com/q1.png'), IMAGE_MESSAGES.notAPortalImage],
    ['an unlisted loopback address', () => proxied('http://127.0.0.2/q1.png'), IMAGE_MESSAGES.notAPortalImage],
    ['a redirect off the portal', () => fromFixtures('/moved.png'), IMAGE_MESSAGES.badRedirect],
  ])('refuses %s with a 400', async (_what, call, message) => {
    const response = await call();
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it('refuses two addresses in one ?src= by naming the field', async () => {
    const response = await fetch(
      `${server.url}/api/images?src=https://cdn.digialm.com/a.png&src=https://cdn.digialm.com/b.png`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'src: Must be text',
      code: 'VALIDATION_FAILED',
      errors: { src: 'Must be text' },
    });
  });

  it('refuses a page that is not an image with a 415', async () => {
    const { sheets } = readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json');
    const response = await proxied(fixtures.url(itemAt(sheets, 0).url));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: IMAGE_MESSAGES.notAnImage, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each(['/huge.png', '/declared-huge.png'])('refuses an image over 2 MB with a 413 (%s)', async (route) => {
    const response = await fromFixtures(route);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: IMAGE_MESSAGES.tooLarge, code: 'LINK_REFUSED' });
  });

  it('reports a missing image with the portal status as a 502, not cached', async () => {
    const response = await fromFixtures('/per/nothing.png');
    expect(response.status).toBe(502);
    expect(response.headers.get('cache-control')).not.toBe(FOREVER);
    expect(await response.json()).toEqual({ message: IMAGE_MESSAGES.upstreamStatus(404), code: 'PORTAL_UNREACHABLE' });
  });

  it('gives up on a slow portal with a 504', async () => {
    const response = await fromFixtures('/slow.png');
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ message: IMAGE_MESSAGES.timeout, code: 'PORTAL_UNREACHABLE' });
  });

  it('fetches an image once for many requests, concurrent or later, and answers the rest from memory', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => fromFixtures('/counted.png')));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const later = await fromFixtures('/counted.png');
    expect(Buffer.from(await later.arrayBuffer()).equals(PNG)).toBe(true);
    expect(countedHits).toBe(1);
  });
});

describe('limits on the portal fetches the image proxy makes for others', () => {
  let fixtures: FixtureServer;
  let hits = 0;
  const IMAGES = 12;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    for (let index = 0; index < IMAGES; index++) {
      fixtures.route(`/many/${index}.png`, (_req, res) => {
        hits++;
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      });
    }
  });
  afterAll(() => fixtures?.close());

  const image = (server: TestServer, index: number, client = '203.0.113.10') =>
    fetch(`${server.url}/api/images?${new URLSearchParams({ src: `${fixtures.origin}/many/${index}.png` })}`, {
      headers: { 'x-forwarded-for': client },
    });

  it('lets one client have IMAGE_FETCHES_PER_MINUTE new images fetched; images in memory and other clients go on', async () => {
    const server = await startTestServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      IMAGE_FETCHES_PER_MINUTE: '3',
      TRUST_PROXY: 'true',
    });
    try {
      hits = 0;
      const statuses = [];
      for (let index = 0; index < 4; index++) statuses.push((await image(server, index)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await image(server, 4);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        message: expect.stringMatching(
          /^Too many new images from your network\. Please wait \d+ seconds? and try again\.$/,
        ) as unknown,
        code: 'RATE_LIMITED',
      });
      expect(hits).toBe(3);
      // What is in memory costs the portal nothing and stays open to the limited client.
      expect((await image(server, 0)).status).toBe(200);
      expect((await image(server, 5, '198.51.100.20')).status).toBe(200);
      expect(hits).toBe(4);
    } finally {
      await server.close();
    }
  });

  it('holds PORTAL_FETCHES_PER_MINUTE for every kind of fetch across two instances on one MongoDB', async () => {
    const lane = await openLaneStore(true);
    const env = {
      ...lane.env('portal_budget'),
      RESPONSE_SHEET_HOSTS: fixtures.host,
      PORTAL_FETCHES_PER_MINUTE: '5',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    };
    const instances = [await startTestServer(env), await startTestServer(env)];
    try {
      hits = 0;
      const answers = [];
      for (let index = 0; index < 8; index++) answers.push(await image(instances[index % 2]!, index));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 503, 503, 503]);
      expect(hits).toBe(5);
      const busy = answers[5]!;
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await busy.json()).toEqual({ code: 'PORTAL_BUSY', message: IMAGE_MESSAGES.busy });
      // A response sheet comes out of the same budget.
      const check = await fetch(`${instances[1]!.url}/api/data/generate-response`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ link: `${fixtures.origin}/per/response-sheet.html`, testPaper: 'CS 1' }),
      });
      expect(check.status).toBe(503);
      expect(await check.json()).toEqual({ message: FETCH_MESSAGES.busy, code: 'PORTAL_BUSY' });
    } finally {
      for (const instance of instances) await instance.close();
      await lane.stop();
    }
  }, 60_000);
});
