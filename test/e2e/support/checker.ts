import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { waitInPage } from './browser';
import {
  buildPaper,
  importFixtureKey,
  parseResponseSheet,
  predictAnyPaper,
  scoreSheet,
} from '../../../src/domain/gate';
import { predict } from '../../../src/domain/gate/rank/prediction/predict';
import type { ScorecardData } from '../../../src/lib/scorecard/types';
import {
  FIXTURE_ORIGIN,
  readFixtureJson,
  readFixtureText,
  type FamilySet,
  type FixtureSet,
  type FixtureUrls,
} from '../../support/fixtures';
import { familyFile, loadFamilySet } from '../../support/paper-families';
import { decodeQuotedPrintable } from '../../integration/checker-harness';
import type { ExpectedCandidate, ExpectedQuestion } from '../../support/fixture-expectations';
import { itemAt } from '../../../src/domain/lists';

/**
 * The home page with its advertisement dismissed. The advertisement shows once per visit: on a tab's first home page,
 * when the tab has not marked it seen in its sessionStorage (the key of AdOverlay.tsx's takeAdTurn).
 */
export async function openHome(page: Page, origin: string): Promise<void> {
  const seenInThisTab =
    page.url().startsWith(origin) && (await page.evaluate(() => sessionStorage.getItem('hiregate.adSeen') !== null));
  await page.goto(origin + '/');
  if (!seenInThisTab) await page.getByRole('button', { name: 'Close advertisement' }).click();
}

/** Home page → dismiss the ad overlay (if this visit shows it) → 'Check Now'; returns once the modal is open. */
export async function openCheckerModal(page: Page, origin: string): Promise<void> {
  await openHome(page, origin);
  await page.getByRole('button', { name: 'Check Now' }).click();
  await page.getByRole('dialog', { name: 'Check Your GATE Score' }).waitFor();
}

/**
 * Chooses a test paper in the checker's searchable list the way a candidate does by keyboard: types its code into the
 * combobox and picks the option with that value ('CS 1', 'EE').
 */
export async function chooseTestPaper(dialog: Locator, testPaper: string): Promise<void> {
  const combobox = dialog.getByRole('combobox', { name: 'Test Paper' });
  await combobox.fill(testPaper);
  await dialog
    .getByRole('option', { name: new RegExp(`^${testPaper} `) })
    .first()
    .click();
  const chosen = await combobox.inputValue();
  if (!chosen.startsWith(`${testPaper} `)) throw new Error(`Test Paper shows '${chosen}', not ${testPaper}.`);
}

/** The first address in a mail that leads to the given path. */
export function linkInMail(mail: string, pathname: string): URL {
  const decoded = decodeQuotedPrintable(mail);
  const match = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/]/g, '\\/')}[^\\s"'<>]*`).exec(decoded);
  if (!match) throw new Error(`No ${pathname} link in the mail:\n${decoded}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

/**
 * A scorecard built the way the server builds one, by the engine from a fixture sheet (paper from master.html, the
 * set's key, the rank model's prediction), with image addresses moved to the running fixture server.
 */
export function fixtureScorecard(
  set: FixtureSet,
  index: number,
  imageOrigin: string,
  options: { withoutKeys?: string[] } = {},
): { data: ScorecardData; expected: ExpectedCandidate } {
  const urls = readFixtureJson<FixtureUrls>(set, 'urls.json');
  const paper = buildPaper(parseResponseSheet(readFixtureText(set, 'master.html')));
  const keys = importFixtureKey(readFixtureJson(set, 'key.json'));
  for (const longId of options.withoutKeys ?? []) delete keys[longId];
  const sheet = parseResponseSheet(readFixtureText(set, itemAt(urls.sheets, index).file));
  const scored = scoreSheet(sheet, paper, keys);
  const testPaper = set === 'da-2025' ? 'DA' : 'CS 1';
  const prediction = predict({ testPaper, marks: scored.totalScore['Total Marks'] });
  const data = JSON.parse(
    JSON.stringify({
      response: scored.response,
      totalScore: scored.totalScore,
      scoringRules: scored.scoringRules,
      prediction_data: prediction,
      resultId: `fixture-${sheet.candidate.id}`,
      testPaper,
      candidate: { id: sheet.candidate.id, name: sheet.candidate.name },
    }).replaceAll(FIXTURE_ORIGIN, imageOrigin),
  ) as ScorecardData;
  const expected = itemAt(readFixtureJson<{ candidates: ExpectedCandidate[] }>(set, 'expected.json').candidates, index);
  return { data, expected };
}

/**
 * The scorecard of a generated paper family's candidate (XE, GE…: papers whose candidates choose sections), built as
 * fixtureScorecard builds one, with the sections the candidate's answers chose. The generated sheets name no images.
 */
export function familyScorecard(set: FamilySet, index: number, imageOrigin: string): ScorecardData {
  const { sheets, key, paper: family } = loadFamilySet(set);
  const paper = buildPaper(parseResponseSheet(familyFile(set, 'master.html')));
  const sheet = parseResponseSheet(familyFile(set, itemAt(sheets, index).file));
  const scored = scoreSheet(sheet, paper, importFixtureKey(key));
  const testPaper = paper.testPaper!;
  return JSON.parse(
    JSON.stringify({
      response: scored.response,
      totalScore: scored.totalScore,
      scoringRules: scored.scoringRules,
      sections: scored.sections,
      // As the server predicts a paper without marks→rank data, from no stored results of its own.
      prediction_data: predictAnyPaper({
        code: testPaper,
        rankedAs: testPaper,
        year: family.year,
        session: testPaper,
        marks: scored.totalScore['Total Marks'],
        marksBySession: {},
      }),
      resultId: `fixture-${sheet.candidate.id}`,
      testPaper,
      candidate: { id: sheet.candidate.id, name: sheet.candidate.name },
    }).replaceAll(FIXTURE_ORIGIN, imageOrigin),
  ) as ScorecardData;
}

/** Puts a scorecard where the checker modal leaves it (localStorage `scorecardData`) on the app's origin. */
export async function seedScorecard(page: Page, origin: string, data: ScorecardData): Promise<void> {
  await page.goto(origin + '/404-seed');
  await page.evaluate((json) => localStorage.setItem('scorecardData', json), JSON.stringify(data));
}

/**
 * The icon a candidate should see, from the fixture's ground truth: an unanswered question has an icon of its own
 * (even when an MTA key awards its marks); an answered one without a key has none.
 */
export function expectedIcon(question: ExpectedQuestion): string | null {
  if (question.response === null) return 'Not attempted';
  if (question.correct === null) return null;
  return question.correct ? 'Correct' : 'Incorrect';
}

/** The scorecard renders its first questions at once and the rest in batches; this waits for all of them. */
export async function waitForAllQuestions(page: Page): Promise<void> {
  await page.locator('.question-list[aria-busy="false"]').waitFor();
}

/** Opens every accordion item, as a candidate going through the whole list would; each builds its body on opening. */
export async function openEveryQuestion(page: Page): Promise<void> {
  await waitForAllQuestions(page);
  await page
    .locator('details.question')
    .evaluateAll((items) => items.forEach((item) => ((item as HTMLDetailsElement).open = true)));
  await page.locator('details.question:not(:has(.question__body))').first().waitFor({ state: 'detached' });
}

/** What the candidate sees per question: the icon's name ('Correct', 'Incorrect') or null without an icon. */
export async function iconsByQuestionId(page: Page): Promise<Record<string, string | null>> {
  await waitForAllQuestions(page);
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('.question')].map((item) => [
        item.querySelector('.question__id')?.textContent ?? '',
        item.querySelector('.question__header [role="img"]')?.getAttribute('aria-label') ?? null,
      ]),
    ),
  );
}

/** The page's correct/incorrect icons are the fixture's ground truth, question by question. */
export async function expectIconsToMatch(page: Page, expected: ExpectedCandidate): Promise<void> {
  const icons = await iconsByQuestionId(page);
  for (const [longId, question] of Object.entries(expected.questions)) {
    expect({ longId, icon: icons[longId] }).toEqual({ longId, icon: expectedIcon(question) });
  }
}

/**
 * Waits until the page's IndexedDB (Dexie database 'hiregate') holds the scorecard with this id, or in `table` what
 * is kept beside it under the same id (a scorecard's disputes).
 */
export async function waitUntilSavedOnDevice(page: Page, id: string, table = 'scorecards'): Promise<void> {
  const isSaved = async ([wanted, name]: [string, string]) => {
    // Opening a database that does not exist yet would create it empty, under the app's feet.
    if (!(await indexedDB.databases()).some((database) => database.name === 'hiregate')) return false;
    const request = indexedDB.open('hiregate');
    const db: IDBDatabase = await new Promise((resolve) => (request.onsuccess = () => resolve(request.result)));
    if (!db.objectStoreNames.contains(name)) {
      db.close();
      return false;
    }
    const found = await new Promise<boolean>((resolve) => {
      const get = db.transaction(name).objectStore(name).get(wanted);
      get.onsuccess = () => resolve(get.result !== undefined);
    });
    db.close();
    return found;
  };
  await waitInPage(page, isSaved, [id, table], { what: `${table} ${id} in IndexedDB` });
}
