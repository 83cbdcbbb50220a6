import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfTextPages } from '../../api/cli/node-pdf-text';
import { launchBrowser } from './support/browser';
import { fixtureScorecard, seedScorecard } from './support/checker';
import { JOURNEY_WIDTHS, useWidth } from './support/layout';
import { startTestServer, type TestServer } from '../support/server';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { missingWords, pressPrint, savePdf, wordCounts } from './support/print';

/**
 * The printed scorecard, as a candidate brings it to counselling: Chromium's own PDF of the page, printed from a
 * desktop and from phones, on A4 and Letter. Read back with pdf.js, every word of the question rows and every figure
 * of the Score Summary must be on the paper whole: a word broken across lines ("Answe" / "red") is two pieces of text
 * in the PDF, and a clipped figure ("5" for 59) is missing.
 */

/** Every word of the printed question rows and summary figures, as the page holds them (print layout applied). */
function printedWords(page: Page) {
  return page.evaluate(() => {
    const words = (selector: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].flatMap((element) =>
        element.innerText.split(/\s+/).filter(Boolean),
      );
    return {
      rows: words('.question__header, .question__summary dd'),
      summary: words('.summary-table td, .scorecard__glance strong'),
      summaries: document.querySelectorAll('.question__summary').length,
    };
  });
}

describe('printing a scorecard', () => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let browser: Browser;

  beforeAll(async () => {
    [fixtures, browser] = await Promise.all([startFixtureServer(), launchBrowser()]);
    server = await startTestServer({ RESPONSE_SHEET_HOSTS: fixtures.host });
  });
  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await server?.close();
  });

  const papers = [
    ['A4', 'A4'],
    ['Letter', 'Letter'],
  ] as const;

  it.each(JOURNEY_WIDTHS.flatMap((width) => papers.map(([name, format]) => [width, name, format] as const)))(
    'at %i px on %s: every question row and summary figure prints whole, with its answer, key and marks',
    async (width, _name, format) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await useWidth(page, width);
        const { data } = fixtureScorecard('cs1-2026', 3, fixtures.origin);
        await seedScorecard(page, server.url, data);
        await page.goto(`${server.url}/scorecard`);
        await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();

        await pressPrint(page);
        const { rows, summary, summaries } = await printedWords(page);
        // Every question's answer, key and marks are on the paper, though no question was opened.
        expect(summaries).toBe(data.response.length);
        // The question images print where they fit: each one on the paper's width, loaded.
        const images = await page.locator('.question__image').evaluateAll((all) =>
          (all as HTMLImageElement[]).map((image) => ({
            loaded: image.complete && image.naturalWidth > 0,
            shown: image.getBoundingClientRect().width > 0,
          })),
        );
        expect(images.length).toBe(data.response.filter((question) => question.question).length);
        expect(images.filter((image) => !image.loaded || !image.shown)).toEqual([]);
        const pdf = await savePdf(page, format, `scorecard-print-${width}-${format}`);
        const printed = wordCounts(await pdfTextPages(pdf));
        expect({ brokenOrClipped: missingWords(rows, printed) }).toEqual({ brokenOrClipped: [] });
        expect({ summaryMissing: missingWords(summary, printed) }).toEqual({ summaryMissing: [] });
      } finally {
        await context.close();
      }
    },
  );
});
