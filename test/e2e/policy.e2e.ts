import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';
import { takePolicyViolations } from './support/policy-violations';

/** The guard every journey runs under (support/policy-guard.ts) must see a violation when there is one. */
describe('the Content-Security-Policy in the browser', () => {
  const journey = useJourney({ paper: false });

  it('refuses an injected inline script, and the journeys would be told', async () => {
    const page = await journey.browser.newPage();
    await page.goto(`${journey.server.url}/`);
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
