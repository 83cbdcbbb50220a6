import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, saveViewportScreenshot } from './support/browser';
import { expectFitsAndAccessible } from './support/layout';
import {
  basicAuth,
  dropFile as dropOn,
  officialRows,
  openPaperGroup,
  processFixturePaper,
  startAdminArea,
  type AdminArea,
  type FixtureKey,
} from './support/admin';
import { readFixtureJson } from '../support/fixtures';
import { keyPdf } from '../support/key-pdf';
import { HOSTILE_PDFS } from '../support/hostile-pdf';

const ADMIN = { email: 'keys@hiregate.test', password: 'Keys#Pass1' };
const PAPER = 'GATE 2026 CS 1';

describe('admin: official key PDF', () => {
  let area: AdminArea;
  let browser: Browser;
  let page: Page;
  const fixtureKey = readFixtureJson<FixtureKey>('cs1-2026', 'key.json');

  beforeAll(async () => {
    area = await startAdminArea(ADMIN);
    await processFixturePaper(area, ADMIN);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  /** A signed-in admin on All Question Papers with the paper's import form open; returns the paper's group. */
  async function openImport(width = 1280): Promise<Locator> {
    page = await (await browser.newContext()).newPage();
    const group = await openPaperGroup(page, area.server.url, ADMIN, PAPER, width);
    await group.getByRole('button', { name: 'Import answer key' }).click();
    return group;
  }

  const dropFile = (target: Locator, name: string, data: Buffer, type?: string) =>
    dropOn(page, target, name, data, type);

  /** The paper keyed as the fixture key says (a second import of the same key changes nothing). */
  async function importFixtureKey(): Promise<void> {
    const imported = await fetch(`${area.server.url}/api/data/import-key`, {
      method: 'POST',
      headers: { authorization: basicAuth(ADMIN), 'content-type': 'application/json' },
      body: JSON.stringify({ paperId: 'CS1-2026', keys: fixtureKey.keys, label: 'provisional' }),
    });
    expect(imported.status).toBe(200);
  }

  /** The first MCQ with a one-letter key, and another letter for a later key to print for it. */
  const changedMcq = () => {
    const row = fixtureKey.byMaster.find((candidate) => candidate.type === 'MCQ' && /^[A-D]$/.test(candidate.key))!;
    return { ...row, printed: ['A', 'B', 'C', 'D'].find((letter) => letter !== row.key)! };
  };

  /** What a preview row says, cell by cell. */
  const rowCells = (preview: Locator, question: string) =>
    preview
      .locator('tr.key-pdf__row')
      .filter({ has: preview.page().locator('.key-pdf__question', { hasText: new RegExp(`^${question} `) }) })
      .getByRole('cell')
      .allTextContents();

  it('reads a dropped key PDF, flags the rows that disagree, and imports it as one labelled version once confirmed', async () => {
    const group = await openImport();
    expect(await group.locator('.admin-tag', { hasText: 'Not Marked' }).count()).toBe(65);

    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const pdf = await keyPdf({ layout: 'current', rows: officialRows(fixtureKey), rowsPerPage: 30 });
    await dropFile(group.getByTestId('key-drop-zone'), 'cs1-2026-final-key.pdf', pdf);

    const preview = group.getByRole('region', { name: "Key rows beside the paper's questions" });
    await group.getByRole('heading', { name: 'Rows read from cs1-2026-final-key.pdf' }).waitFor();
    // pdf.js ran in the reader's worker, a file of this site (what a Content-Security-Policy of 'self' allows).
    expect(workers).toEqual([
      expect.stringMatching(new RegExp(`^${area.server.url}/assets/pdf-text-worker-[^/]*\\.js$`)),
    ]);
    expect(await group.getByRole('status').filter({ hasText: 'flagged' }).textContent()).toBe(
      '65 keys, 1 flagged: 0 changes, 64 new, 0 unchanged',
    );
    // The flagged row comes first, with its reason on the line below it.
    const statuses = await preview.locator('.key-pdf__status').allTextContents();
    expect(statuses.slice(0, 2)).toEqual(['Flagged', 'New']);
    expect(await preview.locator('.key-pdf__problems').allTextContents()).toEqual([
      "The key row '22 MCQ CS A;B;C;D' says MCQ; the paper has Q22 as MSQ.",
    ]);
    // Each row stands beside the question it names, with the key it sets and what that does.
    expect(await rowCells(preview, 'Q30')).toEqual([
      'Q30 · NAT80782017234Row: 30 NAT CS 2.64 to 2.74',
      '2.64 to 2.74',
      'New',
    ]);
    await saveScreenshot(page, 'admin-key-pdf-preview');

    const importButton = group.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await group.getByLabel('Key version', { exact: true }).selectOption('final');
    await group.getByLabel(/I have checked the flagged rows: import 65 keys/).check();
    expect(await importButton.isEnabled()).toBe(true);
    const request = page.waitForRequest((sent) => sent.url().endsWith('/api/data/import-key'));
    await importButton.click();
    const body = (await request).postDataJSON() as { paperId: string; keys: Record<string, string>; label: string };
    expect(body).toEqual({ paperId: 'CS1-2026', keys: fixtureKey.keys, label: 'final' });

    await page
      .locator('.Toastify__toast')
      .filter({ hasText: `Answer key imported for ${PAPER}: 65 changed` })
      .waitFor();
    await group.locator('.admin-tag', { hasText: 'Not Marked' }).first().waitFor({ state: 'detached' });
    expect(await group.locator('.admin-tag', { hasText: /^Marked$/ }).count()).toBe(65);
    const question = group.locator('details[data-long-id="80782017234"]');
    await question.locator('summary').click();
    expect(await question.getByLabel('Set Correct Answer').inputValue()).toBe('2.64:2.74');
    await page.context().close();
  });

  it('says so when the dropped file is not a key PDF, and imports nothing', async () => {
    const group = await openImport();
    let imports = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/data/import-key')) imports++;
    });
    await dropFile(group.getByTestId('key-drop-zone'), 'key.json', Buffer.from('{"keys":{}}'), 'application/json');
    await page.locator('.Toastify__toast').filter({ hasText: 'Drop the official answer-key PDF here;' }).waitFor();
    await dropFile(group.getByTestId('key-drop-zone'), 'notice.pdf', await keyPdf({ layout: 'current', rows: [] }));
    await page.locator('.Toastify__toast').filter({ hasText: 'No answer-key rows were found in notice.pdf' }).waitFor();
    expect(await group.getByRole('button', { name: 'Import', exact: true }).isEnabled()).toBe(true);
    expect(imports).toBe(0);
    await page.context().close();
  });

  it("previews pasted rows as it does a PDF's, saying what each changes, and imports them once confirmed", async () => {
    await importFixtureKey();
    const mcq = changedMcq();
    const group = await openImport();
    const pasted = officialRows(fixtureKey, { [mcq.master]: mcq.printed })
      .map((cells) => cells.join(' | '))
      .join('\n');
    await group.getByLabel('Or paste official key rows').fill(pasted);
    let imports = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/data/import-key')) imports++;
    });
    await group.getByRole('button', { name: 'Preview rows' }).click();
    const preview = group.getByRole('region', { name: "Key rows beside the paper's questions" });
    await group.getByRole('heading', { name: 'Rows read from the pasted rows' }).waitFor();
    const section = mcq.master <= 10 ? 'GA' : 'CS';
    expect(await rowCells(preview, `Q${mcq.master}`)).toEqual([
      `Q${mcq.master} · MCQ${mcq.questionId}Row: ${mcq.master} MCQ ${section} ${mcq.printed}`,
      `${mcq.key} → ${mcq.printed}`,
      'Changes',
    ]);
    expect((await rowCells(preview, 'Q30')).slice(1)).toEqual(['2.64 to 2.74', 'Unchanged']);
    expect(await preview.locator('.key-pdf__problems').first().textContent()).toBe(
      "The key row '22 MCQ CS A;B;C;D' says MCQ; the paper has Q22 as MSQ.",
    );
    expect(imports).toBe(0);

    await group.getByLabel(/I have checked the flagged rows: import 65 keys/).check();
    const request = page.waitForRequest((sent) => sent.url().endsWith('/api/data/import-key'));
    await group.getByRole('button', { name: 'Import', exact: true }).click();
    const body = (await request).postDataJSON() as { keys: Record<string, string>; label: string };
    expect(body.keys).toEqual({ ...fixtureKey.keys, [mcq.questionId]: mcq.printed });
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: `Answer key imported for ${PAPER}: 1 changed` })
      .waitFor();
    await importFixtureKey();
    await page.context().close();
  });

  it('holds a document that does not match the paper row for row: its unread row on top, nothing imported', async () => {
    const group = await openImport(360);
    let imports = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/data/import-key')) imports++;
    });
    const rows = officialRows(fixtureKey, {}, { extraRow: true });
    await dropFile(group.getByTestId('key-drop-zone'), 'key.pdf', await keyPdf({ layout: 'current', rows }));
    await group.getByRole('heading', { name: 'Rows read from key.pdf' }).waitFor();
    const held = group.getByRole('alert').filter({ hasText: 'This key does not match the paper row for row' });
    expect(await held.locator('li').allTextContents()).toEqual([
      "The key row '66 MCQ CS B' names Q66, which is not in this paper.",
    ]);
    await group.getByLabel('Key version', { exact: true }).selectOption('final');
    await group.getByLabel(/I have checked the flagged rows/).check();
    expect(await group.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(imports).toBe(0);
    await expectFitsAndAccessible(page, 'key preview held');
    await saveViewportScreenshot(held, 'admin-key-pdf-unread-360');
    await page.context().close();
  });

  it.each(Object.entries(HOSTILE_PDFS))(
    'refuses %s within 15 s with a clear message, the tab answering all along',
    async (_what, make) => {
      const group = await openImport();
      // Every task of the page's own thread longer than 50 ms, from the drop on.
      await page.evaluate(() => {
        const state = globalThis as unknown as { longestTask: number };
        state.longestTask = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.longestTask = Math.max(state.longestTask, entry.duration);
        }).observe({ type: 'longtask' });
      });
      await dropFile(group.getByTestId('key-drop-zone'), 'key.pdf', make());
      await group.getByRole('status').filter({ hasText: 'Reading key.pdf' }).waitFor();
      // While pdf.js works, the page answers a person: what they type shows at once.
      const rows = group.getByLabel('Or paste official key rows');
      await rows.fill('1 MCQ GA B');
      expect(await rows.inputValue()).toBe('1 MCQ GA B');
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'This PDF could not be read: ' });
      // The 15 s the issue allows: the wait fails past it.
      await toast.waitFor({ timeout: 15_000 });
      expect(await toast.textContent()).toMatch(/This PDF could not be read: \S.+/);
      expect(await page.evaluate(() => (globalThis as unknown as { longestTask: number }).longestTask)).toBeLessThan(
        500,
      );
      await page.context().close();
    },
    30_000,
  );

  it('on a 360 px phone the preview shows every row whole, what it changes and its status, without sideways scrolling', async () => {
    await importFixtureKey();
    const mcq = changedMcq();
    const group = await openImport(360);
    const rows = officialRows(fixtureKey, { [mcq.master]: mcq.printed });
    await dropFile(group.getByTestId('key-drop-zone'), 'key.pdf', await keyPdf({ layout: 'current', rows }));
    await group.getByRole('heading', { name: 'Rows read from key.pdf' }).waitFor();
    const toast = page.locator('.Toastify__toast');
    await toast.waitFor({ state: 'detached' });
    await expectFitsAndAccessible(page, 'key PDF preview');
    expect(await group.getByRole('status').filter({ hasText: 'flagged' }).textContent()).toBe(
      '65 keys, 1 flagged: 1 change, 0 new, 63 unchanged',
    );
    const scroller = group.getByRole('region', { name: "Key rows beside the paper's questions" });
    expect(await scroller.evaluate((area) => area.scrollHeight > area.clientHeight)).toBe(true);
    // Nothing to swipe for: every cell of every row lies inside the area.
    expect(await scroller.evaluate((area) => area.scrollWidth - area.clientWidth)).toBe(0);
    const right = await scroller.evaluate((area) => area.getBoundingClientRect().right);
    const cellRights = await scroller
      .locator('td')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    expect(Math.max(...cellRights)).toBeLessThanOrEqual(right);
    // The row that matters is on the first screen of the list: the change and its status, in words.
    expect(await rowCells(scroller, `Q${mcq.master}`)).toEqual([
      `Q${mcq.master} · MCQ${mcq.questionId}Row: ${mcq.master} MCQ ${mcq.master <= 10 ? 'GA' : 'CS'} ${mcq.printed}`,
      `${mcq.key} → ${mcq.printed}`,
      'Changes',
    ]);
    expect(await scroller.locator('.key-pdf__status').allTextContents()).toEqual([
      'Flagged',
      'Changes',
      ...Array<string>(63).fill('Unchanged'),
    ]);
    const targets = [
      group.getByLabel('Key version', { exact: true }),
      group.locator('label').filter({ hasText: 'I have checked the flagged rows' }),
      group.getByRole('button', { name: 'Import', exact: true }),
      group.getByRole('button', { name: 'Cancel' }),
    ];
    for (const target of targets) expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await saveViewportScreenshot(group.getByRole('heading', { name: 'Rows read from key.pdf' }), 'admin-key-pdf-360');
    await page.context().close();
  });
});
