import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startTestServer, type TestServer } from '../support/server';

describe('walking skeleton', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the home page under its advertisement, which closes', async () => {
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await page.getByRole('heading', { name: 'Check your GATE Score Now!' }).waitFor();
  });

  it('answers an unknown path with status 404 and the 404 texts, with a link home', async () => {
    const answer = await page.goto(server.url + '/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByText('Page Not Found').waitFor();
    expect(await page.textContent('body')).toContain(
      'Sorry, the page you are looking for does not exist or not available at this moment.',
    );
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(server.url + '/');
  });

  it('answers a page of the route table, with its parameters, with status 200', async () => {
    for (const pathname of ['/', '/pwdreset/abc', '/scorecard', '/admin/dashboard']) {
      expect([pathname, (await fetch(server.url + pathname)).status]).toEqual([pathname, 200]);
    }
    const answer = await page.goto(server.url + '/pwdreset/abc');
    expect(answer?.status()).toBe(200);
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
  });

  it('answers /api/health with the store in use', async () => {
    const response = await fetch(server.url + '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, store: 'embedded' });
  });

  it('answers unknown API paths with a JSON message, not the app shell', async () => {
    const response = await fetch(server.url + '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/nothing-here', code: 'NOT_FOUND' });
  });

  it('lets browsers keep hashed assets forever but revalidate the shell and the service worker', async () => {
    const shell = await fetch(server.url + '/some/client/route');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const html = await shell.text();
    expect(html).toContain('<div id="root">');
    const worker = await fetch(server.url + '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(server.url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
  });

  it("sends the browser the build's Brotli copy of the app's entry, not one compressed on the fly", async () => {
    const [entry] = await Promise.all([
      page.waitForResponse((response) => /\/assets\/index-[^/]+\.js$/.test(response.url())),
      page.goto(server.url + '/'),
    ]);
    expect(await entry.headerValue('content-encoding')).toBe('br');
    const built = readFileSync(path.join(server.distDir, new URL(entry.url()).pathname + '.br'));
    // The copy's own length: compressing on the fly would stream without one.
    expect(await entry.headerValue('content-length')).toBe(String(built.length));
  });

  it("hints at the scorecard page's code in its HTML, and the page uses every file it hints at", async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(server.url + '/scorecard');
    // The page's code has run once it says what it found (its loading text may come and go before goto returns).
    await page.getByText('No scorecard to show').waitFor();
    const hinted = [...((await response!.headerValue('link')) ?? '').matchAll(/<([^>]+)>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(hinted.some((file) => /^\/assets\/ScorecardPage-[^/]+\.js$/.test(file))).toBe(true);
    expect(hinted.filter((file) => !requested.includes(file))).toEqual([]);
    expect((await fetch(server.url + '/about')).headers.get('link')).toBeNull();
  });
});
