import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotDir } from './support/browser';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, useWidth } from './support/layout';
import { pageNetwork, waitForServiceWorkerControl } from './support/pwa';
import type { TestServer } from '../support/server';
import type { FixtureServer } from '../support/fixture-server';
import { startAdminArea, type AdminArea } from './support/admin';
import { readFixtureJson, type FixtureUrls } from '../support/fixtures';
import type { SeededResult } from '../support/seed-results';

const ADMIN = { email: 'phone-admin@hiregate.test', password: 'Admin#Pass1' };
const basicAuth = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;
type MenuEntry = 'Upload Answer Keys' | 'All Question Papers' | 'View Results' | 'Dashboard';

/** Issue 17 item 7: the admin's journey on a 320 and 360 px phone and on a desktop. */
describe('admin area on a phone and on a desktop', () => {
  let fixtures: FixtureServer;
  let server: TestServer;
  let browser: Browser;
  let area: AdminArea;
  let seeded: SeededResult[];

  const uploadPaper = async (fixtureSet: 'cs1-2026' | 'da-2025') => {
    const link = fixtures.url(readFixtureJson<FixtureUrls>(fixtureSet, 'urls.json').master.url);
    const response = await fetch(`${server.url}/api/data/process`, {
      method: 'POST',
      headers: { Authorization: basicAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ link }),
    });
    expect([response.status, await response.text()]).toEqual([200, expect.any(String)]);
  };

  beforeAll(async () => {
    area = await startAdminArea(ADMIN);
    ({ fixtures, server, seeded } = area);
    await uploadPaper('cs1-2026');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(server.url + '/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/admin/dashboard');
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
    // Put the sign-in toast away, as a person would, so no layout check meets it sliding out of the viewport.
    // (On a slow run it may have closed by itself already.)
    const toast = page.locator('.Toastify__toast');
    await toast
      .getByRole('button', { name: 'Dismiss notification' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await toast.waitFor({ state: 'detached' });
  }

  const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 900;

  /** Chooses a menu entry as a person would: on a phone through the drawer, which must close after the choice. */
  async function choose(page: Page, entry: MenuEntry): Promise<void> {
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    if (isPhone(page)) {
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Menu' }).click();
      await menu.waitFor();
      // The drawer leaves a strip of the page visible, so it is plainly a layer over it.
      const drawer = (await menu.boundingBox())!;
      expect(drawer.width).toBeLessThanOrEqual(page.viewportSize()!.width - 56);
      expect(drawer.height).toBe(page.viewportSize()!.height);
    }
    await menu.getByRole('button', { name: entry, exact: true }).click();
    if (isPhone(page)) {
      await menu.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    }
  }

  for (const width of JOURNEY_WIDTHS) {
    it(`every admin screen fits ${width} px, with every control inside the viewport and no serious axe violation`, async () => {
      const page = await (await browser.newContext()).newPage();
      await useWidth(page, width);
      await page.goto(server.url + '/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await expectFitsAndAccessible(page, 'sign-in');

      await signIn(page);
      await page
        .getByTestId('Total Results Present')
        .filter({ hasText: String(seeded.length) })
        .waitFor();
      if (!isPhone(page)) {
        // Collapsed, the menu is symbols: each names itself on hover and focus.
        await page.waitForFunction(
          () => document.querySelector<HTMLElement>('[data-testid="admin-sidebar"]')?.style.width === '60px',
        );
        const entry = page.getByRole('button', { name: 'View Results', exact: true });
        const label = entry.locator('.admin-sidebar__label');
        await entry.hover();
        const shown = (await label.boundingBox())!;
        expect(shown.width).toBeGreaterThan(40);
        expect(await label.evaluate((el) => getComputedStyle(el).clipPath)).toBe('none');
        await page.mouse.move(width / 2, 400);
        await page.keyboard.press('Tab');
      }
      await expectFitsAndAccessible(page, 'dashboard');

      await choose(page, 'Upload Answer Keys');
      await page.getByRole('button', { name: 'Upload Question Paper' }).click();
      await page.getByLabel('Question Paper Link').waitFor();
      await expectFitsAndAccessible(page, 'upload dialog');
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expectFitsAndAccessible(page, 'upload panel');

      await choose(page, 'All Question Papers');
      const group = page.locator('details.admin-paper').first();
      await group.waitFor();
      expect(await group.locator('.admin-paper__name').textContent()).toBe('GATE 2026 CS 1');
      await expectFitsAndAccessible(page, 'papers list');
      await group.locator(':scope > summary').click();
      const question = group.locator('details.admin-question').filter({ hasText: 'MSQ' }).first();
      await question.locator('summary').click();
      await question.getByRole('img', { name: 'Option D' }).waitFor();
      await expectFitsAndAccessible(page, "a paper's questions");

      await choose(page, 'View Results');
      await page.locator('details.admin-result').first().waitFor();
      await expectFitsAndAccessible(page, 'results list');
      await page.locator('details.admin-result > summary').first().click();
      await expectFitsAndAccessible(page, 'a result opened');
      await page.context().close();
    });
  }

  it('saving a key shows its state in the question row without moving the questions below', async () => {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, 360);
    await signIn(page);
    await choose(page, 'All Question Papers');
    const group = page.locator('details.admin-paper').first();
    await group.locator(':scope > summary').click();
    const questions = group.locator('details.admin-question');
    const msq = questions.filter({ hasText: 'MSQ' }).first();
    await msq.locator('summary').click();
    await msq.getByLabel('Set Correct Answer').fill('a, c');
    expect(await msq.getByLabel('Set Correct Answer').inputValue()).toBe('A;C');
    // Where the questions around the saved one sit in the page (not the viewport, which the browser may scroll).
    const positions = () =>
      group
        .locator('details.admin-question')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top + window.scrollY)));
    const before = await positions();
    await msq.getByRole('button', { name: 'Save Answer' }).click();
    await msq.locator('summary .admin-tag', { hasText: /^Marked$/ }).waitFor();
    await group.locator('.admin-rescore-line', { hasText: 'Results re-scored' }).waitFor();
    expect(await positions()).toEqual(before);
    await page.context().close();
  });

  it('at 320 and 360 px the sign-in toast leaves the Menu button clear, and Menu opens while it shows', async () => {
    for (const width of [320, 360]) {
      const page = await (await browser.newContext()).newPage();
      await useWidth(page, width);
      await page.goto(server.url + '/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      const toast = page.locator('.Toastify__toast', { hasText: 'Login successful!' });
      await toast.waitFor();
      const menuButton = page.getByRole('button', { name: 'Menu' });
      const [toastBox, menuBox] = await Promise.all([toast.boundingBox(), menuButton.boundingBox()]);
      expect(toastBox!.y, `${width} px`).toBeGreaterThanOrEqual(menuBox!.y + menuBox!.height);
      // Clicked where a person taps, not through the element: a toast over it would take the tap.
      await page.mouse.click(menuBox!.x + menuBox!.width / 2, menuBox!.y + menuBox!.height / 2);
      await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
      await page.context().close();
    }
  });

  it('on a phone the drawer closes on Escape and on a tap beside it, and gives focus back to Menu', async () => {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, 360);
    await signIn(page);
    await choose(page, 'View Results');
    await page.getByLabel('Search by email, name, candidate ID, or paper').waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await menu.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('☰View Results');
    await page.screenshot({ path: path.join(screenshotDir, 'admin-drawer-360.png') });
    // Tabbing never reaches the page behind the drawer (here the results' search box, right after Logout).
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('#main')?.contains(document.activeElement))).toBe(false);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await menuButton.click();
    await page.mouse.click(350, 400);
    await menu.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('offline, the dashboard shows the last known figures marked as such, and refreshes on reconnect', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await useWidth(page, 360);
    await signIn(page);
    const papers = page.getByTestId('Total Question Papers');
    const results = page.getByTestId('Total Results Present');
    await results.filter({ hasText: String(seeded.length) }).waitFor();
    const knownPapers = Number(await papers.textContent());
    expect(knownPapers).toBeGreaterThan(0);
    await waitForServiceWorkerControl(page);
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();

    const network = await pageNetwork(page);
    await network.offline();
    await page.reload();
    await network.offline();
    const note = page.getByTestId('admin-figures-note');
    await note.filter({ hasText: /^as of .+, offline$/ }).waitFor();
    expect(await papers.textContent()).toBe(String(knownPapers));
    expect(await results.textContent()).toBe(String(seeded.length));
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await banner.waitFor();
    await expectFitsAndAccessible(page, 'offline dashboard');
    await page.screenshot({ path: path.join(screenshotDir, 'admin-dashboard-offline-360.png') });
    // The notice keeps its own room: the end of the page scrolls clear of it, and it can be put away.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bannerTop = (await banner.boundingBox())!.y;
    const lastContent = await page.locator('.admin-main').evaluate((main) => main.getBoundingClientRect().bottom);
    expect(lastContent).toBeLessThanOrEqual(bannerTop + 1);
    await page.getByRole('button', { name: 'Dismiss offline notice' }).click();
    await banner.waitFor({ state: 'detached' });

    // A paper added meanwhile shows once the network returns, without a reload.
    await uploadPaper('da-2025');
    await network.online();
    await papers.filter({ hasText: String(knownPapers + 1) }).waitFor({ timeout: 10_000 });
    await note.filter({ hasText: /^$/ }).waitFor();
    await context.close();
  });

  it('at 360 px the counters stand still while the tagline types itself over three lines', async () => {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, 360);
    await signIn(page);
    // Time stands still from the reload on, so the tagline is seen empty, then whole.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
    const typed = page.locator('.admin-tagline .typing-text__typed');
    const whole = (await page.locator('.admin-tagline .visually-hidden').textContent())!;
    const counters = page.locator('.admin-counters');
    expect(await typed.textContent()).toBe('');
    const topBefore = (await counters.boundingBox())!.y;
    await page.clock.resume();
    await page.waitForFunction(
      (text) => document.querySelector('.admin-tagline .typing-text__typed')?.textContent === text,
      whole,
    );
    expect((await page.locator('.admin-tagline').boundingBox())!.height).toBeGreaterThan(40);
    expect((await counters.boundingBox())!.y).toBe(topBefore);
    await page.context().close();
  });

  it('a screenshot of the dashboard at 360 px, as a phone shows it, for review and the README', async () => {
    const page = await (await browser.newContext()).newPage();
    await useWidth(page, 360);
    await signIn(page);
    await page
      .getByTestId('Total Results Present')
      .filter({ hasText: String(seeded.length) })
      .waitFor();
    // The tagline types itself out; the picture shows it whole.
    await page.waitForFunction(() => {
      const tagline = document.querySelector('.admin-tagline');
      return (
        tagline?.querySelector('.typing-text__typed')?.textContent ===
        tagline?.querySelector('.visually-hidden')?.textContent
      );
    });
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, 'admin-dashboard-360.png') });
    await page.context().close();
  });
});
