import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { withPolicyViolationReports } from './policy-violations';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Keeps Chromium headless and off the (closed) network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's Chromium, never a downloaded build; the flags keep it off the (closed) network. Its pages report
 * Content-Security-Policy violations, which fail the test.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  return withPolicyViolationReports(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS }));
}

export const screenshotDir = path.resolve('test-results/screenshots');

/** Saves a full-page screenshot for human review (test-results/ is kept out of git). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Saves what the screen shows with this part of the page at its top, under the sticky top bar: a long page's full
 * screenshot is too tall to judge one part by, and an element's own screenshot leaves out what stands around it.
 * Into test-results/, or `dir` (docs/screenshots for one the docs show).
 */
export async function saveViewportScreenshot(part: Locator, name: string, dir = screenshotDir): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await part.evaluate((element) => {
    const topBar = document.querySelector('.top-bar, .admin-topbar')?.getBoundingClientRect().height ?? 0;
    window.scrollBy(0, element.getBoundingClientRect().top - topBar - 8);
  });
  await part.page().screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * Polls a check in the page until it returns true; returns how long that took. Playwright's waitForFunction does not
 * await a Promise (an async predicate counts as true at once), so async checks (IndexedDB, caches) need this.
 */
export async function waitInPage<Arg>(
  page: Page,
  check: (arg: Arg) => Promise<boolean> | boolean,
  arg: Arg,
  { timeout = 30_000, interval = 200, what = 'condition' } = {},
): Promise<number> {
  const started = Date.now();
  await eventually(() => page.evaluate(check as (arg: unknown) => Promise<boolean> | boolean, arg), {
    timeoutMs: timeout,
    intervalMs: interval,
    what,
  });
  return Date.now() - started;
}
