import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { itemAt } from '../../src/domain/lists';
import { useJourney } from './support/journey';
import { FIXTURE_ORIGIN, readFixtureJson, readFixtureText, type FixtureUrls } from '../support/fixtures';
import { verifiedDevice } from '../integration/checker-harness';
import {
  chooseTestPaper,
  expectIconsToMatch,
  linkInMail,
  openCheckerModal,
  waitUntilSavedOnDevice,
} from './support/checker';
import type { ExpectedCandidate } from '../support/fixture-expectations';
import { eventually } from '../support/eventually';

/**
 * The candidate's whole journey against the real server, with response sheets served by the local fixture server:
 * link → modal → scorecard in a new tab, with and without e-mail verification, and the saved-page upload.
 */

const cs1Expected = () => readFixtureJson<{ candidates: ExpectedCandidate[] }>('cs1-2026', 'expected.json').candidates;
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Check Your GATE Score' });

async function fillScoreForm(page: Page, link: string, testPaper: string) {
  const dialog = dialogOf(page);
  await dialog.getByLabel('GATE Response Link').fill(link);
  await chooseTestPaper(dialog, testPaper);
}

/** Clicks the button that should open the scorecard in a new tab; returns that tab once its heading shows. */
async function scorecardTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor();
  return tab;
}

describe('checking a score without e-mail verification', () => {
  const journey = useJourney();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    await context?.close();
    context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('retrieves the score, keeps the scorecard and opens it in a new tab with on-device icons and rank', async () => {
    const expected = itemAt(cs1Expected(), 4);
    await openCheckerModal(page, journey.server.url);
    await fillScoreForm(page, itemAt(journey.links, 4), 'CS 1');
    const tab = await scorecardTab(context, () =>
      dialogOf(page).getByRole('button', { name: 'Retrieve Score' }).click(),
    );
    await dialogOf(page).waitFor({ state: 'hidden' });
    expect(new URL(tab.url()).pathname).toBe('/scorecard');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('scorecardData') ?? 'null') as { resultId?: string } | null,
    );
    expect(stored).toMatchObject({ testPaper: 'CS 1', candidate: { id: expected.candidateId } });
    await waitUntilSavedOnDevice(page, stored?.resultId ?? '');

    await expectIconsToMatch(tab, expected);
    const rank = tab.getByRole('region', { name: 'Rank Prediction' });
    await rank.getByText(/^\d+ of \d+$/).waitFor();
    await rank.getByText('you are here').waitFor();
    expect(await tab.textContent('.scorecard__footer')).toContain('out of 100');
  });

  it('disables the button and shows a spinner while the request runs', async () => {
    await openCheckerModal(page, journey.server.url);
    await fillScoreForm(page, itemAt(journey.links, 5), 'CS 1');
    // The answer is held until the busy button has been seen, however long the page takes to show it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/data/generate-response',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const button = dialogOf(page).getByRole('button', { name: 'Retrieve Score' });
    const tabOpened = context.waitForEvent('page');
    await button.click();
    // The busy state comes from the mutation's pending status, which renders a moment after the click.
    await eventually(async () => (await button.isDisabled()) && (await button.locator('.spinner').count()) === 1, {
      what: 'the busy Retrieve Score button with its spinner',
    });
    release();
    await (await tabOpened).getByRole('heading', { name: 'SCORECARD' }).waitFor();
  });

  it("shows the server's message when the sheet is not the chosen paper or the link is not allowed", async () => {
    await openCheckerModal(page, journey.server.url);
    await fillScoreForm(page, itemAt(journey.links, 1), 'DA');
    await dialogOf(page).getByRole('button', { name: 'Retrieve Score' }).click();
    await page.getByRole('alert').filter({ hasText: 'This response sheet is CS 1, not DA.' }).waitFor();
    expect(await dialogOf(page).isVisible()).toBe(true);

    await fillScoreForm(page, 'https://example.com/not-a-response-sheet.html', 'CS 1');
    await dialogOf(page).getByRole('button', { name: 'Retrieve Score' }).click();
    const message = page.getByRole('alert').filter({ hasNotText: 'This response sheet is CS 1' });
    await message.first().waitFor();
    expect((await message.first().textContent())?.trim()).not.toBe('');
  });

  it('scores an uploaded saved page the same way (drag and drop or file picker)', async () => {
    const expected = itemAt(cs1Expected(), 6);
    const urls = readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json');
    const html = readFixtureText('cs1-2026', itemAt(urls.sheets, 6).file).replaceAll(
      FIXTURE_ORIGIN,
      journey.fixtures.origin,
    );
    await openCheckerModal(page, journey.server.url);
    const dialog = dialogOf(page);
    await chooseTestPaper(dialog, 'CS 1');
    await dialog.getByText('Upload the saved page instead').click();
    const tab = await scorecardTab(context, () =>
      dialog.getByLabel('Saved response-sheet page').setInputFiles({
        name: `${expected.candidateId}.html`,
        mimeType: 'text/html',
        buffer: Buffer.from(html),
      }),
    );
    await expectIconsToMatch(tab, expected);

    // The same page dropped on the drop zone.
    await tab.close();
    await openCheckerModal(page, journey.server.url);
    await chooseTestPaper(dialog, 'CS 1');
    await dialog.getByText('Upload the saved page instead').click();
    const dropped = await scorecardTab(context, async () => {
      const transfer = await page.evaluateHandle((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'sheet.html', { type: 'text/html' }));
        return data;
      }, html);
      await dialog.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
    });
    expect(await dropped.textContent('.scorecard__candidate')).toContain(expected.candidateId);
  });
});

describe('checking a score with e-mail verification', () => {
  const journey = useJourney({ verification: true, mail: true });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('asks for the e-mail, mails a link, verifies it and then shows the scorecard', async () => {
    const expected = itemAt(cs1Expected(), 2);
    await openCheckerModal(page, journey.server.url);
    await fillScoreForm(page, itemAt(journey.links, 2), 'CS 1');
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please verify your email first.' }).waitFor();
    const send = dialog.getByRole('button', { name: 'Send Verification Link' });
    await send.waitFor();
    expect(await dialog.getByLabel('GATE Response Link').inputValue()).toBe(itemAt(journey.links, 2));

    await send.click();
    expect(await dialog.locator('#gate-email-error').textContent()).toBe('This field is required');
    await dialog.getByLabel('Email').fill('asha@example');
    await send.click();
    expect(await dialog.locator('#gate-email-error').textContent()).toBe('Email is not valid');
    await dialog.getByLabel('Email').fill('asha.rao@example.in');
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'Verification link sent to your email' }).waitFor();
    // Where the mail went, and no second mail before the cool-down ends, with the time left in view.
    await dialog.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await dialog.getByText('We sent a verification link to asha.rao@example.in.').isVisible()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    const timer = dialog.getByText(/^You can send a new link in \d+ s\.$/);
    const firstReading = await timer.textContent();
    await page.waitForFunction((before) => {
      const now = document.querySelector('#resend-wait')?.textContent;
      return now !== before && /in \d+ s/.test(now ?? '');
    }, firstReading);
    expect(await send.isDisabled()).toBe(true);

    const mail = await journey.mailbox!.nextMail(1);
    expect(mail.to).toEqual(['asha.rao@example.in']);
    const verifyLink = linkInMail(mail.raw, '/verify-email');
    const verifyCalls: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/data/verify')) verifyCalls.push(new URL(request.url()));
    });
    await page.goto(journey.server.url + verifyLink.pathname + verifyLink.search);
    await page.getByText('Email verified successfully! Redirecting to scorecard...').waitFor();
    await page.waitForURL((url) => url.pathname === '/scorecard');
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    // The address names the result, nothing of the candidate: no e-mail, no link.
    const address = new URL(page.url());
    expect([...address.searchParams.keys()]).toEqual(['id']);
    await expectIconsToMatch(page, expected);
    // One verification, with its token; no error toast over the scorecard.
    expect(verifyCalls.map((call) => Boolean(call.searchParams.get('token')))).toEqual([true]);
    expect(await page.locator('.Toastify__toast--error').count()).toBe(0);

    // Back leaves the scorecard for the page before the mail's link, not for a second verification.
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== '/scorecard');
    expect(new URL(page.url()).pathname).not.toBe('/verify-email');
    expect(verifyCalls).toHaveLength(1);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/scorecard');

    // The same mail link again: already verified, and on to the scorecard.
    await page.goto(journey.server.url + verifyLink.pathname + verifyLink.search);
    await page.getByText('Email already verified. Redirecting to scorecard...').waitFor();
    await page.waitForURL((url) => url.pathname === '/scorecard');
  });

  it('opens the scorecard straight away when this device already verified the link', async () => {
    // As if this candidate had followed the mailed link earlier, on this device.
    const verifiedLink = itemAt(journey.links, 6);
    const access = await verifiedDevice(journey.server, verifiedLink, 'devi@example.in');
    await openCheckerModal(page, journey.server.url);
    await page.evaluate((token) => localStorage.setItem('hiregate.access', token), access);
    await fillScoreForm(page, verifiedLink, 'CS 1');
    const dialog = dialogOf(page);
    // The link is verified now, so the score comes back directly.
    const direct = await scorecardTab(context, () => dialog.getByRole('button', { name: 'Retrieve Score' }).click());
    await dialog.waitFor({ state: 'hidden' });
    await direct.close();

    await openCheckerModal(page, journey.server.url);
    await fillScoreForm(page, itemAt(journey.links, 3), 'CS 1');
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    await dialog.getByRole('button', { name: 'Send Verification Link' }).waitFor();
    // Closing resets the modal to score mode.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Check Now' }).click();
    await dialog.getByRole('button', { name: 'Retrieve Score' }).waitFor();

    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    await dialog.getByLabel('GATE Response Link').fill(verifiedLink);
    await dialog.getByLabel('Email').fill('devi@example.in');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Send Verification Link' }).click(),
    ]);
    await tab.waitForURL((url) => url.pathname === '/scorecard');
    await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    expect([...new URL(tab.url()).searchParams.keys()]).toEqual(['id']);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('refuses a second send from another tab until the cool-down ends, and shows the server’s time left', async () => {
    const other = await journey.browser.newContext({ viewport: { width: 360, height: 740 } });
    const second = await other.newPage();
    const tabs = [page, second];
    for (const tab of tabs) {
      await openCheckerModal(tab, journey.server.url);
      await fillScoreForm(tab, itemAt(journey.links, 5), 'CS 1');
      await dialogOf(tab).getByRole('button', { name: 'Retrieve Score' }).click();
      await dialogOf(tab).getByLabel('Email').fill('meera@example.in');
    }
    const mailsBefore = journey.mailbox!.received.length;
    await dialogOf(page).getByRole('button', { name: 'Send Verification Link' }).click();
    await dialogOf(page).getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await journey.mailbox!.nextMail(mailsBefore + 1);

    // The second tab knows nothing of the first: the server refuses, and the tab shows its time left.
    await dialogOf(second).getByRole('button', { name: 'Send Verification Link' }).click();
    await second.getByRole('alert').filter({ hasText: 'We have just sent a verification link' }).waitFor();
    await dialogOf(second).getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const left = Number(/in (\d+) s/.exec((await second.locator('#resend-wait').textContent()) ?? '')?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);
    expect(await dialogOf(second).getByRole('button', { name: 'Send Verification Link' }).isDisabled()).toBe(true);
    expect(journey.mailbox!.received).toHaveLength(mailsBefore + 1);
    await other.close();
  });

  it('says verification failed for a tampered link', async () => {
    const query = new URLSearchParams({ link: itemAt(journey.links, 4), email: 'ravi@example.in', token: 'abc.def' });
    await page.goto(`${journey.server.url}/verify-email?${query}`);
    await page.getByText('Verification failed. Please try again.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'This verification link is not valid' }).waitFor();
    expect(await page.locator('.spinner').count()).toBe(0);
  });
});
