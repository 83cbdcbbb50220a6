import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { FETCH_MESSAGES } from '../../api/sheets/fetcher';
import { SHEET_LINK_MESSAGES } from '../../src/domain/validation/score-request';
import { WAIT_MESSAGES } from '../../src/features/checker/waits';
import { screenshotDir } from './support/browser';
import { useJourney } from './support/journey';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, useWidth } from './support/layout';
import { chooseTestPaper, linkInMail, openCheckerModal } from './support/checker';
import { itemAt } from '../../src/domain/lists';

/**
 * Issue 17 items 1-5 as a candidate meets them in the checker: every screen of the checker's journey at 320, 360 and
 * 1280 px (no sideways scroll on the page or in the dialog, every control on screen, no serious axe violation), links
 * that cannot be a response sheet refused before the e-mail step with the reason, and an offline Check Now that says
 * the device is offline.
 */

/**
 * Toasts slide in from beyond the right edge: the layout is judged once that (and any other one-off motion) has
 * ended. A toast's progress bar is its 5 s timer, not a motion, and spinners never end.
 */
const animationsEnded = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const endless = animation.effect?.getTiming().iterations === Infinity;
      return animation.playState !== 'running' || endless || target?.classList.contains('Toastify__progress-bar');
    }),
  );

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Check Your GATE Score' });

/** As long as a real portal link, so the field must scroll its text rather than widen the dialog. */
const longLink = (link: string) => link.replace('/per/', `/per/${'g01/pub/585/touchstone/AssessmentQPHTMLMode1/'}`);

describe('the checker on a phone and on a desktop', () => {
  const journey = useJourney({ verification: true, mail: true });
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    await context?.close();
    context = await journey.browser.newContext({ viewport: { width: 360, height: 740 } });
    page = await context.newPage();
  });

  JOURNEY_WIDTHS.forEach((width, index) => {
    it(`fits every screen of the checker's journey at ${width} px`, async () => {
      await useWidth(page, width);
      await page.goto(journey.server.url + '/');
      await page.getByRole('button', { name: 'Close advertisement' }).click();
      await page.getByRole('button', { name: 'Check Now' }).waitFor();
      await expectFitsAndAccessible(page, 'checker landing');

      await page.getByRole('button', { name: 'Check Now' }).click();
      const dialog = dialogOf(page);
      await dialog.getByRole('button', { name: 'Retrieve Score' }).waitFor();
      await expectFitsAndAccessible(page, 'Check Now dialog, empty');

      await dialog.getByLabel('GATE Response Link').fill(longLink(itemAt(journey.links, index)));
      await chooseTestPaper(dialog, 'CS 1');
      await expectFitsAndAccessible(page, 'Check Now dialog, filled in with a long link');
      if (width === 360) await page.screenshot({ path: path.join(screenshotDir, 'checker-dialog-360.png') });

      // The real link, so the verification mail is for a sheet the server can score.
      await dialog.getByLabel('GATE Response Link').fill(itemAt(journey.links, index));
      await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
      await dialog.getByRole('button', { name: 'Send Verification Link' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'Please verify your email first.' }).waitFor();
      await animationsEnded(page);
      await expectFitsAndAccessible(page, 'verification step');
      if (width === 360) await page.screenshot({ path: path.join(screenshotDir, 'checker-verification-360.png') });

      const email = `candidate.with.a.long.name.${width}@example-university.ac.in`;
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Verification Link' }).click();
      await dialog.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      expect(await dialog.getByText(`We sent a verification link to ${email}.`).isVisible()).toBe(true);
      await page.getByRole('alert').filter({ hasText: 'Verification link sent to your email' }).waitFor();
      await animationsEnded(page);
      await expectFitsAndAccessible(page, '"sent" step');
      if (width === 360) await page.screenshot({ path: path.join(screenshotDir, 'checker-sent-360.png') });

      const mail = await journey.mailbox!.nextMail(
        journey.mailbox!.received.findIndex((m) => m.to.includes(email)) + 1,
      );
      const verifyLink = linkInMail(mail.raw, '/verify-email');
      const incomplete = new URL(verifyLink);
      incomplete.searchParams.delete('token');
      await page.goto(journey.server.url + incomplete.pathname + incomplete.search);
      await page.getByRole('link', { name: 'Back to the score checker' }).waitFor();
      await expectFitsAndAccessible(page, 'verify-email page, link without its token');
      if (width === 360) await page.screenshot({ path: path.join(screenshotDir, 'verify-email-incomplete-360.png') });

      await page.goto(journey.server.url + verifyLink.pathname + verifyLink.search);
      await page.getByText('Email verified successfully! Redirecting to scorecard...').waitFor();
      await expectFitsAndAccessible(page, 'verify-email page, verified');
    });
  });

  it.each([
    ['words', 'my gate result', SHEET_LINK_MESSAGES.notALink],
    ['a path of this site', '/about', SHEET_LINK_MESSAGES.notALink],
    ['a link to another site', 'https://gate2026.iitg.ac.in/', SHEET_LINK_MESSAGES.notASheetPage],
  ])('refuses %s before the e-mail step, saying what is wrong', async (_what, link, message) => {
    const scoreCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/data/')) scoreCalls.push(request.url());
    });
    await openCheckerModal(page, journey.server.url);
    const dialog = dialogOf(page);
    await dialog.getByLabel('GATE Response Link').fill(link);
    await chooseTestPaper(dialog, 'CS 1');
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    expect(await dialog.locator('#gate-link-error').textContent()).toBe(message);
    expect(await dialog.getByLabel('GATE Response Link').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    expect(scoreCalls).toEqual([]);
  });

  it('refuses a page on another site before the e-mail step, with the server’s reason', async () => {
    await openCheckerModal(page, journey.server.url);
    const dialog = dialogOf(page);
    await dialog.getByLabel('GATE Response Link').fill('https://example.com/my-gate-result.html');
    await chooseTestPaper(dialog, 'CS 1');
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    await page.getByRole('alert').filter({ hasText: FETCH_MESSAGES.notAPortalLink }).waitFor();
    expect(await dialog.getByLabel('Email').count()).toBe(0);
  });

  it('says the device is offline when Check Now is used without a network', async () => {
    await openCheckerModal(page, journey.server.url);
    const dialog = dialogOf(page);
    await dialog.getByLabel('GATE Response Link').fill(itemAt(journey.links, 0));
    await chooseTestPaper(dialog, 'CS 1');
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    await page.getByRole('alert').filter({ hasText: WAIT_MESSAGES.offline }).waitFor();
    expect(await page.getByText('No response from server').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Retrieve Score' }).isEnabled()).toBe(true);
    await context.setOffline(false);
  });
});
