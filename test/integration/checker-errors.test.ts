import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FETCH_MESSAGES } from '../../api/sheets/fetcher';
import { SECTIONS_FORMAT, UNKNOWN_TEST_PAPER } from '../../src/domain/validation/score-request';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import { buildPaper } from '../support/builders';

describe('checker errors a candidate can meet', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let portalOnly: CheckerServer;
  let canaryHits = 0;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    fixtures.route('/not-a-sheet', (_req, res) =>
      res.end('<html><head><title>News</title></head><body><p>Hello</p></body></html>'),
    );
    fixtures.route('/login', (_req, res) =>
      res.end(
        '<html><head><title>Candidate Login</title></head><body><form><input type="password"></form></body></html>',
      ),
    );
    fixtures.route('/gone', (_req, res) => res.writeHead(404).end('not here'));
    // Never answers: an answer can only come from the server's deadline for the portal (FETCH_TIMEOUT_MS).
    fixtures.route('/slow', () => undefined);
    fixtures.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(256 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 9 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 9 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    fixtures.route('/to-private', (_req, res) => res.writeHead(302, { location: 'http://10.0.0.7/sheet.html' }).end());
    fixtures.route('/to-metadata', (_req, res) =>
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    fixtures.route('/canary', (_req, res) => {
      canaryHits++;
      res.end('<html></html>');
    });
    server = await startCheckerServer({ FETCH_TIMEOUT_MS: '800', RESPONSE_SHEET_HOSTS: fixtures.host });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    await buildPaper(server.store, 'da-2025', fixtures, { keyed: false });
    portalOnly = await startCheckerServer({ RESPONSE_SHEET_HOSTS: 'cdn.digialm.com,www.digialm.com' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await portalOnly?.close();
    await fixtures?.close();
  });

  const check = (body: Record<string, unknown>, target = server) =>
    postJson(`${target.url}/api/data/generate-response`, body);

  describe('request checks (the same rules the modal applies)', () => {
    it.each([
      [{ testPaper: 'CS 1' }, 'link: This field is required'],
      [{ link: '   ', testPaper: 'CS 1' }, 'link: This field is required'],
      [{ link: 'https://cdn.digialm.com/x.html', testPaper: 'CS 3' }, `testPaper: ${UNKNOWN_TEST_PAPER}`],
      [{ link: 'https://cdn.digialm.com/x.html', testPaper: 'XE', sections: 'B;C' }, `sections: ${SECTIONS_FORMAT}`],
      [{ link: 'https://cdn.digialm.com/x.html', testPaper: 'CS 1', email: 'nope' }, 'email: Email is not valid'],
    ])('refuses %j with 400', async (body, message) => {
      expect(await check(body)).toMatchObject({ status: 400, body: { message } });
    });

    it('refuses a verification request without a valid e-mail or link', async () => {
      const noEmail = await postJson(`${server.url}/api/data/send-verification`, { link: 'https://cdn.digialm.com/x' });
      expect(noEmail).toMatchObject({ status: 400, body: { message: 'email: This field is required' } });
      const noLink = await postJson(`${server.url}/api/data/send-verification`, { link: 'my sheet', email: 'a@b.in' });
      expect(noLink).toMatchObject({ status: 400, body: { message: FETCH_MESSAGES.notALink } });
    });
  });

  describe('sheets that belong elsewhere', () => {
    it('names the paper a sheet belongs to when another is chosen', async () => {
      const [cs1] = sheetLinks('cs1-2026', fixtures);
      const [da] = sheetLinks('da-2025', fixtures);
      const asCs2 = await check({ link: cs1, testPaper: 'CS 2' });
      expect(asCs2.status).toBe(422);
      expect(asCs2.body.message).toMatch(/^This response sheet is CS 1, not CS 2\./);
      expect((await check({ link: da, testPaper: 'CS 1' })).body.message).toMatch(
        /^This response sheet is DA, not CS 1\./,
      );
    });

    it('says when the answer keys of a paper are not published yet', async () => {
      const [da] = sheetLinks('da-2025', fixtures);
      const noKeys = await check({ link: da, testPaper: 'DA' });
      expect(noKeys.status).toBe(409);
      expect(noKeys.body).toMatchObject({ code: 'NO_KEYS' });
      expect(noKeys.body.message).toMatch(/^Answer keys for GATE 2025 DA are not published yet/);
    });

    it('says when a page is not a response sheet, or is the portal’s login page', async () => {
      const notSheet = await check({ link: `${fixtures.origin}/not-a-sheet`, testPaper: 'CS 1' });
      expect(notSheet.status).toBe(422);
      expect(notSheet.body.message).toMatch(/not a GATE response sheet/);
      const login = await check({ link: `${fixtures.origin}/login`, testPaper: 'CS 1' });
      expect(login.status).toBe(422);
      expect(login.body.message).toMatch(/login page/);
    });

    it('reports a portal error status as 502', async () => {
      const gone = await check({ link: `${fixtures.origin}/gone`, testPaper: 'CS 1' });
      expect(gone.status).toBe(502);
      expect(gone.body).toEqual({ message: FETCH_MESSAGES.upstreamStatus(404), code: 'PORTAL_UNREACHABLE' });
    });

    it('refuses an upload without a page, or with a page that is not a sheet', async () => {
      const upload = (body: string) =>
        fetch(`${server.url}/api/data/upload-response?testPaper=CS%201`, {
          method: 'POST',
          headers: { 'content-type': 'text/html' },
          body,
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { message: string },
        }));
      expect((await upload('')).status).toBe(400);
      const notSheet = await upload('<html><body>hello</body></html>');
      expect(notSheet.status).toBe(422);
      expect(notSheet.body.message).toMatch(/not a GATE response sheet/);
    });

    it('answers rank and distribution questions about unknown results or papers with 404 and 400', async () => {
      expect((await getJson(`${server.url}/api/data/get-rank/nope/CS%201`)).status).toBe(404);
      expect((await getJson(`${server.url}/api/data/get-rank/nope/XYZ`)).status).toBe(400);
      expect((await getJson(`${server.url}/api/data/distribution/XYZ`)).status).toBe(404);
      expect((await getJson(`${server.url}/api/data/distribution/%24%7B%7D`)).status).toBe(400);
    });
  });

  describe('server-side request forgery through the checker', () => {
    it('does not fetch from this machine when 127.0.0.1 is not a listed host', async () => {
      const refused = await check({ link: `${fixtures.origin}/canary`, testPaper: 'CS 1' }, portalOnly);
      expect(refused).toMatchObject({ status: 400, body: { message: FETCH_MESSAGES.notAPortalLink } });
      expect(canaryHits).toBe(0);
    });

    it.each([
      ['a private address', 'http://10.0.0.7/sheet.html'],
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', 'http://[::1]:80/sheet.html'],
      ['credentials in the link', `http://user:pass@127.0.0.1:1/sheet.html`],
    ])('refuses %s', async (_what, link) => {
      expect(await check({ link, testPaper: 'CS 1' })).toMatchObject({ status: 400 });
    });

    it('refuses another scheme as not a link', async () => {
      expect(await check({ link: 'file:///etc/passwd', testPaper: 'CS 1' })).toMatchObject({
        status: 400,
        body: { message: FETCH_MESSAGES.notALink },
      });
    });

    it.each(['/to-private', '/to-metadata'])('re-checks a redirect to a private address (%s)', async (route) => {
      // The portal sent the link away, not the candidate: they are told to upload the saved page.
      expect(await check({ link: fixtures.origin + route, testPaper: 'CS 1' })).toMatchObject({
        status: 400,
        body: { message: FETCH_MESSAGES.badRedirect },
      });
    });
  });

  describe('a portal that misbehaves', () => {
    it('gives up on a slow portal with 504 at the deadline', async () => {
      const slow = await check({ link: `${fixtures.origin}/slow`, testPaper: 'CS 1' });
      expect(slow).toMatchObject({ status: 504, body: { message: FETCH_MESSAGES.timeout } });
    });

    it('stops reading a page larger than 8 MB with the documented 413', async () => {
      expect(await check({ link: `${fixtures.origin}/huge`, testPaper: 'CS 1' })).toMatchObject({
        status: 413,
        body: { message: FETCH_MESSAGES.tooLarge },
      });
    });
  });
});

describe('rate limits per client address', () => {
  let server: CheckerServer;

  beforeAll(async () => {
    server = await startCheckerServer({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
  });
  afterAll(() => server?.close());

  it('answers the fourth check in a minute with 429, a Retry-After and a clear message; other clients go on', async () => {
    const fromClient = (address: string) =>
      postJson(`${server.url}/api/data/generate-response`, { testPaper: 'CS 1' }, { 'x-forwarded-for': address });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fromClient('203.0.113.5')).status);
    expect(statuses).toEqual([400, 400, 400]);
    const limited = await fromClient('203.0.113.5');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Too many score checks from your network\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fromClient('198.51.100.7')).status).toBe(400);
  });

  it('limits verification requests on their own budget', async () => {
    const send = () =>
      postJson(
        `${server.url}/api/data/send-verification`,
        { link: 'x', email: 'bad' },
        { 'x-forwarded-for': '203.0.113.77' },
      );
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('rate limits without a trusted proxy', () => {
  let server: CheckerServer;

  beforeAll(async () => {
    server = await startCheckerServer({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server?.close());

  it('ignores X-Forwarded-For, so a client cannot dodge the limit by naming a new address per request', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 10}` };
      statuses.push((await postJson(`${server.url}/api/data/generate-response`, { testPaper: 'CS 1' }, forged)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
