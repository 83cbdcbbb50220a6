import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { itemAt } from '../../src/domain/lists';
import { useJourney } from './support/journey';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, useWidth } from './support/layout';
import { chooseTestPaper, linkInMail } from './support/checker';
import { eventually } from '../support/eventually';
import { FIXTURE_ORIGIN, readFixtureJson, readFixtureText, type FixtureUrls } from '../support/fixtures';
import { familyFile } from '../support/paper-families';

/**
 * Issue 44, third pass, on a 320 and a 360 px phone and a 1280 px desktop: the tab left on "Check your inbox" goes on
 * by itself once the mailed link is opened in another tab, and Test Paper follows each pasted link and each saved page
 * read. One browser and one server serve every width.
 */

/** What "by itself" means for the waiting tab: the candidate does not wait longer than this after verifying. */
const MOVES_ON_WITHIN_MS = 5000;

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Check Your GATE Score' });
const testPaperOf = (page: Page) => dialogOf(page).getByRole('combobox', { name: 'Test Paper' });

describe('the checker across tabs and papers', () => {
  const journey = useJourney({ verification: true, mail: true });
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  describe.each(JOURNEY_WIDTHS)('at %i px', (width) => {
    beforeEach(async () => {
      await context?.close();
      context = await journey.browser.newContext();
      page = await context.newPage();
      await useWidth(page, width);
      await page.goto(`${journey.server.url}/?check=now`);
      await dialogOf(page).waitFor();
    });

    it('moves the tab waiting on "Check your inbox" on once the mail’s link is opened in another tab', async () => {
      const email = `two.tabs.${width}@example.in`;
      const dialog = dialogOf(page);
      await dialog.getByLabel('GATE Response Link').fill(itemAt(journey.links, 3));
      await chooseTestPaper(dialog, 'CS 1');
      await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Verification Link' }).click();
      const waiting = dialog.getByRole('heading', { name: 'Check your inbox' });
      await waiting.waitFor();

      const verify = linkInMail((await journey.mailbox!.next(email)).raw, '/verify-email');
      const mailTab = await context.newPage();
      await useWidth(mailTab, width);
      await mailTab.goto(journey.server.url + verify.pathname + verify.search);
      await mailTab.getByText('Email verified successfully! Redirecting to scorecard...').waitFor();

      // The waiting tab's own scorecard: a tab it opens, or itself where the browser keeps it from opening one.
      const scorecardOfWaitingTab = () =>
        context.pages().find((tab) => tab !== mailTab && new URL(tab.url()).pathname === '/scorecard');
      const movedOn = await eventually(
        async () => !(await waiting.isVisible()) && !(await dialog.isVisible()) && scorecardOfWaitingTab(),
        { timeoutMs: MOVES_ON_WITHIN_MS, what: 'the waiting tab to open its scorecard' },
      );
      await movedOn.getByRole('heading', { name: 'SCORECARD' }).waitFor();
      expect(await movedOn.textContent('.scorecard__candidate')).toContain(
        itemAt(readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').sheets, 3).candidateId,
      );
    });

    it('says the address is verified, with a button to go on, when the waiting tab cannot fetch its scorecard', async () => {
      const email = `portal.slow.${width}@example.in`;
      const dialog = dialogOf(page);
      await dialog.getByLabel('GATE Response Link').fill(itemAt(journey.links, 4));
      await chooseTestPaper(dialog, 'CS 1');
      await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Verification Link' }).click();
      await dialog.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      // The waiting tab's score call fails (the network drops it); the mail's tab is not touched.
      await page.route('**/api/data/generate-response', (route) => route.abort());

      const verify = linkInMail((await journey.mailbox!.next(email)).raw, '/verify-email');
      const mailTab = await context.newPage();
      await useWidth(mailTab, width);
      await mailTab.goto(journey.server.url + verify.pathname + verify.search);
      await dialog.getByRole('heading', { name: 'Your e-mail is verified' }).waitFor({ timeout: MOVES_ON_WITHIN_MS });
      expect(
        await dialog.getByText('You verified it in another tab. Continue to open your scorecard here.').count(),
      ).toBe(1);
      await expectFitsAndAccessible(page, 'verified in another tab');

      await page.unroute('**/api/data/generate-response');
      const [scorecard] = await Promise.all([
        context.waitForEvent('page', (opened) => opened !== mailTab),
        dialog.getByRole('button', { name: 'Continue to your scorecard' }).click(),
      ]);
      await scorecard.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    });

    it('sets the paper each pasted link names, offering CS 1 and CS 2 for a CS link', async () => {
      const dialog = dialogOf(page);
      const link = dialog.getByLabel('GATE Response Link');
      await link.fill('https://cdn.digialm.com/per/g01/pub/585/touchstone/EE25S33874251_GATE2565S4D1E1.html');
      await eventually(async () => (await testPaperOf(page).inputValue()) === 'EE Electrical Engineering', {
        what: 'EE chosen from the link',
      });

      await link.fill(itemAt(journey.links, 0));
      const sessions = dialog.getByRole('group', { name: /This link is a CS sheet/ });
      await sessions.waitFor();
      expect(await testPaperOf(page).inputValue()).toBe('');
      expect(await sessions.getByRole('button').allTextContents()).toEqual(['CS 1', 'CS 2']);
      await expectFitsAndAccessible(page, 'CS link: the two sessions offered');

      await sessions.getByRole('button', { name: 'CS 2' }).click();
      expect(await testPaperOf(page).inputValue()).toBe('CS 2 Computer Science and Information Technology');
      expect(await sessions.getByRole('button', { name: 'CS 2' }).getAttribute('aria-pressed')).toBe('true');
    });

    it('lets a saved page chosen before any paper set it, and sends the page with it', async () => {
      const dialog = dialogOf(page);
      await dialog.getByText('Upload the saved page instead').click();
      const sent = page.waitForRequest((request) => request.url().includes('/api/data/upload-response'));
      await dialog.getByLabel('Saved response-sheet page').setInputFiles({
        name: 'EE sheet.html',
        mimeType: 'text/html',
        buffer: Buffer.from(familyFile('ee-2025', 'master.html')),
      });
      expect(new URL((await sent).url()).searchParams.get('testPaper')).toBe('EE');
      expect(await testPaperOf(page).inputValue()).toBe('EE Electrical Engineering');
    });

    it('keeps a saved CS page chosen before any paper until its session is chosen', async () => {
      const dialog = dialogOf(page);
      const sheet = itemAt(readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').sheets, 5);
      await dialog.getByText('Upload the saved page instead').click();
      await dialog.getByLabel('Saved response-sheet page').setInputFiles({
        name: 'GATE response sheet.html',
        mimeType: 'text/html',
        buffer: Buffer.from(
          readFixtureText('cs1-2026', sheet.file).replaceAll(FIXTURE_ORIGIN, journey.fixtures.origin),
        ),
      });
      await dialog
        .getByText('GATE response sheet.html is kept: choose its test paper above and it is scored.')
        .waitFor();
      const sessions = dialog.getByRole('group', { name: /This saved page is a CS sheet/ });
      await expectFitsAndAccessible(page, 'saved CS page kept, its sessions offered');
      await sessions.getByRole('button', { name: 'CS 1' }).click();
      await dialog.getByText('Your saved page is uploaded.').waitFor();
    });
  });
});
