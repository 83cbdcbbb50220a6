import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { itemAt } from '../../src/domain/lists';
import { PROVENANCE_WORDS } from '../../src/domain/gate/result-provenance';
import { launchBrowser, saveScreenshot } from './support/browser';
import { chooseTestPaper, expectIconsToMatch, linkInMail } from './support/checker';
import { JOURNEY_WIDTHS, layoutProblems, toastsOverDialogControls, useWidth } from './support/layout';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { FIXTURE_ORIGIN, readFixtureJson, readFixtureText, type FixtureUrls } from '../support/fixtures';
import type { ExpectedCandidate } from '../support/fixture-expectations';
import { startCheckerServer, startSmtpPeer, type CheckerServer } from '../integration/checker-harness';
import { buildPaper } from '../support/builders';
import { checkedHereByEachCount, checkedHereCounts, internalIdsShown } from './support/scorecard-words';

/**
 * The saved-page path when the portal cannot be reached, as a candidate on a phone or a desktop walks it: the portal
 * link pasted (or none at all), CS 1 picked, the saved page uploaded, the e-mail verified through a real SMTP peer,
 * and the scorecard of that very page, never the portal's. No address along the way holds the e-mail, no toast lies
 * over the dialog's title or close button, every screen fits, and the checker keeps what was typed.
 */

/** A loopback port nothing listens on: the portal, down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the saved-page path with the portal down', () => {
  let server: CheckerServer;
  let fixtures: FixtureServer;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let browser: Browser;
  let portal: string;

  beforeAll(async () => {
    [fixtures, smtp, browser] = await Promise.all([startFixtureServer(), startSmtpPeer(), launchBrowser()]);
    portal = `127.0.0.1:${await closedPort()}`;
    server = await startCheckerServer({
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: smtp.url,
      // The portal's host is allowed but down; the fixture server serves the question images.
      RESPONSE_SHEET_HOSTS: `${fixtures.host},${portal}`,
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await fixtures?.close();
  });

  /** Every address the tabs of a context show, as they change (same-document changes too). */
  function addressesOf(context: BrowserContext): string[] {
    const seen: string[] = [];
    const watch = (page: Page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) seen.push(frame.url());
      });
    context.pages().forEach(watch);
    context.on('page', watch);
    return seen;
  }

  async function expectScreenFine(page: Page, screen: string) {
    // Where things come to rest: a toast slides in from the side.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.Toastify__toast')].every((toast) =>
        toast.getAnimations().every((animation) => animation.playState !== 'running'),
      ),
    );
    expect({ screen, problems: await layoutProblems(page) }).toEqual({ screen, problems: [] });
    expect({ screen, toasts: await toastsOverDialogControls(page) }).toEqual({ screen, toasts: [] });
  }

  const cases = JOURNEY_WIDTHS.map((width, index) => ({ width, index, typesLink: width !== 320 }));

  it.each(cases)('at $width px (link typed: $typesLink) ends in the uploaded page’s scorecard', async (journey) => {
    const { width, typesLink } = journey;
    const sheetIndex = 7 + journey.index;
    const email = `candidate.${width}@example.in`;
    const urls = readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json');
    const sheet = itemAt(urls.sheets, sheetIndex);
    const html = readFixtureText('cs1-2026', sheet.file).replaceAll(FIXTURE_ORIGIN, fixtures.origin);
    const expected = itemAt(
      readFixtureJson<{ candidates: ExpectedCandidate[] }>('cs1-2026', 'expected.json').candidates,
      sheetIndex,
    );
    const portalLink = `http://${portal}${new URL(sheet.url, 'http://x').pathname}`;

    const context = await browser.newContext();
    const addresses = addressesOf(context);
    const page = await context.newPage();
    try {
      await useWidth(page, width);
      await page.goto(`${server.url}/?check=now`);
      const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
      await dialog.waitFor();
      if (typesLink) await dialog.getByLabel('GATE Response Link').fill(portalLink);
      await chooseTestPaper(dialog, 'CS 1');
      await dialog.getByText('Upload the saved page instead').click();
      await dialog.getByLabel('Saved response-sheet page').setInputFiles({
        name: 'GATE response sheet.html',
        mimeType: 'text/html',
        buffer: Buffer.from(html),
      });

      // Asked for the e-mail only: the page is uploaded, so no link is demanded.
      await page.getByRole('alert').filter({ hasText: 'Please verify your email first.' }).waitFor();
      await dialog.getByText('Your saved page is uploaded.').waitFor();
      expect(await dialog.getByLabel('GATE Response Link').count()).toBe(0);
      await expectScreenFine(page, 'e-mail step');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Verification Link' }).click();
      await dialog.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      // One toast for the checker: the newer outcome replaced the request to verify.
      await page.getByRole('alert').filter({ hasText: 'Verification link sent to your email' }).waitFor();
      expect(await page.locator('.Toastify__toast').count()).toBe(1);
      await expectScreenFine(page, 'check your inbox');

      const mail = await smtp.next(email);
      const verify = linkInMail(mail.raw, '/verify-email');
      expect(verify.search).not.toContain(encodeURIComponent(email));
      // The candidate opens the mail in a new tab of the same browser.
      const tab = await context.newPage();
      await useWidth(tab, width);
      await tab.goto(server.url + verify.pathname + verify.search);
      await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor();
      // The scorecard of the uploaded page: its candidate and icons, and the portal never asked.
      expect(await tab.textContent('.scorecard__candidate')).toContain(expected.candidateId);
      // It says where its responses came from: an uploaded page the portal has not confirmed.
      expect(await tab.textContent('.scorecard__provenance')).toBe(PROVENANCE_WORDS.uploaded);
      await expectIconsToMatch(tab, expected);
      // Ranked among the results checked here without being one of them: the rank, its note and the raw-marks
      // note's session counts name the same results checked here, and no card shows an internal id.
      const counts = await checkedHereCounts(tab);
      expect(counts.note).toBeDefined();
      expect(counts.sessions).toBeDefined();
      const each = checkedHereByEachCount(counts, false);
      expect(each).toEqual(Object.fromEntries(Object.keys(each).map((name) => [name, each.rank])));
      expect(await internalIdsShown(tab)).toEqual([]);
      expect(await tab.getByText('The GATE portal could not be reached').count()).toBe(0);
      await expectScreenFine(tab, 'scorecard');
      if (width === 360) await saveScreenshot(tab, 'upload-path-scorecard-360');

      // Back to the checker: what was typed is still there, and the e-mail step is done with.
      await page.goto(`${server.url}/?check=now`);
      await dialog.waitFor();
      expect(await dialog.getByLabel('GATE Response Link').inputValue()).toBe(typesLink ? portalLink : '');
      expect(await dialog.getByRole('combobox', { name: 'Test Paper' }).inputValue()).toBe(
        'CS 1 Computer Science and Information Technology',
      );

      const withEmail = addresses.filter((address) =>
        [email, encodeURIComponent(email)].some(
          (form) => decodeURIComponent(address).includes(form) || address.includes(form),
        ),
      );
      expect(withEmail).toEqual([]);
      expect(addresses.some((address) => /\/scorecard\?id=/.test(address))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
