import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';

/**
 * The API reference (/api/reference): Swagger UI from this server's own files draws the OpenAPI document, under the
 * site's Content-Security-Policy, with nothing asked of another origin.
 */
describe('API reference', () => {
  const journey = useJourney({ paper: false });

  it('shows the calls of the document, and opens one with its parameters', async () => {
    const context = await journey.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== journey.server.url) elsewhere.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const response = await page.goto(`${journey.server.url}/api/reference`);
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
