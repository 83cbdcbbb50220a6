import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { startFixtureServer, type FixtureServer } from '../../test/support/fixture-server';
import { readFixtureJson, type FixtureUrls } from '../../test/support/fixtures';
import { fetchResponseSheet, FETCH_MESSAGES, isListed, portalBusy, type FetchPolicy } from './fetcher';
import { PORTAL_FAULTS, serveFaults } from '../../test/support/misbehaving-portal';
import { itemAt } from '../../src/domain/lists';

describe('fetchResponseSheet', () => {
  let fixtures: FixtureServer;
  let policy: FetchPolicy;
  const sheetUrl = () => fixtures.url(itemAt(readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').sheets, 0).url);

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    policy = { allowedHosts: [fixtures.host], timeoutMs: 1500, maxBytes: 2 * 1024 * 1024 };
    // Never answers: an answer can only come from the fetcher's own deadline.
    fixtures.route('/slow', () => undefined);
    fixtures.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 4 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    fixtures.route('/bomb', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(16 * 1024 * 1024, ' ')));
    });
    fixtures.route('/to-private', (_req, res) => {
      res.writeHead(302, { location: 'http://10.0.0.7/sheet.html' }).end();
    });
    fixtures.route('/to-metadata', (_req, res) => {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    fixtures.route('/loop', (_req, res) => {
      res.writeHead(302, { location: '/loop' }).end();
    });
    fixtures.route('/hop', (_req, res) => {
      res.writeHead(302, { location: new URL(sheetUrl()).pathname }).end();
    });
  });
  afterAll(() => fixtures.close());

  it('fetches a gzip-encoded sheet from a listed host', async () => {
    const { html } = await fetchResponseSheet(sheetUrl(), policy);
    expect(html).toContain('questionPnlTbl');
  });

  it('fetches from a listed host named by a name, connecting to the address it resolved', async () => {
    const { port, pathname } = new URL(sheetUrl());
    const named = { ...policy, allowedHosts: [`localhost:${port}`], resolve: () => Promise.resolve(['127.0.0.1']) };
    const { html } = await fetchResponseSheet(`http://localhost:${port}${pathname}`, named);
    expect(html).toContain('questionPnlTbl');
  });

  it('follows a redirect on a listed host', async () => {
    const { html } = await fetchResponseSheet(`${fixtures.origin}/hop`, policy);
    expect(html).toContain('questionPnlTbl');
  });

  it.each([
    ['not a URL', 'my response sheet', FETCH_MESSAGES.notALink],
    ['another scheme', 'file:///etc/passwd', FETCH_MESSAGES.notALink],
    ['an unlisted loopback address', 'http://127.0.0.2:80/x.html', FETCH_MESSAGES.notAPortalLink],
    ['a private address', 'http://10.1.2.3/x.html', FETCH_MESSAGES.notAPortalLink],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', FETCH_MESSAGES.notAPortalLink],
    ['another site', 'https://example.com/sheet.html', FETCH_MESSAGES.notAPortalLink],
  ])('refuses %s with a 400', async (_what, link, message) => {
    await expect(fetchResponseSheet(link, policy)).rejects.toMatchObject({ status: 400, message });
  });

  it('refuses a portal host that resolves to a private address', async () => {
    const rebinding = { ...policy, allowedHosts: ['cdn.digialm.com'], resolve: () => Promise.resolve(['10.0.0.8']) };
    await expect(fetchResponseSheet('https://cdn.digialm.com/per/x.html', rebinding)).rejects.toMatchObject({
      status: 400,
      message: FETCH_MESSAGES.refusedAddress,
    });
  });

  it.each(['/to-private', '/to-metadata'])('re-checks every redirect (%s): the portal sent it away', async (route) => {
    await expect(fetchResponseSheet(fixtures.origin + route, policy)).rejects.toMatchObject({
      status: 400,
      message: FETCH_MESSAGES.badRedirect,
    });
  });

  it('stops after three redirects', async () => {
    await expect(fetchResponseSheet(`${fixtures.origin}/loop`, policy)).rejects.toMatchObject({
      status: 502,
      message: FETCH_MESSAGES.tooManyRedirects,
    });
  });

  it('gives up on a slow portal with a 504', async () => {
    await expect(fetchResponseSheet(`${fixtures.origin}/slow`, policy)).rejects.toMatchObject({
      status: 504,
      message: FETCH_MESSAGES.timeout,
    });
  });

  it.each(['/huge', '/bomb'])('refuses a page over the size limit with a 413 (%s)', async (route) => {
    await expect(fetchResponseSheet(fixtures.origin + route, policy)).rejects.toMatchObject({
      status: 413,
      message: FETCH_MESSAGES.tooLarge,
    });
  });

  describe('a portal that fails mid-way', () => {
    let faults: ReturnType<typeof serveFaults>;
    beforeAll(() => {
      faults = serveFaults(fixtures);
    });

    it.each(PORTAL_FAULTS.map((fault) => [fault.name, fault] as const))(
      '%s ends as the portal’s failure with its reason, told to the metric, within the deadline',
      async (name) => {
        const fault = faults.find((candidate) => candidate.name === name)!;
        const results: string[] = [];
        const fetched = fetchResponseSheet(fault.page, { ...policy, onResult: (result) => results.push(result) });
        await expect(fetched).rejects.toMatchObject({
          status: fault.status,
          reason: fault.reason,
          message: FETCH_MESSAGES[fault.reason],
        });
        // The deadline ends whatever is still going then as 'timeout': any other reason ended before it.
        expect(results).toEqual([fault.reason]);
      },
    );

    it('asks the budget before every request, a redirect included, and stops when it says the budget is spent', async () => {
      let spent = 0;
      const budget = { ...policy, spend: () => Promise.resolve(void spent++) };
      await fetchResponseSheet(`${fixtures.origin}/hop`, budget);
      expect(spent).toBe(2);
      const refused = { ...policy, spend: () => Promise.reject(portalBusy(42_100)) };
      await expect(fetchResponseSheet(sheetUrl(), refused)).rejects.toMatchObject({
        status: 503,
        message: FETCH_MESSAGES.busy,
        headers: { 'Retry-After': '43' },
      });
    });
  });

  it('reports a missing page with the portal status', async () => {
    await expect(fetchResponseSheet(`${fixtures.origin}/per/nothing.html`, policy)).rejects.toMatchObject({
      status: 502,
      message: FETCH_MESSAGES.upstreamStatus(404),
    });
  });

  describe('ports and spellings of listed hosts', () => {
    const port = () => new URL(fixtures.origin).port;
    const sheetPath = () => new URL(sheetUrl()).pathname;
    const loopbackSpellings = [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '017700000001',
      '127.1',
      '[::ffff:127.0.0.1]',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
    ];

    it.each(loopbackSpellings)('refuses %s on another port when 127.0.0.1 is listed without one', async (host) => {
      const portless = { ...policy, allowedHosts: ['127.0.0.1'] };
      await expect(fetchResponseSheet(`http://${host}:${port()}${sheetPath()}`, portless)).rejects.toMatchObject({
        status: 400,
        message: FETCH_MESSAGES.notAPortalLink,
      });
    });

    it.each([
      'http://127.0.0.1:27017/',
      'http://2130706433:27017/',
      'http://0x7f000001:27017/',
      'http://017700000001:27017/',
      'http://127.1:27017/',
      'http://[::ffff:127.0.0.1]:27017/',
      'http://[::1]:27017/',
      'http://2852039166/latest/meta-data/',
      'http://0251.0376.0251.0376/latest/meta-data/',
      'http://0xa9fea9fe/latest/meta-data/',
      'http://0xA9.0xFE.0xA9.0xFE/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
    ])('refuses %s when only 127.0.0.1 on the fixture port is listed', async (link) => {
      await expect(fetchResponseSheet(link, policy)).rejects.toMatchObject({
        status: 400,
        message: FETCH_MESSAGES.notAPortalLink,
      });
    });

    it('reads every spelling of a listed address as that address', async () => {
      const { html } = await fetchResponseSheet(`http://2130706433:${port()}${sheetPath()}`, policy);
      expect(html).toContain('questionPnlTbl');
    });

    it('refuses a redirect to another port of a listed host, advising the upload', async () => {
      fixtures.route('/to-mongo', (_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:27017/' }).end());
      await expect(fetchResponseSheet(`${fixtures.origin}/to-mongo`, policy)).rejects.toMatchObject({
        status: 400,
        message: FETCH_MESSAGES.badRedirect,
      });
    });

    it.each([
      ['https://cdn.digialm.com/per/x.html', ['cdn.digialm.com'], true],
      ['https://cdn.digialm.com:443/per/x.html', ['cdn.digialm.com'], true],
      ['http://127.0.0.1/x.html', ['127.0.0.1'], true],
      ['https://cdn.digialm.com:8443/per/x.html', ['cdn.digialm.com'], false],
      ['http://127.0.0.1:8080/x.html', ['127.0.0.1'], false],
      ['http://127.0.0.1:8080/x.html', ['127.0.0.1:8080'], true],
      ['http://127.0.0.1/x.html', ['127.0.0.1:8080'], false],
      ['http://[::1]:8080/x.html', ['[::1]:8080'], true],
      ['http://[0:0:0:0:0:0:0:1]:8080/x.html', ['::1'], false],
    ] as const)('%s with %j listed: %s', (link, hosts, allowed) => {
      expect(isListed(new URL(link), hosts)).toBe(allowed);
    });
  });
});
