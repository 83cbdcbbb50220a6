import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { useJourney } from './support/journey';
import { describeViolations, seriousA11yViolations } from './public-support';
import { startTestServer, type TestServer } from '../support/server';
import { openCheckerModal } from './support/checker';

/** The GATE landing and the score modal's own rules: what a visitor sees before any score comes back. */
describe('GATE checker landing and score modal', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: 'false' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext();
    page = await context.newPage();
  });

  it('shows the banners, title, typing tagline, ad panels and store link', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await page.getByRole('heading', { name: 'Check your GATE Score Now!' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('.gate-hero__tagline .typing-text__typed')?.textContent?.includes('Insightful!'),
    );
    expect(await page.locator('.gate-hero__banner img').count()).toBe(2);
    expect(await page.locator('.gate-hero__banner').first().getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('complementary', { name: 'Advertisement' }).count()).toBe(2);
    expect(await page.getByRole('link', { name: /Visit our store/ }).getAttribute('target')).toBe('_blank');
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('opens the modal in score mode and checks the required fields', async () => {
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    expect(await dialog.getByLabel('GATE Response Link').isVisible()).toBe(true);
    // Every GATE paper, the spec's three among them: the list opens on a tap and shows each code with its name.
    await dialog.getByRole('combobox', { name: 'Test Paper' }).click();
    const options = await dialog.getByRole('option').allTextContents();
    expect(options).toHaveLength(32);
    expect(options).toEqual(
      expect.arrayContaining([
        'CS 1 Computer Science and Information Technology',
        'CS 2 Computer Science and Information Technology',
        'DA Data Science and Artificial Intelligence',
      ]),
    );
    await dialog.getByRole('combobox', { name: 'Test Paper' }).press('Escape');
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    expect(await dialog.locator('.field__error').allTextContents()).toEqual([
      'This field is required',
      'This field is required',
    ]);
    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('closes on the close button and on the backdrop, and re-opens in score mode', async () => {
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Check Now' }).click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('explains where to find the link and offers the saved-page upload', async () => {
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await dialog.getByText('Where do I find my response link?').click();
    expect(await dialog.textContent()).toContain('https://cdn.digialm.com/');
    await dialog.getByText('Upload the saved page instead').click();
    await dialog.getByLabel('Saved response-sheet page').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await dialog.getByText('Choose the saved response-sheet page (an .html file).').waitFor();
    await dialog.getByLabel('Saved response-sheet page').setInputFiles({
      name: 'sheet.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<html></html>'),
    });
    expect(await dialog.locator('#test-paper-error').textContent()).toBe('This field is required');
  });
});

describe('verify e-mail page without its parameters', () => {
  const journey = useJourney({ paper: false });

  it("says 'Missing verification parameters' when link or email is absent", async () => {
    const page = await journey.browser.newPage();
    await page.goto(journey.server.url + '/verify-email?link=https%3A%2F%2Fcdn.digialm.com%2Fa.html');
    await page.getByText('Missing verification parameters').waitFor();
    expect(await page.locator('.spinner').count()).toBe(0);
    await page.close();
  });
});
