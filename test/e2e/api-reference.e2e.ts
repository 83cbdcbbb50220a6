import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startJourney, type Journey } from './support/journey';
import type { TestServer } from '../support/server';

/**
 * The API reference (/api/reference): Swagger UI from this server's own files draws the OpenAPI document, under the
 * site's Content-Security-Policy, with nothing asked of another origin.
 */
describe('API reference', () => {
  let journey: Journey;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    journey = await startJourney({ paper: false });
    ({ server, browser } = journey);
  });
  afterAll(() => journey?.close());

  it('shows the calls of the document, and opens one with its parameters', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== server.url) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const response = await page.goto(`${server.url}/api/reference`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    const keyVersions = page.locator('.opblock', { hasText: '/api/data/key-versions/compare' });
    await keyVersions
      .getByText('Two key versions compared: the questions changed and the stored results moved.')
      .click();
    await expect(keyVersions.getByText('paperId').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('HireGate API').first().isVisible()).resolves.toBe(true);
    await context.close();

    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
  });
});
