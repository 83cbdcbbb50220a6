import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../test/support/fixture-server';
import { FIXTURE_ORIGIN, readFixtureText } from '../../test/support/fixtures';
import { createSheetSource } from './sheet-source';

/**
 * Links reach the portal in canonical form. The portal, unlike the demo, answers a doubled slash with 404 (the strict
 * route below plays it); a host in capitals is the same host.
 */
describe('a response-sheet link as the sheet source fetches it', () => {
  let fixtures: FixtureServer;
  const asked: string[] = [];

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    const html = readFixtureText('cs1-2026', 'master.html').replaceAll(FIXTURE_ORIGIN, fixtures.origin);
    fixtures.route('/per/strict/sheet.html', (request, response) => {
      asked.push(request.url ?? '');
      if (request.url !== '/per/strict/sheet.html') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    });
  });
  afterAll(() => fixtures?.close());

  // `localhost` is the fixture server's loopback address, whichever one the system would resolve first.
  const sourceListing = (host: string) =>
    createSheetSource(
      { responseSheetHosts: [host], fetchTimeoutMs: 5_000, fetchMaxBytes: 8 * 1024 * 1024 },
      { resolve: () => Promise.resolve(['127.0.0.1']) },
    );

  it('collapses a doubled slash before asking the portal, instead of ending in its 404', async () => {
    const source = sourceListing(fixtures.host);
    const sheet = await source.byLink(`${fixtures.origin}//per//strict/sheet.html`);
    expect(sheet.questions.length).toBeGreaterThan(0);
    expect(asked.at(-1)).toBe('/per/strict/sheet.html');
  });

  it('reads a host in capitals, a doubled slash and a repeated query as one sheet, fetched once', async () => {
    const port = new URL(fixtures.origin).port;
    const source = sourceListing(`localhost:${port}`);
    const before = asked.length;
    for (const link of [
      `http://localhost:${port}/per/strict/sheet.html`,
      `http://LocalHost:${port}/per//strict/sheet.html`,
      `http://LOCALHOST:${port}/per/strict/sheet.html?dup=1`,
    ]) {
      expect((await source.byLink(link)).questions.length).toBeGreaterThan(0);
    }
    expect(asked.length - before).toBe(1);
  });
});
