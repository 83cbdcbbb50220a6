import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { displayDecimal, displayMarks } from '../../src/domain/gate';
import { launchBrowser, saveScreenshot } from './support/browser';
import { describeViolations, seriousA11yViolations } from './public-support';
import { startTestServer, type TestServer } from '../support/server';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { sheetLinks } from '../integration/checker-harness';
import { imageSource } from '../../src/lib/image-source';
import { IMAGE_CACHE_NAME } from '../../src/lib/scorecard/keep-images';
import type { ScorecardData } from '../../src/lib/scorecard/types';
import { imageUrls } from '../../src/features/scorecard/breakdown/scorecard-view';
import {
  expectedIcon,
  fixtureScorecard,
  iconsByQuestionId,
  openHome,
  seedScorecard,
  waitUntilSavedOnDevice,
} from './support/checker';
import { itemAt } from '../../src/domain/lists';
import { pressPrint } from './support/print';
import { internalIdsShown } from './support/scorecard-words';

/**
 * The scorecard page on scorecards the engine builds from fixture sheets, handed over as the checker modal does
 * (localStorage) and re-opened from IndexedDB. The fixture server stands in for the portal's image host, so the
 * servers allow its address as a portal host and images load through the API's /api/images proxy.
 */
const portalHosts = (fixtures: FixtureServer) => ({ RESPONSE_SHEET_HOSTS: fixtures.host });

describe('scorecard page', () => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [fixtures, browser] = await Promise.all([startFixtureServer(), launchBrowser()]);
    server = await startTestServer(portalHosts(fixtures));
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

  /** Waits until every image of the question has loaded, and returns the addresses they loaded from. */
  async function loadedImages(longId: string): Promise<string[]> {
    const images = page.locator(`.question[data-long-id="${longId}"] img`);
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll<HTMLImageElement>(`.question[data-long-id="${id}"] img`)].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      longId,
    );
    return images.evaluateAll((all) => (all as HTMLImageElement[]).map((img) => img.currentSrc));
  }

  /** Which of these addresses the service worker's image cache lacks, the bytes it holds of them, the origin's usage. */
  const imageCache = (urls: string[]) =>
    page.evaluate(
      async ({ cacheName, urls }) => {
        const cache = await caches.open(cacheName);
        const found = await Promise.all(urls.map((url) => cache.match(url)));
        const sizes = await Promise.all(found.map(async (response) => (response ? (await response.blob()).size : 0)));
        return {
          missing: found.filter((response) => !response).length,
          bytes: sizes.reduce((sum, size) => sum + size, 0),
          usage: (await navigator.storage.estimate()).usage ?? 0,
        };
      },
      { cacheName: IMAGE_CACHE_NAME, urls },
    );

  const summary = () =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.summary-table tr')].map(
          (row) => [row.querySelector('th')?.textContent ?? '', row.querySelector('td')?.textContent ?? null] as const,
        ),
      ),
    );

  /**
   * Hands the scorecard over as the checker does and opens it, then reloads once the service worker is ready: the
   * worker then controls the page, and the scorecard is saved on the device.
   */
  async function openUnderServiceWorker(origin: string, data: ScorecardData): Promise<void> {
    await seedScorecard(page, origin, data);
    await page.goto(origin + '/scorecard');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitUntilSavedOnDevice(page, data.resultId!);
  }

  it('shows the loading skeleton while the scorecard is on its way', async () => {
    // The score call never answers here; how every wait ends is phone-scorecard.e2e.ts's part.
    await page.route('**/api/data/generate-response', () => undefined);
    const link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
    await page.goto(`${server.url}/scorecard?${new URLSearchParams({ link, email: 'asha@example.in' })}`);
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
      return (mark?.startTime ?? Number.NaN) - (navigation?.startTime ?? 0);
    });
    console.info(`scorecard rendered ${Math.round(rendered)} ms after navigation start (65 questions)`);

    expect(await summary()).toEqual({
      Attempts: String(expected.attempts),
      'Incorrect Attempts': String(expected.incorrectAttempts),
      'Positive Marks': displayMarks(expected.positiveMarks),
      'Negative Marks': displayMarks(expected.negativeMarks),
      'Total Marks': displayMarks(expected.totalMarks),
      'Normalisation Marks': displayDecimal(data.prediction_data!.normMarks!),
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
    // The year's qualifying mark is published, its top-0.1% mean not yet: the score says it is an estimate.
    expect(await rank.textContent()).toContain(
      `Estimated until GATE publishes ${data.prediction_data!.year}'s top-0.1% mean (`,
    );
    // Too few results are stored here for the crowd part of the model, and the method line says so.
    expect(await rank.textContent()).toContain('Results checked here join the estimate once there are 30');
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

  it("shows CS 1's and DA's rank cards with no internal id, each saying only what is true of its paper", async () => {
    const cards: Record<string, string> = {};
    for (const set of ['cs1-2026', 'da-2025'] as const) {
      const { data } = fixtureScorecard(set, 0, fixtures.origin);
      await seedScorecard(page, server.url, data);
      await page.goto(server.url + '/scorecard');
      const rank = page.getByRole('region', { name: 'Rank Prediction' });
      await rank.getByText('Failed to load rank').waitFor();
      expect({ set, ids: await internalIdsShown(page) }).toEqual({ set, ids: [] });
      cards[set] = await rank.innerText();
    }
    // DA's estimate reads CS's marks-to-rank data, and its card says that once, without a contradicting line.
    expect(cards['da-2025']!.match(/marks-to-rank data/g)).toEqual(['marks-to-rank data']);
    expect(cards['da-2025']).toContain("GATE's published marks-to-rank data of CS for ");
    expect(cards['cs1-2026']).toContain("GATE's published marks-to-rank data for ");
    expect(cards['cs1-2026']).not.toContain('for DA');
  });

  it('asks for the rank figures read from stored results only once the scorecard is on the page', async () => {
    const { data } = fixtureScorecard('cs1-2026', 2, fixtures.origin);
    await seedScorecard(page, server.url, data);
    // When the scorecard's header enters the page, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.scorecard__header')) return;
        (window as { headerAddedAt?: number }).headerAddedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(server.url + '/scorecard');
    await page.getByRole('region', { name: 'Rank Prediction' }).getByText('Failed to load rank').waitFor();
    const { headerAddedAt, figuresRequestedAt } = await page.evaluate(() => ({
      headerAddedAt: (window as { headerAddedAt?: number }).headerAddedAt,
      figuresRequestedAt: performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/assets/StoredResultFigures-'))?.startTime,
    }));
    expect(headerAddedAt).toBeGreaterThan(0);
    expect(figuresRequestedAt).toBeGreaterThan(headerAddedAt!);
  });

  it('expands a question with its images, options and summary', async () => {
    const { data, expected } = fixtureScorecard('cs1-2026', 1, fixtures.origin);
    await seedScorecard(page, server.url, data);
    await page.goto(server.url + '/scorecard');
    const mcq = data.response.find((question) => question.type === 'MCQ' && question.response_given.trim() !== '--')!;
    const item = page.locator('.question', { has: page.getByText(mcq.long_id, { exact: true }) });
    // A closed item holds no images (nothing downloads); opening it builds its body.
    expect(await item.locator('img').count()).toBe(0);
    await item.locator('summary').click();
    await item.getByText('Option A').waitFor();
    for (const source of await loadedImages(mcq.long_id)) expect(source).toMatch(/\/api\/images\?src=/);
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
      'Marks Obtained': displayMarks(expected.questions[mcq.long_id]?.obtainedMarks ?? Number.NaN),
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

    await openHome(page, server.url);
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await saved.waitFor();
    expect(await saved.getByRole('listitem').count()).toBe(2);
    await saved.getByRole('link', { name: new RegExp(first.expected.name) }).click();
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(first.expected.candidateId);

    await openHome(page, server.url);
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

    await pressPrint(page);
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
    await openUnderServiceWorker(server.url, data);
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

  it('opens a scorecard saved on this device offline from its link, as the verification mail gives it', async () => {
    const { data, expected } = fixtureScorecard('cs1-2026', 6, fixtures.origin);
    const link = 'https://cdn.digialm.com/per/g01/pub/585/touchstone/AssessmentQPHTMLMode1/saved-sheet.html';
    await openUnderServiceWorker(server.url, { ...data, link });
    await page.evaluate(() => localStorage.removeItem('scorecardData'));

    await context.setOffline(true);
    const query = new URLSearchParams({ link, email: 'asha.rao@example.in', testPaper: 'CS 1' });
    await page.goto(`${server.url}/scorecard?${query}`);
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(expected.candidateId);
    await context.setOffline(false);
  });

  it('keeps every image of an opened scorecard, so the saved scorecard shows them with the server gone', async () => {
    // A server of its own, shut down before going offline: nothing can come from the network, not even to the worker.
    const own = await startTestServer(portalHosts(fixtures));
    const { data, expected } = fixtureScorecard('cs1-2026', 4, fixtures.origin);
    const proxied = imageUrls(data.response).map((url) => new URL(imageSource(url, own.url), own.url).href);
    try {
      await openUnderServiceWorker(own.url, data);

      const first = itemAt(data.response, 0).long_id;
      await page.locator(`.question[data-long-id="${first}"] summary`).click();
      for (const source of await loadedImages(first))
        expect(source.startsWith(`${own.url}/api/images?src=`)).toBe(true);

      const started = Date.now();
      await expect.poll(async () => (await imageCache(proxied)).missing, { timeout: 30_000, interval: 250 }).toBe(0);
      const kept = await imageCache(proxied);
      console.info(
        `kept ${proxied.length} images (${Math.round(kept.bytes / 1024)} KB) within ${Date.now() - started} ms of ` +
          `the first image; origin storage in use ${Math.round(kept.usage / 1024)} KB`,
      );
      // Opaque portal responses would count ~7 MB each (~1.8 GB for these); through the proxy they count their size.
      expect(kept.usage).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await own.close();
    }

    await context.setOffline(true);
    const fromWorker: boolean[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/images?')) fromWorker.push(response.fromServiceWorker());
    });
    await openHome(page, own.url);
    const saved = page.getByRole('region', { name: 'Saved on this device' });
    await saved.getByRole('link', { name: new RegExp(expected.name) }).click();
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect(await page.textContent('.scorecard__candidate')).toContain(expected.candidateId);
    // The first question was seen online; the others only ever reached the cache through the warm-up.
    const questions = data.response.map((question) => question.long_id);
    for (const longId of [0, 30, questions.length - 1].map((index) => itemAt(questions, index))) {
      const item = page.locator(`.question[data-long-id="${longId}"]`);
      await item.locator('summary').click();
      await item.scrollIntoViewIfNeeded();
      expect((await loadedImages(longId)).length).toBeGreaterThan(0);
    }
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.every(Boolean)).toBe(true);
    await saveScreenshot(page, 'scorecard-offline-images');
    await context.setOffline(false);
  });
});
