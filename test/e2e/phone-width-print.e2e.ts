import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfTextPages } from '../../api/cli/node-pdf-text';
import type { ScorecardData } from '../../src/lib/scorecard/types';
import { launchBrowser, saveScreenshot, saveViewportScreenshot } from './support/browser';
import { familyScorecard, fixtureScorecard, seedScorecard, waitForAllQuestions } from './support/checker';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, useWidth } from './support/layout';
import { pressPrint, savePdf } from './support/print';
import { startAdminArea, type AdminArea } from './support/admin';

/**
 * Issue 44, the phone's width and the print: the scorecard's and the admin area's cards with equal margins (a 56 px
 * gutter on the right was kept for the back-to-top button), the breakdown's Marks column and every Question ID whole
 * on a 320 px phone, no table word cut; and the A4 copy of a CS 1 and an XE scorecard with the summary on page 1, no
 * form or button, every word whole. Each measure is printed, so a run reads as a before/after record.
 */

const ADMIN = { email: 'width@hiregate.test', password: 'Width#Pass1' };
/** Margins differing by less than this read as equal: a rounding of the layout, not a gutter. */
const MARGIN_SLACK_PX = 8;
/** Beyond this an A4 copy of a 65-question paper is not one to bring to counselling: four questions a page or more. */
const CS_PAGES_AT_MOST = 20;

/**
 * Left and right margins to the viewport's edges of an element and the row it stands in (`row`, the element itself by
 * default): on a desktop the Score Summary shares its row with the rank card.
 */
function margins(page: Page, selector: string, row = selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((element, rowSelector) => {
      const left = element.getBoundingClientRect().left;
      const right = (element.closest(rowSelector) ?? element).getBoundingClientRect().right;
      return { left: Math.round(left), right: Math.round(document.documentElement.clientWidth - right) };
    }, row);
}

/**
 * The words of tables and Question IDs that a line break cut in two: a word drawn on two lines has two boxes.
 * ('Mathema' / 'tics' in the Sections table at 360 px; '90026100…' cut short shows as overflow.)
 */
function cutWords(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('main :is(th, td)')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) cut.push(match[0]);
        }
      }
    }
    return cut;
  });
}

/** Question IDs not shown whole: cut off (wider than their box) or spilling out of their header. */
function hiddenQuestionIds(page: Page) {
  return page.locator('.question__id').evaluateAll((ids) =>
    ids
      .filter((id) => {
        const box = id.getBoundingClientRect();
        const header = id.closest('.question__header')!.getBoundingClientRect();
        return id.scrollWidth > id.clientWidth + 1 || box.right > header.right + 0.5;
      })
      .map((id) => id.textContent),
  );
}

/** The breakdown's Marks column: its right edge, and whether its table scrolls sideways to show it. */
function marksColumn(page: Page) {
  return page.locator('.table-scroll').evaluateAll((scrollers) =>
    scrollers.map((scroller) => {
      const heads = scroller.querySelectorAll('thead th');
      const marks = heads[heads.length - 1]!.getBoundingClientRect();
      return {
        name: scroller.getAttribute('aria-label'),
        right: Math.round(marks.right),
        viewport: document.documentElement.clientWidth,
        scrolls: scroller.scrollWidth > scroller.clientWidth,
      };
    }),
  );
}

describe("the phone's width and the printed copy", () => {
  let area: AdminArea;
  let browser: Browser;
  const origin = () => area.server.url;

  beforeAll(async () => {
    [area, browser] = await Promise.all([startAdminArea(ADMIN), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  const scorecards: Array<[string, () => ScorecardData]> = [
    ['cs', () => fixtureScorecard('cs1-2026', 0, area.fixtures.origin).data],
    ['da', () => fixtureScorecard('da-2025', 0, area.fixtures.origin).data],
    ['xe', () => familyScorecard('xe-2025', 0, area.fixtures.origin)],
  ];

  async function openScorecard(width: number, data: ScorecardData): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, width);
    // After GATE's results: the form to add the official result is on the page (and must not be on the paper).
    await page.route('**/api/data/official-results/status', (route) =>
      route.fulfill({ json: { available: true, report: null, opensOn: null } }),
    );
    await seedScorecard(page, origin(), data);
    await page.goto(`${origin()}/scorecard`);
    await waitForAllQuestions(page);
    return page;
  }

  for (const width of JOURNEY_WIDTHS) {
    for (const [name, scorecard] of scorecards) {
      it(`${name.toUpperCase()} at ${width} px: centred cards, the Marks column on screen, IDs and words whole`, async () => {
        const page = await openScorecard(width, scorecard());
        try {
          const summary = await margins(page, 'section[aria-labelledby="score-summary-title"]', '.scorecard__overview');
          const questions = await margins(page, 'section[aria-labelledby="question-breakdown-title"]');
          const marks = await marksColumn(page);
          const ids = await hiddenQuestionIds(page);
          const cut = await cutWords(page);
          console.info(`${name} ${width} px`, JSON.stringify({ summary, questions, marks, ids: ids.length, cut }));

          expect(Math.abs(summary.left - summary.right)).toBeLessThanOrEqual(MARGIN_SLACK_PX);
          expect(Math.abs(questions.left - questions.right)).toBeLessThanOrEqual(MARGIN_SLACK_PX);
          expect(marks.filter((table) => table.scrolls || table.right > table.viewport)).toEqual([]);
          expect(ids).toEqual([]);
          expect(cut).toEqual([]);
          await expectFitsAndAccessible(page, `${name} scorecard`);
          if (width < 900) {
            await saveScreenshot(page, `width-scorecard-${name}-${width}`);
            await saveViewportScreenshot(page.locator('.breakdown-tables'), `width-breakdown-${name}-${width}`);
            if (name === 'xe') {
              await saveViewportScreenshot(page.locator('.sections-table'), `width-sections-xe-${width}`);
            }
          }
        } finally {
          await page.context().close();
        }
      });
    }
  }

  /** Words a cut would show: the sections' names and tags, and the breakdown's column heads in their words. */
  const wholeOnPaper = {
    cs: ['Question Breakdown', 'Attempted', 'Incorrect', 'Normalisation Marks'],
    xe: ['General Aptitude', 'Not chosen: not counted', "Everyone's", 'Your choice', 'Attempted', 'Incorrect'],
  };

  it.each(['cs', 'xe'] as const)(
    'prints the %s scorecard on A4: summary on page 1, no form, words whole',
    async (name) => {
      const [, scorecard] = scorecards.find(([each]) => each === name)!;
      const data = scorecard();
      const page = await openScorecard(1280, data);
      try {
        await page.getByRole('region', { name: 'Add your official result' }).waitFor();
        await pressPrint(page);
        const controls = await page
          .locator('.scorecard :is(form, input, button, select, textarea)')
          .evaluateAll((all) => all.filter((control) => control.checkVisibility()).length);
        const pages = await pdfTextPages(await savePdf(page, 'A4', `width-print-${name}-A4`));
        const text = pages.map((items) =>
          items
            .map((item) => item.text)
            .join(' ')
            .replace(/\s+/g, ' '),
        );
        console.info(
          `${name} A4`,
          JSON.stringify({ pages: pages.length, controls, firstPage: text[0]!.slice(0, 160) }),
        );

        expect(controls).toBe(0);
        expect(text[0]).toContain('Score Summary');
        expect(text[0]).toContain('Total Marks');
        const all = text.join(' ');
        for (const phrase of wholeOnPaper[name]) expect(all).toContain(phrase);
        expect(all).not.toContain('Add your official result');
        expect(all).not.toContain('Choose PDF');
        if (data.sections) {
          for (const section of data.sections.sections) expect(all).toContain(section.name);
        }
        if (name === 'cs') expect(pages.length).toBeLessThanOrEqual(CS_PAGES_AT_MOST);
        // XE holds 175 questions, 110 of them in sections not chosen: those print as their header rows alone.
        else expect(pages.length).toBeLessThan(data.response.length / 4);
      } finally {
        await page.context().close();
      }
    },
  );

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${origin()}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${origin()}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
  }

  it('centres the admin area at 360 px: the dashboard and the results', async () => {
    const page = await (await browser.newContext()).newPage();
    try {
      await useWidth(page, 360);
      await signIn(page);
      await page
        .getByTestId('Total Results Present')
        .filter({ hasText: String(area.seeded.length) })
        .waitFor();
      const dashboard = await margins(page, '.admin-panel');
      const counters = await margins(page, '.admin-counters');
      await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
      await saveScreenshot(page, 'width-admin-dashboard-360');

      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('navigation', { name: 'Admin menu' })
        .getByRole('button', { name: 'View Results', exact: true })
        .click();
      const results = page.locator('details.admin-result');
      await results.first().locator('summary').click();
      const list = await margins(page, '.admin-panel');
      const first = await margins(page, 'details.admin-result');
      console.info('admin 360 px', JSON.stringify({ dashboard, counters, list, first }));

      for (const measured of [dashboard, counters, list, first]) {
        expect(Math.abs(measured.left - measured.right)).toBeLessThanOrEqual(MARGIN_SLACK_PX);
      }
      expect(await cutWords(page)).toEqual([]);
      await expectFitsAndAccessible(page, 'results list');
      await saveScreenshot(page, 'width-admin-results-360');
    } finally {
      await page.context().close();
    }
  });
});
