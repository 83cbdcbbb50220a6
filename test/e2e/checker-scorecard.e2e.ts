import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { displayMarks } from '../../src/domain/gate';
import { launchBrowser, saveScreenshot } from './support/browser';
import { describeViolations, seriousA11yViolations } from './public-support';
import { startTestServer, type TestServer } from '../support/server';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import {
  expectedIcon,
  fixtureScorecard,
  iconsByQuestionId,
  seedScorecard,
  waitUntilSavedOnDevice,
} from './support/checker';

/**
 * The scorecard page on scorecards the engine builds from fixture sheets, handed over as the checker modal does
 * (localStorage) and re-opened from IndexedDB.
 */
describe('scorecard page', () => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, fixtures, browser] = await Promise.all([startTestServer(), startFixtureServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await server?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  const summary = () =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.summary-table tr')].map((row) => [
          row.querySelector('th')?.textContent,
          row.querySelector('td')?.textContent,
        ]),
      ),
    );

  it('shows the loading skeleton while there is no scorecard data', async () => {
    await page.goto(server.url + '/scorecard');
    await page.getByText('Loading scorecard data, please wait..').waitFor();
    expect(await page.locator('.skeleton-grid--six .skeleton--tile').count()).toBe(6);
    expect(await page.locator('.skeleton-grid--four .skeleton--tile').count()).toBe(4);
    expect(await page.locator('.skeleton--row').count()).toBe(5);
    expect(await page.getByRole('heading', { name: 'SCORECARD' }).count()).toBe(0);
  });

  it('shows a CS 1 candidate the summary, rank prediction and an icon per question that matches the truth', async () => {
    const { data, expected } = fixtureScorecard('cs1-2026', 0, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    const rendered = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      const mark = performance.getEntriesByName('scorecard:rendered')[0];
      return mark.startTime - (navigation?.startTime ?? 0);
    });
    console.info(`scorecard rendered ${Math.round(rendered)} ms after navigation start (65 questions)`);

    expect(await summary()).toEqual({
      Attempts: String(expected.attempts),
      'Incorrect Attempts': String(expected.incorrectAttempts),
      'Positive Marks': displayMarks(expected.positiveMarks),
      'Negative Marks': displayMarks(expected.negativeMarks),
      'Total Marks': displayMarks(expected.totalMarks),
      'Normalisation Marks': displayMarks(data.prediction_data!.normMarks!),
    });
    const icons = await iconsByQuestionId(page);
    expect(Object.keys(icons)).toHaveLength(65);
    for (const [longId, question] of Object.entries(expected.questions)) {
      expect({ longId, icon: icons[longId] }).toEqual({ longId, icon: expectedIcon(question) });
    }
    expect(await page.textContent('.scorecard__footer')).toBe(
      `Total score is ${displayMarks(expected.totalMarks)} out of 100`,
    );

    const rank = page.getByRole('region', { name: 'Rank Prediction' });
    expect(await rank.textContent()).toContain(data.prediction_data!.estimatedRank!.toLocaleString('en-IN'));
    expect(await rank.textContent()).toContain('Qualifying status');
    expect(await rank.textContent()).toContain('Sample size:');
    // No stored result on this server has the fixture's resultId: the page says so and carries on.
    await rank.getByText('Failed to load rank').waitFor();
    await page.getByRole('region', { name: 'Question Breakdown' }).waitFor();
    expect(await page.textContent('.breakdown-tables')).toContain('GA');

    const violations = await seriousA11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'scorecard-cs1-1280');
    await page.setViewportSize({ width: 360, height: 780 });
    await saveScreenshot(page, 'scorecard-cs1-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('expands a question with its images, options and summary', async () => {
    const { data, expected } = fixtureScorecard('cs1-2026', 1, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    const mcq = data.response.find((question) => question.type === 'MCQ' && question.response_given.trim() !== '--')!;
    const item = page.locator('.question', { has: page.getByText(mcq.long_id, { exact: true }) });
    expect(
      await item
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(0);
    await item.locator('summary').click();
    await item.getByText('Option A').waitFor();
    await page.waitForFunction(
      (longId) =>
        [...document.querySelectorAll<HTMLImageElement>(`.question[data-long-id="${longId}"] img`)].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      mcq.long_id,
    );
    const details = await item
      .locator('dl')
      .evaluate((list) =>
        Object.fromEntries(
          [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
        ),
      );
    expect(details).toEqual({
      'Question Type': 'MCQ',
      Marks: String(mcq.marks),
      Status: mcq.status,
      Response: mcq.response_given,
      'Correct Answer': mcq.answerKey,
      'Marks Obtained': displayMarks(expected.questions[mcq.long_id].obtainedMarks),
    });
  });

  it("says 'Not evaluated' and shows no icon for a question without a key", async () => {
    const first = fixtureScorecard('cs1-2026', 0, fixtures.origin);
    const answered = Object.entries(first.expected.questions).find(([, question]) => question.response !== null)![0];
    const { data } = fixtureScorecard('cs1-2026', 0, fixtures.origin, { withoutKeys: [answered] });
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    const item = page.locator(`.question[data-long-id="${answered}"]`);
    await item.locator('summary').click();
    expect(await item.locator('dt:text-is("Marks Obtained") + dd').textContent()).toBe('Not evaluated');
    expect((await iconsByQuestionId(page))[answered]).toBeNull();
  });

  it('hides the normalisation row for DA', async () => {
    const { data, expected } = fixtureScorecard('da-2025', 3, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    const rows = await summary();
    expect(Object.keys(rows)).toEqual([
      'Attempts',
      'Incorrect Attempts',
      'Positive Marks',
      'Negative Marks',
      'Total Marks',
    ]);
    expect(rows['Total Marks']).toBe(displayMarks(expected.totalMarks));
    const icons = await iconsByQuestionId(page);
    for (const [longId, question] of Object.entries(expected.questions)) {
      expect({ longId, icon: icons[longId] }).toEqual({ longId, icon: expectedIcon(question) });
    }
  });

  it('re-opens from IndexedDB after localStorage is cleared, and lists it on the landing to open or delete', async () => {
    const first = fixtureScorecard('cs1-2026', 2, fixtures.origin);
    const second = fixtureScorecard('da-2025', 4, fixtures.origin);
    for (const { data } of [first, second]) {
      await seedScorecard(page, server.url, data);
      await page.goto(server.url + '/scorecard');
      await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
      await waitUntilSavedOnDevice(page, data.resultId!);
    }
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(second.expected.candidateId);

    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await saved.waitFor();
    expect(await saved.getByRole('listitem').count()).toBe(2);
    await saved.getByRole('link', { name: new RegExp(first.expected.name) }).click();
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(first.expected.candidateId);

    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await saved
      .getByRole('button', { name: new RegExp(`Delete the saved scorecard of ${first.expected.name}`) })
      .click();
    await page.waitForFunction(() => document.querySelectorAll('.saved-scorecards__item').length === 1);
    await saved.getByRole('button', { name: 'Delete all' }).click();
    await saved.waitFor({ state: 'detached' });
  });

  it('offers scroll-to-top after 300 px and prints a clean scorecard', async () => {
    const { data } = fixtureScorecard('cs1-2026', 3, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.getByRole('button', { name: 'Scroll to top' }).count()).toBe(0);
    await page.mouse.wheel(0, 1200);
    await page.getByRole('button', { name: 'Scroll to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible()).toBe(false);
    expect(await page.locator('.top-bar').isVisible()).toBe(false);
    // Every question's answer summary prints, though no accordion item was opened.
    const printedSummaries = await page
      .locator('.question__summary')
      .evaluateAll((lists) => lists.filter((list) => list.getBoundingClientRect().height > 0).length);
    expect(printedSummaries).toBe(65);
    await saveScreenshot(page, 'scorecard-print');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
  });

  it('opens a saved scorecard offline once the service worker controls the page', async () => {
    const { data, expected } = fixtureScorecard('cs1-2026', 5, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitUntilSavedOnDevice(page, data.resultId!);
    await page.evaluate(() => localStorage.clear());

    await context.setOffline(true);
    await page.goto(`${server.url}/scorecard?saved=${encodeURIComponent(data.resultId!)}`);
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(expected.candidateId);
    const icons = await iconsByQuestionId(page);
    for (const [longId, question] of Object.entries(expected.questions)) {
      expect({ longId, icon: icons[longId] }).toEqual({ longId, icon: expectedIcon(question) });
    }
    await page.getByRole('region', { name: 'Rank Prediction' }).getByText('Failed to load rank').waitFor();
    await context.setOffline(false);
  });
});
