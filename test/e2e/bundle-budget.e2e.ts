import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startTestServer, type TestServer } from '../support/server';
import {
  BUDGET_BYTES,
  deferredFiles,
  formatReport,
  gzipSize,
  homeRouteFiles,
  measureHomeRoute,
} from '../bench/bundle-budget';

/**
 * The home route's JavaScript budget (100 KB gzip, see bundle-budget.ts) on the production build the e2e lane
 * serves. A size, not a timing: the numbers are the same on every machine.
 * `npm run bench:bundle` prints the same table.
 */
const distDir = path.resolve(process.env.DIST_DIR || 'dist/web');

describe('home route JavaScript budget', () => {
  it('keeps the entry, its static imports and the home route chunk within the budget', () => {
    const report = measureHomeRoute(distDir);
    expect(report.totalGzip, formatReport(report)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  describe('in Chromium', () => {
    let server: TestServer;
    let browser: Browser;

    beforeAll(async () => {
      server = await startTestServer({ DIST_DIR: distDir });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('loads no other JavaScript before the first click, and stays within the budget', async () => {
      // No service worker: its precache would fetch every chunk, which is not what the page itself needs.
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const scripts: Array<Promise<[string, number]>> = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== server.url || !url.pathname.endsWith('.js')) return;
        scripts.push(response.body().then((body) => [url.pathname.replace(/^\//, ''), gzipSize(body)]));
      });
      await page.goto(server.url + '/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Check Now' }).waitFor();
      await page.getByRole('heading', { name: 'Hire faster and fairer with AI' }).waitFor();
      await page.waitForLoadState('networkidle');
      const loaded = new Map(await Promise.all(scripts));
      await context.close();

      const counted = new Set(homeRouteFiles(distDir).map(([file]) => file));
      const deferred = new Set(deferredFiles(distDir));
      const unexpected = [...loaded.keys()].filter((file) => !counted.has(file) && !deferred.has(file));
      expect(unexpected, 'loaded before any interaction but not counted by the budget').toEqual([]);
      const total = [...loaded].reduce((sum, [file, size]) => sum + (counted.has(file) ? size : 0), 0);
      expect(total, JSON.stringify(Object.fromEntries(loaded), null, 2)).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  });
});
