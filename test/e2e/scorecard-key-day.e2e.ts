import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureAdmin } from '../../api/features/accounts/account-service';
import { sealVerification } from '../../api/access/scorecard-access';
import { SCORE_ALERT_MESSAGES } from '../../src/contract/score-alert-requests';
import { signUnsubscribeToken } from '../../api/features/score-alerts/unsubscribe-token';
import { alertIdOf } from '../../api/store';
import { changedQuestions, displayMarks, importFixtureKey, type KeysByLongId } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import type { ScorecardData } from '../../src/lib/scorecard/types';
import { launchBrowser, screenshotDir } from './support/browser';
import { fixtureScorecard, seedScorecard, waitForAllQuestions } from './support/checker';
import { JOURNEY_WIDTHS, expectFitsAndAccessible, useWidth } from './support/layout';
import { basicAuth, type FixtureKey } from './support/admin';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson } from '../support/fixtures';
import {
  CHECKER_SECRET,
  postJson,
  sheetLinks,
  startCheckerServer,
  type CheckerServer,
} from '../integration/checker-harness';
import { buildPaper } from '../support/builders';
import type { ImportKeyAnswer } from '../../src/contract';

/**
 * Answer-key day on the candidate's side (issue 21): the scorecard names the key its marks came from; a scorecard
 * saved under the provisional key, opened after the final key is in, offers to refresh and then shows what changed;
 * a verified candidate switches score-change e-mails on and off; a mail's unsubscribe link, valid, forged and opened
 * offline. Each screen fits 320, 360 and 1280 px without a serious accessibility violation.
 */

const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#Pass1' };
const PAPER_SET = 'CS1-2026';
const SWITCH = 'Tell me if the final key changes my score';
/** Candidates by their part in the story (indexes into the fixture's sheets). */
const REFRESHES = 1;
const SWITCHES = 2;
const UNSUBSCRIBES = 3;
/** Never checked here: the server has no result for this sheet. */
const NEVER_CHECKED = 5;
const emailOf = (candidate: number) => `candidate${candidate}@example.com`;

/** The final key changes three questions of the provisional one: an answer, marks to all, a wider range. */
function finalKey(key: FixtureKey, provisional: KeysByLongId): KeysByLongId {
  const idOf = (master: number) => key.byMaster.find((row) => row.master === master)!.questionId;
  return { ...provisional, [idOf(1)]: 'C', [idOf(2)]: 'MTA', [idOf(30)]: '2.1:2.8' };
}

describe('answer-key day on the scorecard', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let links: string[];
  const fixtureKey = readFixtureJson<FixtureKey>('cs1-2026', 'key.json');
  const provisional = importFixtureKey(fixtureKey);
  /** Scorecards as the checker handed them over under the provisional key, by candidate. */
  const saved = new Map<number, ScorecardData>();
  /** Each candidate's device: the access token its verify call gave. */
  const access = new Map<number, string>();

  const url = (route: string) => `${server.url}${route}`;
  const importKey = (keys: KeysByLongId, label: string) =>
    postJson(url('/api/data/import-key'), { paperId: PAPER_SET, keys, label }, { authorization: basicAuth(ADMIN) });
  /** The scorecard the checker would keep on the device: the API's answer with its link. */
  async function check(candidate: number): Promise<ScorecardData> {
    const link = itemAt(links, candidate);
    const answer = await postJson(url('/api/data/generate-response'), {
      link,
      testPaper: 'CS 1',
      access: access.get(candidate),
    });
    expect(answer.status).toBe(200);
    const { message: _message, ...data } = answer.body;
    return { ...(data as unknown as ScorecardData), link };
  }
  const alertStatus = async (candidate: number) =>
    (
      await postJson(url('/api/data/score-alerts/status'), {
        resultId: saved.get(candidate)!.resultId,
        access: access.get(candidate),
      })
    ).body as unknown as { subscribed: boolean };

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    [server, browser] = await Promise.all([
      startCheckerServer({ REQUIRE_EMAIL_VERIFICATION: 'true', RESPONSE_SHEET_HOSTS: fixtures.host }),
      launchBrowser(),
    ]);
    await buildPaper(server.store, 'cs1-2026', fixtures, { keyed: false });
    await ensureAdmin({ store: server.store }, ADMIN.email, ADMIN.password);
    links = sheetLinks('cs1-2026', fixtures);
    expect((await importKey(provisional, 'provisional')).status).toBe(200);
    for (const candidate of [REFRESHES, SWITCHES, UNSUBSCRIBES]) {
      const link = itemAt(links, candidate);
      const token = sealVerification(CHECKER_SECRET, { link }, emailOf(candidate));
      const verified = await fetch(url(`/api/data/verify?${new URLSearchParams({ token })}`));
      expect(verified.status).toBe(200);
      access.set(candidate, ((await verified.json()) as { access: string }).access);
      saved.set(candidate, await check(candidate));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fixtures?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext();
    page = await context.newPage();
  });

  /**
   * The scorecard handed over on this device (localStorage), opened at this width. The device is the candidate's:
   * it holds the access token their verification gave (none for a scorecard no verified candidate stands behind).
   */
  async function openSaved(data: ScorecardData, width = 1280, candidate?: number) {
    await useWidth(page, width);
    await seedScorecard(page, server.url, data);
    const token = candidate === undefined ? undefined : access.get(candidate);
    if (token) await page.evaluate((value) => localStorage.setItem('hiregate.access', value), token);
    await page.goto(url('/scorecard'));
    await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
  }

  /** The network drops as the page makes its next request to this address: the device is offline from then on. */
  const offlineAtNext = (address: string) =>
    page.route(
      address,
      async (route) => {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      },
      { times: 1 },
    );
  const keyLine = () => page.locator('.scorecard__key');
  const alertSwitch = () => page.getByRole('switch', { name: SWITCH });
  const toast = (text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

  it('names the key the marks came from, and switches score-change e-mails on and off for a verified candidate', async () => {
    await openSaved(saved.get(SWITCHES)!, 1280, SWITCHES);
    expect(await keyLine().textContent()).toMatch(
      /^Answer key: Provisional key, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await alertSwitch().waitFor();
    expect(await alertSwitch().isChecked()).toBe(false);
    expect(await page.locator('.score-alerts__hint').textContent()).toMatch(/^E-mails go to ca…@example\.com: one for/);

    await alertSwitch().click();
    await toast('Done: we will e-mail ca…@example.com if the answer key changes your score.').waitFor();
    expect(await alertSwitch().isChecked()).toBe(true);
    expect(await alertStatus(SWITCHES)).toMatchObject({ subscribed: true });

    // The server keeps it: the switch reads on after a reload too.
    await page.reload();
    await page.locator('.score-alerts__switch input:checked').waitFor();
    await alertSwitch().click();
    await toast('Done: no more e-mails about answer-key changes for this scorecard.').waitFor();
    expect(await alertSwitch().isChecked()).toBe(false);
    expect(await alertStatus(SWITCHES)).toMatchObject({ subscribed: false });
  });

  it('shows no switch where no verified result stands behind the scorecard, and no key line on an older scorecard', async () => {
    const { data } = fixtureScorecard('cs1-2026', NEVER_CHECKED, fixtures.origin);
    const status = page.waitForResponse((answer) => answer.url().endsWith('/api/data/score-alerts/status'));
    await openSaved({ ...data, link: itemAt(links, NEVER_CHECKED) });
    expect((await status).status()).toBe(404);
    // Saved before scorecards named their key: a refresh is offered, since whether it is current cannot be told.
    await page.getByText('This scorecard was saved before scorecards named their answer key').waitFor();
    expect(await alertSwitch().count()).toBe(0);
    expect(await keyLine().count()).toBe(0);
  });

  for (const width of JOURNEY_WIDTHS) {
    it(`fits the scorecard's key line and e-mail switch at ${width} px`, async () => {
      await openSaved(saved.get(SWITCHES)!, width, SWITCHES);
      await alertSwitch().waitFor();
      await alertSwitch().scrollIntoViewIfNeeded();
      await expectFitsAndAccessible(page, 'scorecard with the e-mail switch');
      const box = (await page.locator('.score-alerts__switch').boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    });
  }

  describe('the unsubscribe link of a score-change mail', () => {
    let address: string;

    beforeAll(async () => {
      const scorecard = saved.get(UNSUBSCRIBES)!;
      const subscribed = await fetch(url('/api/data/score-alerts'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resultId: scorecard.resultId, access: access.get(UNSUBSCRIBES), subscribed: true }),
      });
      expect(subscribed.status).toBe(200);
      const alert = alertIdOf(scorecard.resultId!, emailOf(UNSUBSCRIBES));
      const token = signUnsubscribeToken(CHECKER_SECRET, alert, emailOf(UNSUBSCRIBES));
      address = url(`/score-alerts/unsubscribe?${new URLSearchParams({ alert, token })}`);
    });

    for (const width of JOURNEY_WIDTHS) {
      it(`turns the e-mails off with a valid link, and refuses a forged one, at ${width} px`, async () => {
        await useWidth(page, width);
        await page.goto(address);
        await page.getByRole('status').filter({ hasText: SCORE_ALERT_MESSAGES.unsubscribed }).waitFor();
        expect(await page.getByText('They were going to ca…@example.com.').isVisible()).toBe(true);
        expect(await alertStatus(UNSUBSCRIBES)).toMatchObject({ subscribed: false });
        await expectFitsAndAccessible(page, 'unsubscribe page');

        const forged = new URL(address);
        forged.searchParams.set('token', 'A'.repeat(43));
        await page.goto(forged.href);
        await page.getByRole('alert').filter({ hasText: SCORE_ALERT_MESSAGES.badLink }).waitFor();
        await expectFitsAndAccessible(page, 'unsubscribe page, forged link');
        await page.getByRole('link', { name: 'Back to the home page' }).click();
        await page.waitForURL(url('/'));
      });
    }

    it('says so when the device is offline, and turns the e-mails off once it is back online', async () => {
      await offlineAtNext('**/api/data/score-alerts/unsubscribe?*');
      await page.goto(address);
      await page.getByText('Your device is offline, so the e-mails are not turned off yet.').waitFor();
      await context.setOffline(false);
      await page.getByRole('status').filter({ hasText: SCORE_ALERT_MESSAGES.unsubscribed }).waitFor();
    });
  });

  describe('after the final key is imported', () => {
    let before: ScorecardData;
    let after: ScorecardData;

    beforeAll(async () => {
      before = saved.get(REFRESHES)!;
      const imported = await importKey(finalKey(fixtureKey, provisional), 'final');
      expect(imported.body).toMatchObject({ applied: 3, keyVersion: { label: 'final' } });
      // What a refresh will get: the scorecard under the final key, which the refresh asks for by its version.
      const { version } = (imported.body as unknown as ImportKeyAnswer).keyVersion!;
      const answer = await postJson(url('/api/data/generate-response'), {
        link: itemAt(links, REFRESHES),
        testPaper: 'CS 1',
        access: access.get(REFRESHES),
        minKeyVersion: version,
      });
      const { message: _message, ...data } = answer.body;
      after = { ...(data as unknown as ScorecardData), link: itemAt(links, REFRESHES) };
      expect(after.keyVersion?.label).toBe('final');
    });

    it('leaves the saved scorecard shown, and says why, when the refresh cannot reach the server', async () => {
      await openSaved(before, 1280, REFRESHES);
      const notice = page.getByRole('region', { name: 'Answer key update' });
      await notice.getByRole('button', { name: 'Refresh' }).waitFor();
      await offlineAtNext('**/api/data/scorecard');
      await notice.getByRole('button', { name: 'Refresh' }).click();
      await notice
        .getByRole('alert')
        .filter({ hasText: 'Your device is offline. Refresh again when you are back online.' })
        .waitFor();
      expect(await page.locator('.scorecard__glance strong').first().textContent()).toBe(
        displayMarks(before.totalScore['Total Marks']),
      );
      expect(await keyLine().textContent()).toMatch(/^Answer key: Provisional key, /);
      await context.setOffline(false);
    });

    for (const width of JOURNEY_WIDTHS) {
      it(`offers a saved scorecard the refresh, then shows the changed questions and the new total at ${width} px`, async () => {
        await openSaved(before, width, REFRESHES);
        const notice = page.getByRole('region', { name: 'Answer key update' });
        await notice.getByText(/^The answer key has changed since this scorecard was saved: Final key, /).waitFor();
        await expectFitsAndAccessible(page, 'scorecard offering the refresh');
        // What the candidate sees: the first screen with the offer, then with what changed, then a marked question.
        const shot = (name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
        if (width !== 320) await shot('scorecard-refresh-offer');

        await notice.getByRole('button', { name: 'Refresh' }).click();
        const changes = page.getByRole('region', { name: 'What changed' });
        await changes.waitFor();
        expect(await notice.count()).toBe(0);
        const [was, is] = [before.totalScore['Total Marks'], after.totalScore['Total Marks']];
        expect(is).not.toBe(was);
        expect(await changes.locator('.key-changes__total').textContent()).toMatch(
          new RegExp(`^Total ${displayMarks(was)} → ${displayMarks(is)} out of 100 \\(`),
        );
        const expected = changedQuestions(before.response, after.response);
        expect(expected).toHaveLength(3);
        const items = await changes.getByRole('listitem').allTextContents();
        expect(items).toHaveLength(3);
        for (const [index, change] of expected.entries()) {
          const number = after.response.findIndex((question) => question.long_id === change.long_id) + 1;
          expect(items[index]).toContain(`Q.${number} · ${change.type}${change.text}`);
        }
        // The glance, the key line and the breakdown read the new scorecard; the changed questions are marked.
        expect(await page.locator('.scorecard__glance strong').first().textContent()).toBe(displayMarks(is));
        expect(await keyLine().textContent()).toMatch(/^Answer key: Final key, /);
        await waitForAllQuestions(page);
        const marked = page.locator('details.question[data-key-changed]');
        expect(await marked.locator('.question__change').allTextContents()).toEqual(
          expected.map((change) => `New key: ${change.text}`),
        );
        await expectFitsAndAccessible(page, 'refreshed scorecard');
        if (width !== 320) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot('scorecard-refreshed');
          await marked.first().evaluate((question) => question.scrollIntoView({ block: 'center' }));
          await shot('scorecard-refreshed-breakdown');
        }

        // Kept on the device in place of the old one: opened again, it is the new scorecard with nothing to offer.
        await page.reload();
        await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();
        expect(await keyLine().textContent()).toMatch(/^Answer key: Final key, /);
        expect(await page.locator('.scorecard__glance strong').first().textContent()).toBe(displayMarks(is));
        await alertSwitch().waitFor();
        expect(await page.getByRole('region', { name: 'Answer key update' }).count()).toBe(0);
      });
    }
  });
});
