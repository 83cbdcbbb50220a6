import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, saveViewportScreenshot } from './support/browser';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, targetSizeProblems, useWidth } from './support/layout';
import { basicAuth, openPaperGroup, processFixturePaper, startAdminArea, type AdminArea } from './support/admin';
import { fixtureScorecard, seedScorecard, waitForAllQuestions } from './support/checker';
import { readFixtureJson } from '../support/fixtures';
import { itemAt } from '../../src/domain/lists';

/**
 * Issue 32 item 6, what a thumb cannot hit or a phone hides: every visible control of the screens a candidate and an
 * admin use measured at 320, 360 and 1280 px (expectFitsAndAccessible: 44 × 44 px on a phone, WCAG 2.5.8 on a
 * desktop, links in running text exempt as WCAG 2.5.8 has them), the back-to-top button covering nothing at any scroll position, and the
 * advertisement once per visit, never in the installed app, its close button clear of its text.
 */

const ADMIN = { email: 'touch@hiregate.test', password: 'Touch#Pass1' };
/** A candidate who also uploaded the saved page: View Results lists them twice, once 'Uploaded'. */
const UPLOADED_COPY_OF = 1;

/** The candidate's public screens beyond the checker's own journey (phone-checker.e2e.ts walks that one). */
const PUBLIC_SCREENS: Array<[string, string]> = [
  ['/contact', 'Contact Us'],
  ['/support', 'Customer Support'],
  ['/career', 'Careers'],
  ['/press', 'Press Room'],
  ['/sales', 'Sales and market trends'],
  ['/disclaimer', 'Disclaimer'],
  ['/signup', 'Create your account'],
  ['/login', 'Admin login'],
  ['/forgot-password', 'Forgot password?'],
  ['/pwdreset/some-token', 'Reset your password'],
  ['/no/such/page', 'Page Not Found'],
];

/** Pretends the page runs as the installed app (display-mode: standalone), which Chromium cannot emulate. */
const asInstalledApp = () => {
  const real = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => real(query.includes('display-mode: standalone') ? 'all' : query);
};

/**
 * Everything of the page's content and footer the visible back-to-top button overlaps, scrolled from where it shows
 * to the very end, a step at a time; and how many questions' right/wrong icons passed beside it (on a phone, where the
 * button sits in the sticky top bar, under the bar).
 */
async function coveredByBackToTop(page: Page): Promise<{ covered: string[]; iconsSeen: number }> {
  return page.evaluate(async () => {
    const covered = new Set<string>();
    let iconsSeen = 0;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    for (let top = 320; ; top = Math.min(top + window.innerHeight / 3, bottom)) {
      window.scrollTo(0, top);
      await frame();
      const button = document.querySelector<HTMLElement>('.scroll-to-top:not([hidden])');
      if (!button) {
        covered.add(`no back-to-top button at ${Math.round(top)} px`);
        break;
      }
      const box = button.getBoundingClientRect();
      // The page scrolls under the sticky top bar: what is under the bar does not show, so nothing there is covered.
      const barBottom = document.querySelector('header.top-bar, .admin-topbar')?.getBoundingClientRect().bottom ?? 0;
      for (const element of document.querySelectorAll<HTMLElement>('main *, footer *')) {
        if (element === button || element.contains(button) || button.contains(element)) continue;
        // Words for screen readers only ('(opens in a new tab)') are clipped away: nothing to cover.
        if (element.closest('.visually-hidden')) continue;
        const drawn = element.matches('img, svg, [role="img"], a, button, input, select, summary');
        const leaf = element.children.length === 0 || drawn;
        // What shows of it: a block of text by its words' boxes (not its padding); a table that scrolls sideways in
        // its own area cut off at that area's edges.
        const text = document.createRange();
        text.selectNodeContents(element);
        const own = drawn ? element.getBoundingClientRect() : text.getBoundingClientRect();
        const clip = element.closest('[data-scrolls-sideways]')?.getBoundingClientRect() ?? own;
        const left = Math.max(own.left, clip.left);
        const right = Math.min(own.right, clip.right);
        const shownTop = Math.max(own.top, barBottom);
        const area = new DOMRect(left, shownTop, right - left, own.bottom - shownTop);
        const isIcon = element.matches('.question__header [role="img"]');
        if (isIcon && own.bottom > box.top && own.top < box.bottom) iconsSeen++;
        if (!leaf || area.width <= 0 || area.height <= 0) continue;
        const beside = area.bottom > box.top && area.top < box.bottom;
        const across = Math.min(area.right, box.right) - Math.max(area.left, box.left);
        if (beside && across > 0.5) {
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
          covered.add(`${element.tagName.toLowerCase()}.${element.className} "${name}"`);
        }
      }
      if (top >= bottom) break;
    }
    return { covered: [...covered], iconsSeen };
  });
}

describe('touch targets and what a phone hides', () => {
  let area: AdminArea;
  let browser: Browser;
  const origin = () => area.server.url;

  beforeAll(async () => {
    area = await startAdminArea(ADMIN, { uploadedCopyOf: UPLOADED_COPY_OF });
    await processFixturePaper(area, ADMIN);
    const { keys } = readFixtureJson<{ keys: Record<string, string> }>('cs1-2026', 'key.json');
    const imported = await fetch(`${origin()}/api/data/import-key`, {
      method: 'POST',
      headers: { authorization: basicAuth(ADMIN), 'content-type': 'application/json' },
      body: JSON.stringify({ paperId: 'CS1-2026', keys, label: 'final' }),
    });
    expect(imported.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  async function pageAt(width: number, context?: BrowserContext): Promise<Page> {
    const page = await (context ?? (await browser.newContext())).newPage();
    await useWidth(page, width);
    return page;
  }

  it('measures what it must: a small control on a phone, a crowded small one on a desktop, not a link in a sentence', async () => {
    const page = await pageAt(360);
    await page.setContent(`
      <main>
        <p>Write to <a href="mailto:a@b.c">a@b.c</a> any time.</p>
        <button style="width: 30px; height: 30px">A</button>
        <p><a href="/x" style="display: inline-block; padding: 12px 0">Spaced</a></p>
        <div><button style="width: 16px; height: 16px">1</button><button style="width: 16px; height: 16px">2</button></div>
      </main>`);
    const phone = await targetSizeProblems(page);
    expect(phone.some((problem) => problem.startsWith('button "A" is 30×30 px, under 44×44'))).toBe(true);
    expect(phone.some((problem) => problem.includes('"a@b.c"'))).toBe(false);
    await useWidth(page, 1280);
    expect(await targetSizeProblems(page)).toEqual([
      'button "1" is 16×16 px, under 24×24 and too close to another target',
      'button "2" is 16×16 px, under 24×24 and too close to another target',
    ]);
    await page.context().close();
  });

  for (const [index, width] of JOURNEY_WIDTHS.entries()) {
    it(`gives every control of the candidate's screens a thumb's or a pointer's room at ${width} px`, async () => {
      const page = await pageAt(width);
      await page.goto(origin() + '/');
      const close = page.getByRole('button', { name: 'Close advertisement' });
      await close.waitFor();
      // The close button stands clear of the words under it ('FREE FOR GATE CANDIDATES', the title).
      const overlaps = await close.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return [...document.querySelectorAll('.ad-overlay__eyebrow, .ad-overlay__title')].flatMap((block) => {
          const range = document.createRange();
          range.selectNodeContents(block);
          return [...range.getClientRects()]
            .filter((line) => line.right > box.left && line.left < box.right)
            .filter((line) => line.bottom > box.top && line.top < box.bottom)
            .map(() => block.textContent ?? '');
        });
      });
      expect(overlaps).toEqual([]);
      await expectFitsAndAccessible(page, 'home page with the advertisement');
      if (width !== 320) await saveScreenshot(page, `touch-advertisement-${width}`);
      await close.click();
      await page.getByRole('button', { name: 'Check Now' }).waitFor();
      await expectFitsAndAccessible(page, 'home page and its footer');
      if (width !== 320) await saveViewportScreenshot(page.locator('footer'), `touch-footer-${width}`);

      await page.getByRole('button', { name: 'Check Now' }).click();
      await page.getByRole('dialog', { name: 'Check Your GATE Score' }).getByLabel('GATE Response Link').waitFor();
      await expectFitsAndAccessible(page, 'Check Now dialog');
      await page.keyboard.press('Escape');

      for (const [path, heading] of PUBLIC_SCREENS) {
        await page.goto(origin() + path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await expectFitsAndAccessible(page, path);
        if (width !== 320 && path === '/contact') await saveScreenshot(page, `touch-contact-${width}`);
      }

      // A toast and its close button: a wrong password on the sign-in screen.
      await page.goto(origin() + '/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
      await page.getByRole('button', { name: 'Login' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Invalid email or password.' });
      await toast.waitFor();
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity ||
              (animation.effect as KeyframeEffect | null)?.target?.classList.contains('Toastify__progress-bar'),
          ),
      );
      const dismiss = (await toast.getByRole('button', { name: 'Dismiss notification' }).boundingBox())!;
      expect([dismiss.width, dismiss.height]).toEqual([44, 44]);
      await expectFitsAndAccessible(page, 'sign-in with a toast');
      if (width !== 320) await page.screenshot({ path: `test-results/screenshots/touch-toast-${width}.png` });

      const { data } = fixtureScorecard('cs1-2026', index, area.fixtures.origin);
      await seedScorecard(page, origin(), data);
      await page.goto(origin() + '/scorecard');
      await waitForAllQuestions(page);
      await expectFitsAndAccessible(page, 'scorecard');
      await page.context().close();
    });

    it(`gives every control of the admin's screens a thumb's or a pointer's room at ${width} px`, async () => {
      const page = await pageAt(width);
      const group = await openPaperGroup(page, origin(), ADMIN, 'GATE 2026 CS 1', width);
      await group.getByRole('button', { name: 'Import answer key' }).click();
      const picker = group.getByLabel('Key file (key.json or official key rows)');
      await picker.waitFor();
      await expectFitsAndAccessible(page, 'import key form');
      expect((await picker.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      if (width !== 320) await saveViewportScreenshot(group.getByTestId('key-drop-zone'), `touch-import-key-${width}`);

      await group.getByLabel('Or paste official key rows').fill('1 MCQ GA D\n2 MCQ GA A\n66 MCQ CS B');
      await group.getByRole('button', { name: 'Preview rows' }).click();
      await group.getByRole('heading', { name: 'Rows read from the pasted rows' }).waitFor();
      await expectFitsAndAccessible(page, 'preview of pasted key rows');
      if (width !== 320) {
        await saveViewportScreenshot(
          group.getByRole('heading', { name: 'Rows read from the pasted rows' }),
          `touch-pasted-rows-${width}`,
        );
      }
      await group.getByRole('button', { name: 'Cancel' }).click();

      if (width < 900) await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('navigation', { name: 'Admin menu' })
        .getByRole('button', { name: 'View Results', exact: true })
        .click();
      const copies = page.locator(
        `details.admin-result[data-candidate-id="${itemAt(area.seeded, UPLOADED_COPY_OF).candidateId}"]`,
      );
      await copies.first().getByText('Uploaded').waitFor();
      // 'Login successful!' slides out past the screen's edge as it leaves: measured once it has gone.
      await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
      await expectFitsAndAccessible(page, 'results list');
      await copies.first().locator('summary').click();
      await expectFitsAndAccessible(page, 'an uploaded result opened');
      if (width !== 320) await saveViewportScreenshot(copies.first(), `touch-results-uploaded-${width}`);
      await page.context().close();
    });
  }

  for (const width of [320, 360]) {
    it(`keeps the scorecard's back-to-top button clear of every question's icon and of all content at ${width} px`, async () => {
      const page = await pageAt(width);
      const { data } = fixtureScorecard('cs1-2026', 2, area.fixtures.origin);
      await seedScorecard(page, origin(), data);
      await page.goto(origin() + '/scorecard');
      await waitForAllQuestions(page);
      const { covered, iconsSeen } = await coveredByBackToTop(page);
      expect(covered).toEqual([]);
      // The icons did pass the button's height: the check looked where they could be covered.
      expect(iconsSeen).toBeGreaterThan(10);
      await page.evaluate(() => window.scrollTo(0, 900));
      if (width === 360)
        await page.screenshot({ path: 'test-results/screenshots/touch-scorecard-back-to-top-360.png' });
      await page.context().close();
    });
  }

  it('shows the advertisement once per visit, again in a new visit, and never in the installed app', async () => {
    const context = await browser.newContext();
    const page = await pageAt(360, context);
    const advertisement = page.getByRole('dialog', { name: 'Your GATE score and predicted rank, in seconds' });
    await page.goto(origin() + '/');
    await advertisement.waitFor();
    await page.getByRole('button', { name: 'Close advertisement' }).click();
    await page.goto(origin() + '/about');
    await page.goto(origin() + '/');
    await page.getByRole('button', { name: 'Check Now' }).waitFor();
    expect(await advertisement.isVisible()).toBe(false);
    await page.reload();
    await page.getByRole('button', { name: 'Check Now' }).waitFor();
    expect(await advertisement.isVisible()).toBe(false);

    // A new tab is a new visit.
    const again = await pageAt(360, context);
    await again.goto(origin() + '/');
    await again.getByRole('dialog', { name: 'Your GATE score and predicted rank, in seconds' }).waitFor();
    await context.close();

    const installed = await browser.newContext();
    await installed.addInitScript(asInstalledApp);
    const app = await pageAt(360, installed);
    await app.goto(origin() + '/');
    await app.getByRole('button', { name: 'Check Now' }).waitFor();
    expect(await app.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    expect(await app.getByRole('dialog', { name: 'Your GATE score and predicted rank, in seconds' }).isVisible()).toBe(
      false,
    );
    await installed.close();
  });
});
