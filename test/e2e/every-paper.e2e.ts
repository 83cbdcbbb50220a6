import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { importFixtureKey, parseResponseSheet } from '../../src/domain/gate';
import { uploadPaper } from '../../api/papers/paper-upload';
import { PAPER_FRESH_MS } from '../../api/papers';
import { launchBrowser, screenshotDir } from './support/browser';
import { expectFitsAndAccessible } from './support/layout';
import { chooseTestPaper, openCheckerModal } from './support/checker';
import { applyKey } from '../support/builders';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson, readFixtureText, type FixtureUrls } from '../support/fixtures';
import { familyFile, loadFamilySet } from '../support/paper-families';
import { startCheckerServer, type CheckerServer } from '../integration/checker-harness';
import { checkedHereByEachCount, checkedHereCounts, internalIdsShown } from './support/scorecard-words';

/**
 * A candidate of any of GATE's papers on a 360 px phone: the test paper found among 32 by typing its code, and the
 * scorecard of a paper whose candidates choose sections (XE: Section A and two of B–H), the sections not chosen
 * greyed and counted nowhere. The generated XE sheets name no images (none is written): the scorecard shows them as
 * missing, which this test allows and nothing else.
 */

const XE_CANDIDATE = 0;

describe('every paper on a phone', () => {
  let fixtures: FixtureServer;
  let server: CheckerServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let xeLink: string;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    [server, browser] = await Promise.all([
      startCheckerServer({ RESPONSE_SHEET_HOSTS: fixtures.host }),
      launchBrowser(),
    ]);
    const master = parseResponseSheet(
      readFixtureText('xe-2025', 'master.html').replaceAll('http://127.0.0.1:4599', fixtures.origin),
    );
    const { paper } = await uploadPaper(server.store, master);
    await applyKey(server.store, paper, importFixtureKey(readFixtureJson('xe-2025', 'key.json')));
    await new Promise((resolve) => setTimeout(resolve, PAPER_FRESH_MS));
    xeLink = fixtures.url(readFixtureJson<FixtureUrls>('xe-2025', 'urls.json').sheets[XE_CANDIDATE]!.url);
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fixtures?.close();
  });

  it('finds a paper among the 32 by typing its code, by keyboard, and by a tap', async () => {
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    const combobox = dialog.getByRole('combobox', { name: 'Test Paper' });
    await combobox.tap();
    expect(await dialog.getByRole('option').count()).toBe(32);
    await page.screenshot({ path: path.join(screenshotDir, 'every-paper-list-360.png') });
    await expectFitsAndAccessible(page, 'the paper list, open');
    await combobox.fill('xe');
    const found = await dialog.getByRole('option').allTextContents();
    expect(found[0]).toBe('XE Engineering Sciences');
    await page.screenshot({ path: path.join(screenshotDir, 'every-paper-search-360.png') });
    await expectFitsAndAccessible(page, 'the paper list, searched');
    await combobox.press('Enter');
    expect(await combobox.inputValue()).toBe('XE Engineering Sciences');
    expect(await combobox.getAttribute('aria-expanded')).toBe('false');

    // By keyboard: a word of a name, then down to the second match; by a tap: an option of the open list.
    await combobox.fill('civil');
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    expect(await combobox.inputValue()).toBe('CE 2 Civil Engineering');
    await combobox.fill('');
    await dialog.getByRole('option', { name: 'GG Geology and Geophysics' }).tap();
    expect(await combobox.inputValue()).toBe('GG Geology and Geophysics');
    await combobox.fill('qq');
    expect(await dialog.getByRole('status').textContent()).toBe(
      "No test paper matches 'qq'. Type a paper's code (CS, EE, XE) or a word of its name.",
    );
  });

  it("shows a choice paper's scorecard with the sections not chosen greyed, and their questions counted nowhere", async () => {
    const expected = loadFamilySet('xe-2025').sheets[XE_CANDIDATE]!;
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await dialog.getByLabel('GATE Response Link').fill(xeLink);
    // The link's candidate id names XE, a one-session paper: it is chosen already.
    const combobox = dialog.getByRole('combobox', { name: 'Test Paper' });
    await expect.poll(() => combobox.inputValue()).toBe('XE Engineering Sciences');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Retrieve Score' }).click(),
    ]);
    await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor();
    const sections = tab.getByRole('region', { name: 'Sections' });
    await sections.waitFor();
    expect(await sections.getByRole('paragraph').first().textContent()).toBe(
      `Your sections, ${expected.chosen.join(' and ')}, are the ones your sheet answers.`,
    );
    const unchosen = expected.sections.filter((section) => !section.counted).map((section) => section.id);
    for (const id of unchosen) {
      const row = sections.locator(`tr[data-section="${id}"]`);
      expect(await row.getAttribute('class')).toBe('sections-table__unchosen');
      // The answers the sheet gives there show, and that they count for nothing.
      const answered = Object.values(expected.questions).filter((q) => q.section === id && q.response !== null);
      expect(await row.locator('td').first().textContent()).toBe(`${answered.length}, not counted`);
    }
    // XE has no published marks-to-rank data: the card says so in words, names no source by its id, and its one
    // count of results checked here (this result among them) agrees with the chart's.
    const rank = tab.getByRole('region', { name: 'Rank Prediction' });
    expect(await rank.locator('.rank__headline').textContent()).toBe('Not estimated');
    expect(await rank.textContent()).toContain('GATE publishes no marks-to-rank data for XE.');
    const counts = checkedHereByEachCount(await checkedHereCounts(tab), true);
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((name) => [name, counts.rank])));
    expect(await internalIdsShown(tab)).toEqual([]);
    const greyed = tab.locator('.question--unchosen');
    await expect.poll(() => greyed.count(), { timeout: 20_000 }).toBe(22 * unchosen.length);
    expect(await greyed.first().locator('.question__earned').textContent()).toBe('Not counted');
    expect(await greyed.first().locator('.verdict').getAttribute('role')).toBeNull();
    await tab.getByRole('heading', { name: 'Sections' }).scrollIntoViewIfNeeded();
    await tab.screenshot({ path: path.join(screenshotDir, 'every-paper-scorecard-360.png') });
    const firstUnchosen = greyed.first();
    await firstUnchosen.scrollIntoViewIfNeeded();
    await tab.screenshot({ path: path.join(screenshotDir, 'every-paper-greyed-360.png') });
    await expectFitsAndAccessible(tab, "a choice paper's scorecard");
  });

  it('asks which two sections a sheet answering three chose, and scores those two', async () => {
    const refusal = loadFamilySet('xe-2025').refused.find((bad) => bad.file === 'bad/three-sections.html')!;
    const { choice, expected } = refusal.afterChoice!;
    await openCheckerModal(page, server.url);
    const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
    await chooseTestPaper(dialog, 'XE');
    await dialog.getByText('Upload the saved page instead').click();
    await dialog.getByLabel('Saved response-sheet page').setInputFiles({
      name: `${refusal.candidateId}.html`,
      mimeType: 'text/html',
      buffer: Buffer.from(familyFile('xe-2025', refusal.file)),
    });
    const step = dialog.getByRole('group', { name: 'Which sections did you choose?' });
    await step.waitFor();
    expect(await step.getByText(refusal.error.message).count()).toBe(1);
    await page.screenshot({ path: path.join(screenshotDir, 'every-paper-section-choice-360.png') });
    await expectFitsAndAccessible(page, 'the section choice step');

    // One section is not a choice of two: the step says so and stays.
    await step.locator(`input[value="${choice[0]}"]`).check();
    await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
    expect(await dialog.locator('#section-choice-error').textContent()).toBe('Choose two sections.');
    await step.locator(`input[value="${choice[1]}"]`).check();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Retrieve Score' }).click(),
    ]);
    const sections = tab.getByRole('region', { name: 'Sections' });
    await sections.waitFor();
    expect(await sections.getByRole('paragraph').first().textContent()).toBe(
      `Your sections, ${choice.join(' and ')}, are the ones you told us you chose.`,
    );
    // The third section the sheet answers is not chosen: its row shows those answers, and that they are not counted.
    const answeredUnchosen = expected.sections
      .filter((section) => !section.counted)
      .map((section) => ({
        id: section.id,
        answered: Object.values(expected.questions).filter((q) => q.section === section.id && q.response !== null)
          .length,
      }));
    expect(answeredUnchosen.some(({ answered }) => answered > 0)).toBe(true);
    for (const { id, answered } of answeredUnchosen) {
      expect(await sections.locator(`tr[data-section="${id}"] td`).first().textContent()).toBe(
        `${answered}, not counted`,
      );
    }
    expect(await tab.textContent('.scorecard__candidate')).toContain(expected.candidateId);
  });
});
