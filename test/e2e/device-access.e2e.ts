import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { itemAt } from '../../src/domain/lists';
import { useJourney } from './support/journey';
import { postJson, verifiedDevice } from '../integration/checker-harness';
import { chooseTestPaper, linkInMail, openCheckerModal, openHome } from './support/checker';
import { expectFitsAndAccessible, useWidth } from './support/layout';

/**
 * "Sign out this device" and "Forget me" under the saved scorecards, at a phone's and a desktop's width: the toasts,
 * what the device forgets, and what the server refuses or deletes afterwards.
 */
describe.each([360, 1280])('a candidate controls this device’s access, at %i px', (width) => {
  const journey = useJourney({ verification: true, mail: true });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await journey.browser.newContext();
    page = await context.newPage();
    await useWidth(page, width);
  });

  /** A device that verified `email` for a sheet and opened its scorecard, which the home page then lists as saved. */
  async function savedScorecardOf(link: string, email: string): Promise<string> {
    const access = await verifiedDevice(journey.server, link, email);
    await openCheckerModal(page, journey.server.url);
    await page.evaluate((token) => localStorage.setItem('hiregate.access', token), access);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await dialog.getByLabel('GATE Response Link').fill(link);
    await chooseTestPaper(dialog, 'CS 1');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Retrieve Score' }).click(),
    ]);
    await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    await tab.close();
    await openHome(page, journey.server.url);
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
    return access;
  }

  const deviceToken = () => page.evaluate(() => localStorage.getItem('hiregate.access'));

  it('signs this device out: a toast, the saved scorecards gone, and its token refused by the server', async () => {
    const access = await savedScorecardOf(itemAt(journey.links, 0), `signout${width}@example.com`);
    await expectFitsAndAccessible(page, 'saved scorecards with the device controls');
    await page.getByRole('button', { name: 'Sign out this device' }).click();
    await page.getByRole('alert').filter({ hasText: 'This device is signed out.' }).waitFor();
    await page.getByRole('heading', { name: 'Saved on this device' }).waitFor({ state: 'detached' });
    expect(await deviceToken()).toBeNull();
    const refused = await postJson(`${journey.server.url}/api/data/generate-response`, {
      link: itemAt(journey.links, 0),
      testPaper: 'CS 1',
      access,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCESS_REVOKED');
  });

  it('forgets the candidate after the mailed confirmation: a toast for each step, their result deleted', async () => {
    const email = `forget${width}@example.com`;
    await savedScorecardOf(itemAt(journey.links, 1), email);
    const [stored] = await journey.server.store.results.list();
    await page.getByRole('button', { name: 'Forget me' }).click();
    const masked = `${email.slice(0, 2)}…@example.com`;
    await page
      .getByRole('alert')
      .filter({ hasText: `We have sent a confirmation link to ${masked}.` })
      .waitFor();

    const link = linkInMail((await journey.mailbox!.next(email)).raw, '/forget-me');
    await page.goto(journey.server.url + link.pathname + link.search);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your results, score alerts and official results are deleted' })
      .waitFor();
    await page.getByText('Deleted: 1 result, 0 score alerts, 0 official results.', { exact: false }).waitFor();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'Your results, score alerts and official results are deleted' });
    await toast.waitFor();
    // The page itself must fit: the toast, still sliding in, is dismissed first.
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
    await expectFitsAndAccessible(page, 'the Forget me page');
    expect(await deviceToken()).toBeNull();
    expect(stored && (await journey.server.store.results.findById(stored.id))).toBeNull();
    await openHome(page, journey.server.url);
    await page.getByRole('button', { name: 'Check Now' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Saved on this device' }).count()).toBe(0);
  });
});
