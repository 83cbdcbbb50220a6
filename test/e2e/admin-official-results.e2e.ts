import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { NewOfficialReport } from '../../api/store';
import { launchBrowser, saveScreenshot } from './support/browser';
import { expectFitsAndAccessible, useWidth } from './support/layout';
import { processFixturePaper, startAdminArea, type AdminArea } from './support/admin';

const ADMIN = { email: 'official-results-admin@hiregate.test', password: 'Admin#Pass1' };
const YEAR = 2026;
const DOCS_SCREENSHOTS = path.resolve('docs/screenshots');

/** The earlier years' forecast at some marks, as a smooth made-up curve: AIR 92 at 78 marks, 20,000 at 35. */
const forecastAt = (marks: number) => {
  const rank = Math.round(40 * Math.exp((85 - marks) / 8));
  return { rank, rankRange: [Math.round(rank * 0.75), Math.round(rank * 1.4)] as [number, number] };
};
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

interface Planned {
  marks: number;
  /** The official AIR over the forecast's. */
  factor: number;
  provenance?: NewOfficialReport['provenance'];
  pdf?: 'read' | 'checked';
  /** Reports with the same device are one reporter. */
  device?: string;
}

/**
 * A year of CS 1 official results, oldest first: thirteen from the portal or confirmed by it (two of them from one
 * device: 12 independent reporters, so ranks are read from the reports), three uploaded pages, and, newest, one AIR
 * six times the others' (far from the consensus, kept for review).
 */
const PLAN: Planned[] = [
  { marks: 78.3, factor: 0.92 },
  { marks: 74.0, factor: 1.06, pdf: 'checked' },
  { marks: 70.7, factor: 0.97 },
  { marks: 66.4, factor: 1.1 },
  { marks: 58.7, factor: 1.02, pdf: 'read' },
  { marks: 55.2, factor: 1.08 },
  { marks: 51.9, factor: 0.9, provenance: 'confirmed' },
  { marks: 48.4, factor: 1.0 },
  { marks: 45.0, factor: 0.95 },
  { marks: 41.6, factor: 1.04, device: 'shared-phone' },
  { marks: 38.3, factor: 0.98, device: 'shared-phone' },
  { marks: 35.0, factor: 1.12, provenance: 'uploaded' },
  { marks: 60.0, factor: 0.5, provenance: 'uploaded' },
  { marks: 30.1, factor: 1.0, provenance: 'uploaded', pdf: 'read' },
  { marks: 33.4, factor: 0.96 },
  { marks: 62.1, factor: 6 },
];
const FAR = PLAN.length - 1;

async function seedReports(area: AdminArea): Promise<string[]> {
  const { store } = area.server;
  const paper = (await store.papers.list()).find((one) => one.year === YEAR && one.code === 'CS')!;
  // The stored CS 1 results first, then made-up ones: a report needs no stored result to be reviewed.
  const results = (await store.results.list()).map((result) => result.id);
  const ids = PLAN.map((_, index) => results[index] ?? `e2e-report-${index}`);
  for (const [index, planned] of PLAN.entries()) {
    const forecast = forecastAt(planned.marks);
    const rank = Math.round(forecast.rank * planned.factor);
    await store.officialReports.add(
      {
        resultId: ids[index]!,
        paperId: paper.id,
        set: 'CS 1',
        year: YEAR,
        rank,
        score: Math.round(300 + (planned.marks - 25) * 9.5),
        ...(planned.pdf ? { marks: planned.marks } : {}),
        source: planned.pdf ? 'pdf' : 'typed',
        ...(planned.pdf === 'checked' ? { documentChecked: true as const } : {}),
        predicted: { ...forecast, normMarks: planned.marks, score: null },
        forecast,
        provenance: planned.provenance ?? 'portal',
        reporter: {
          address: digest(`address ${index}`),
          device: digest(planned.device ?? `device ${index}`),
          network: digest(`network ${index}`),
        },
      },
      new Date(Date.UTC(YEAR, 2, 19, 6 + index, 30)),
    );
  }
  return ids;
}

describe('the admin Official results panel', () => {
  let area: AdminArea;
  let browser: Browser;
  let ids: string[];

  beforeAll(async () => {
    area = await startAdminArea(ADMIN);
    await processFixturePaper(area, ADMIN);
    ids = await seedReports(area);
    browser = await launchBrowser();
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });
  const report = (page: Page, index: number) => page.locator(`tbody.official-report[data-result-id="${ids[index]}"]`);

  /** Puts every toast away, as a person would, so nothing lies over what a check or a screenshot looks at. */
  async function dismissToasts(page: Page): Promise<void> {
    const toasts = page.locator('.Toastify__toast');
    for (const button of await toasts.getByRole('button', { name: 'Dismiss notification' }).all()) {
      await button.click({ timeout: 1000 }).catch(() => undefined);
    }
    await toasts.first().waitFor({ state: 'detached' });
  }

  /** Signs in at this width and opens the panel from the menu (on a phone, the drawer behind Menu). */
  async function openPanel(width: number): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, width);
    await page.goto(`${area.server.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${area.server.url}/admin/dashboard`);
    await dismissToasts(page);
    if (width < 900) await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('button', { name: 'Official results', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Official results', level: 1 }).waitFor();
    await page.locator('tbody.official-report').first().waitFor();
    return page;
  }

  /** On a desktop the menu folds itself away after 2 s: the panel then has the width it is laid out for. */
  const menuFolded = (page: Page) =>
    page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-testid="admin-sidebar"]')?.style.width === '60px',
    );

  /** Quarantines or restores a report through its dialog, which refuses to go on without a reason. */
  async function moderate(page: Page, row: Locator, action: 'Quarantine' | 'Restore', reason: string) {
    await row.getByRole('button', { name: new RegExp(`^${action} AIR`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${action} AIR`) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await dialog.getByText('Say why: the reason is kept in the moderation log.').waitFor();
    await dialog.getByLabel('Reason (kept in the moderation log)').fill(reason);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('at 1280 px lists every report with provenance and flags, quarantines one with a reason and restores it', async () => {
    const page = await openPanel(1280);
    try {
      await menuFolded(page);
      expect(await page.getByLabel('GATE year').inputValue()).toBe(String(new Date().getFullYear()));
      await page.getByLabel('GATE year').selectOption(String(YEAR));
      await page
        .getByRole('list', { name: "Each paper's consensus" })
        .getByText('CS: 16 reports, 12 independent reporters — ranks read from these reports')
        .waitFor();
      expect(await page.locator('tbody.official-report').count()).toBe(PLAN.length);
      // Newest first: the far report heads the list.
      expect(await page.locator('tbody.official-report').first().getAttribute('data-result-id')).toBe(ids[FAR]);

      const far = report(page, FAR);
      expect(await far.textContent()).toMatch(
        /Portal.*Typed.*spreads worse than the consensus.*Far from consensus.*For review.*Weight 0%/,
      );
      expect(await report(page, 1).textContent()).toContain('PDF, document-checked');
      expect(await report(page, 4).textContent()).toMatch(/Portal.*PDF(?!,)/);
      expect(await report(page, 6).textContent()).toContain('Confirmed');
      const upload = await report(page, 12).textContent();
      expect(upload).toMatch(/Uploaded.*spreads better than the consensus.*Uploaded page.*Owner only.*Weight 0%/);
      for (const shared of [9, 10]) {
        const row = report(page, shared);
        expect(await row.getByText('Shared reporter').count()).toBe(1);
        expect(await row.locator('.official-report__digest--shared').textContent()).toMatch(
          /^Device [0-9a-f]{8} \(another report has it too\)$/,
        );
      }
      expect(await report(page, 0).locator('td[data-label="State"]').textContent()).toMatch(
        /^CountedWeight [1-9]\d*%$/,
      );
      await expectFitsAndAccessible(page, 'official results');

      await page.getByLabel('Show').selectOption('review');
      expect(await page.locator('tbody.official-report').count()).toBe(1);
      expect(await page.getByText(`Showing 1 of ${PLAN.length} reports for GATE ${YEAR}.`).count()).toBe(1);
      await page.getByLabel('Show').selectOption('all');

      const reason = 'AIR six times what candidates near these marks reported';
      await moderate(page, far, 'Quarantine', reason);
      await toast(page, `Quarantined the report of AIR`).waitFor();
      await far.locator('[data-label="State"]').getByText('Quarantined', { exact: true }).waitFor();
      const log = far.getByRole('list', { name: /^Moderation log of AIR/ });
      expect(await log.getByRole('listitem').count()).toBe(1);
      expect(await log.textContent()).toMatch(new RegExp(`^Quarantined .* by admin \\S+: “${reason}”$`));
      expect(await far.getByRole('button', { name: /^Restore AIR/ }).count()).toBe(1);
      expect((await area.server.store.officialReports.findByResult(ids[FAR]!))?.quarantined).toBe(true);
      await page.getByLabel('Show').selectOption('quarantined');
      expect(await page.locator('tbody.official-report').count()).toBe(1);
      await dismissToasts(page);
      await expectFitsAndAccessible(page, 'a quarantined report');
      await page.getByLabel('Show').selectOption('all');
      // For the docs: the quarantined report and, further down, the two sharing a device.
      await page.setViewportSize({ width: 1280, height: 1320 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(DOCS_SCREENSHOTS, 'admin-official-results-1280.png') });
      await useWidth(page, 1280);

      await moderate(page, far, 'Restore', 'Checked the scorecard the candidate sent: it is genuine');
      await toast(page, 'Restored the report of AIR').filter({ hasText: 'Its state now: For review.' }).waitFor();
      await far.locator('[data-label="State"]').getByText('For review', { exact: true }).waitFor();
      expect(await log.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Quarantined /),
        expect.stringMatching(/^Restored .*“Checked the scorecard the candidate sent: it is genuine”$/),
      ]);
      expect((await area.server.store.officialReports.findByResult(ids[FAR]!))?.quarantined).toBeUndefined();
    } finally {
      await page.context().close();
    }
  });

  // 1160 px leaves the panel just over 1000 px, the narrowest it shows the table in; 1024 px shows cards.
  for (const width of [320, 1024, 1160]) {
    it(`fits ${width} px: no sideways scroll, every control within reach`, async () => {
      const page = await openPanel(width);
      try {
        await page.getByLabel('GATE year').selectOption(String(YEAR));
        await report(page, FAR).waitFor();
        if (width >= 900) await menuFolded(page);
        await expectFitsAndAccessible(page, 'official results');
        // A table, or a card per report.
        const shownAs = await report(page, FAR).evaluate((body) => getComputedStyle(body).display);
        expect(shownAs).toBe(width > 1100 ? 'table-row-group' : 'block');
        await saveScreenshot(page, `admin-official-results-${width}`);
      } finally {
        await page.context().close();
      }
    });
  }

  it('at 360 px shows each report as a card, with no sideways scroll, and asks for the reason in a dialog', async () => {
    const page = await openPanel(360);
    try {
      await page.getByLabel('GATE year').selectOption(String(YEAR));
      const far = report(page, FAR);
      await far.waitFor();
      // A card: the parts stack under their column's names, within the screen.
      const card = (await far.boundingBox())!;
      expect(card.width).toBeLessThanOrEqual(360);
      expect(
        await far.locator('td[data-label="Flags"]').evaluate((cell) => getComputedStyle(cell, '::before').content),
      ).toBe('"Flags"');
      await expectFitsAndAccessible(page, 'official results cards');

      await far.getByRole('button', { name: /^Quarantine AIR/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Quarantine AIR/ });
      await dialog.waitFor();
      await expectFitsAndAccessible(page, 'the quarantine dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // For the docs: the panel's top and the first cards, on a tall phone screen.
      await page.setViewportSize({ width: 360, height: 1400 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(DOCS_SCREENSHOTS, 'admin-official-results-360.png') });
    } finally {
      await page.context().close();
    }
  });
});
