import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startJourney, type Journey } from './support/journey';
import { takePolicyViolations } from './support/policy-violations';
import type { TestServer } from '../support/server';

/** The guard every journey runs under (support/policy-guard.ts) must see a violation when there is one. */
describe('the Content-Security-Policy in the browser', () => {
  let journey: Journey;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    journey = await startJourney({ paper: false });
    ({ server, browser } = journey);
  });
  afterAll(() => journey?.close());

  it('refuses an injected inline script, and the journeys would be told', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takePolicyViolations().join('\n')).toMatch(/script-src-elem refused inline/);
  });
});
