import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import type { TestServer } from '../support/server';
import type { FixtureServer } from '../support/fixture-server';
import { startAdminArea, type AdminArea } from './support/admin';
import { fixturesRoot, readFixtureJson, type FixtureUrls } from '../support/fixtures';
import type { SeededResult } from '../support/seed-results';
import { itemAt } from '../../src/domain/lists';
import { PROVENANCE_LABELS } from '../../src/domain/gate/result-provenance';

const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#Pass1' };
/** The candidate who also uploaded the saved page: listed twice, once marked 'Uploaded'. */
const UPLOADED_COPY_OF = 6;

describe('admin area', () => {
  let fixtures: FixtureServer;
  let server: TestServer;
  let browser: Browser;
  let area: AdminArea;
  let seeded: SeededResult[];
  let masterLink: string;

  beforeAll(async () => {
    area = await startAdminArea(ADMIN, { uploadedCopyOf: UPLOADED_COPY_OF });
    ({ fixtures, server, seeded } = area);
    masterLink = fixtures.url(readFixtureJson<FixtureUrls>('cs1-2026', 'urls.json').master.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await area?.close();
  });

  const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

  async function signIn(page: Page, credentials = ADMIN): Promise<void> {
    await page.goto(server.url + '/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  async function signedInPage(context?: BrowserContext): Promise<Page> {
    const page = await (context ?? (await browser.newContext())).newPage();
    await signIn(page);
    await page.waitForURL(server.url + '/admin/dashboard');
    return page;
  }

  const openPanel = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
  const question = (page: Page, longId: string) => page.locator(`details[data-long-id="${longId}"]`);

  describe('sign-in', () => {
    it('shows the field errors, refuses a wrong password and signs an admin in', async () => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(server.url + '/login');
      await page.getByRole('button', { name: 'Login' }).click();
      expect(await page.getByText('This field is required').count()).toBe(2);
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Email is not valid').waitFor();

      await signIn(page, { email: ADMIN.email, password: 'Wrong#Pass1' });
      await toast(page, 'Invalid email or password.').waitFor();
      expect(page.url()).toBe(server.url + '/login');

      await signIn(page);
      await toast(page, 'Login successful!').or(toast(page, 'Login successful')).first().waitFor();
      // The message shows on the login page before the dashboard opens.
      expect(page.url()).toBe(server.url + '/login');
      await page.waitForURL(server.url + '/admin/dashboard');
      const session = await page.evaluate(() => ({ ...sessionStorage }));
      expect(session).toMatchObject({ email: ADMIN.email, password: ADMIN.password, isAuthenticated: 'true' });
      await page.context().close();
    });

    it('sends a visitor without a session from /admin/dashboard to /login', async () => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(server.url + '/admin/dashboard');
      await toast(page, 'Your session has expired. Please login again.').waitFor();
      await page.waitForURL(server.url + '/login');
      await page.context().close();
    });
  });

  describe('dashboard shell', () => {
    it('opens the sidebar at 300 px, collapses it to 60 px by itself, and switches panels in place', async () => {
      const page = await signedInPage();
      const sidebar = page.getByTestId('admin-sidebar');
      await sidebar.waitFor();
      expect(await sidebar.evaluate((el) => (el as HTMLElement).style.width)).toBe('300px');
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('[data-testid="admin-sidebar"]')?.style.width === '60px',
      );

      await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
      await page
        .getByTestId('Total Results Present')
        .filter({ hasText: String(seeded.length) })
        .waitFor();
      expect(await page.getByTestId('Total Question Papers').textContent()).toBe('0');
      await saveScreenshot(page, 'admin-dashboard');

      await page.getByRole('button', { name: 'Expand menu' }).click();
      expect(await sidebar.evaluate((el) => (el as HTMLElement).style.width)).toBe('300px');
      await openPanel(page, 'View Results');
      await page.getByRole('heading', { name: 'View Results' }).waitFor();
      expect(await sidebar.evaluate((el) => (el as HTMLElement).style.width)).toBe('60px');
      expect(page.url()).toBe(server.url + '/admin/dashboard');
      await page.context().close();
    });

    it('ends the session after an hour (checked every 5 minutes) and logs out on request', async () => {
      const context = await browser.newContext();
      await context.clock.install();
      const page = await signedInPage(context);
      await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
      await context.clock.fastForward('55:00');
      expect(await toast(page, 'Your session has expired. Please login again.').count()).toBe(0);
      await context.clock.fastForward('06:00');
      await toast(page, 'Your session has expired. Please login again.').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('password'))).toBeNull();
      await context.clock.fastForward(2100);
      await page.waitForURL(server.url + '/login');
      // One message: the sign-in screen does not add its own, differently worded one.
      await page.getByRole('heading', { name: 'Admin login' }).waitFor();
      await context.clock.runFor(500);
      expect(await toast(page, 'Session expired. Please log in again.').count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('showSessionExpiredToast'))).toBeNull();
      await context.close();

      const again = await signedInPage();
      await openPanel(again, 'Logout');
      await toast(again, 'You have been logged out successfully.').waitFor();
      await again.waitForURL(server.url + '/');
      expect(await again.evaluate(() => sessionStorage.getItem('isAuthenticated'))).toBeNull();
      await again.context().close();
    });
  });

  describe('upload answer keys', () => {
    const paper = readFixtureJson<{ questions: Array<{ questionId: string; type: string; master: number }> }>(
      'cs1-2026',
      'paper.json',
    );
    const firstOf = (type: string) => paper.questions.find((q) => q.type === type)!.questionId;
    let page: Page;

    beforeAll(async () => {
      page = await signedInPage();
      await openPanel(page, 'Upload Answer Keys');
    });
    afterAll(async () => page.context().close());

    it('asks for the link, uploads and processes the paper, and holds the skeleton under its message', async () => {
      await page.getByRole('button', { name: 'Upload Question Paper' }).click();
      await page.getByRole('button', { name: 'Upload and Process' }).click();
      await page.getByText('This field is required').waitFor();
      await page.getByLabel('Question Paper Link').fill(masterLink);
      const processed = page.waitForResponse((response) => response.url().endsWith('/api/data/process'));
      await page.getByRole('button', { name: 'Upload and Process' }).click();
      await processed;
      await toast(page, 'Question paper uploaded successfully!').waitFor();
      // The skeleton stays while the message is read, then gives way to the paper.
      expect(await page.getByTestId('admin-skeleton').isVisible()).toBe(true);
      await page.getByTestId('admin-skeleton').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Mark Answers for: GATE 2026 CS 1' }).waitFor();
      await page.getByText('Total Questions: 65').waitFor();
      expect(await page.locator('details.admin-question').count()).toBe(65);
      const header = await question(page, firstOf('NAT')).locator('summary').textContent();
      expect(header).toMatch(new RegExp(`^Q\\d+${firstOf('NAT')}NAT\\((1|2) marks?\\)$`));
    });

    it('saves an MCQ answer chosen from the question letters', async () => {
      const item = question(page, firstOf('MCQ'));
      await item.locator('summary').click();
      await item.getByRole('img', { name: 'Option D' }).waitFor();
      const save = item.getByRole('button', { name: 'Save Answer' });
      expect(await save.isDisabled()).toBe(true);
      expect(await item.getByLabel('Set Correct Answer').locator('option').allTextContents()).toEqual([
        'Select an option',
        'A',
        'B',
        'C',
        'D',
      ]);
      await item.getByLabel('Set Correct Answer').selectOption('B');
      await save.click();
      await toast(page, `Answer saved successfully for question ID: ${firstOf('MCQ')}`).waitFor();
      await item.getByText('Saved', { exact: true }).waitFor();
    });

    it('filters MSQ input and explains every invalid form before saving', async () => {
      const item = question(page, firstOf('MSQ'));
      await item.locator('summary').click();
      const input = item.getByLabel('Set Correct Answer');
      const save = item.getByRole('button', { name: 'Save Answer' });
      const typeAndRead = async (text: string) => {
        await input.fill(text);
        return input.inputValue();
      };
      expect(await typeAndRead(';a;;c')).toBe('A;C');
      expect(await typeAndRead('b, e, 7')).toBe('B;');
      expect(await typeAndRead('a,c')).toBe('A;C');
      expect(await typeAndRead('b d')).toBe('B;D');
      expect(await typeAndRead('A;')).toBe('A;');
      await item.getByText('Input cannot end with a semicolon').waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await typeAndRead('AB')).toBe('AB');
      await item.getByText('Each option must be a single letter, separated by semicolons (e.g., A;B;C;D)').waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await typeAndRead('a;d')).toBe('A;D');
      expect(await item.getByRole('alert').count()).toBe(0);
      await save.click();
      await toast(page, `Answer saved successfully for question ID: ${firstOf('MSQ')}`).waitFor();
      await item.getByText('Saved', { exact: true }).waitFor();
    });

    it('filters NAT input and explains every invalid form before saving', async () => {
      const item = question(page, firstOf('NAT'));
      await item.locator('summary').click();
      const input = item.getByLabel('Set Correct Answer');
      const save = item.getByRole('button', { name: 'Save Answer' });
      const typeAndRead = async (text: string) => {
        await input.fill(text);
        return input.inputValue();
      };
      expect(await typeAndRead('abc 1,5')).toBe('15');
      expect(await typeAndRead('1:::2')).toBe('1:2');
      for (const [text, message] of [
        ['-', 'Input cannot be just a decimal point, minus sign, or colon'],
        ['.', 'Input cannot be just a decimal point, minus sign, or colon'],
        ['2.', 'Input cannot end with a decimal point or colon'],
        ['2:', 'Input cannot end with a decimal point or colon'],
        ['1/2', 'Each part must be a valid number'],
      ] as const) {
        expect(await typeAndRead(text)).toBe(text);
        await item.getByText(message).waitFor();
        expect(await save.isDisabled()).toBe(true);
      }
      expect(await typeAndRead('')).toBe('');
      expect(await item.getByRole('alert').count()).toBe(0);
      expect(await save.isDisabled()).toBe(true);
      expect(await typeAndRead('-3.04:-2.84')).toBe('-3.04:-2.84');
      await save.click();
      await toast(page, `Answer saved successfully for question ID: ${firstOf('NAT')}`).waitFor();
      await saveScreenshot(page, 'admin-upload');
    });

    it('keeps the paper and the saved marks across a reload, and removes the paper on close', async () => {
      await page.reload();
      await openPanel(page, 'Upload Answer Keys');
      await page.getByRole('heading', { name: 'Mark Answers for: GATE 2026 CS 1' }).waitFor();
      expect(await page.locator('details.admin-question .admin-tag', { hasText: 'Saved' }).count()).toBe(3);
      expect(await question(page, firstOf('NAT')).getByLabel('Set Correct Answer').inputValue()).toBe('-3.04:-2.84');
      await page.getByRole('button', { name: 'Remove question paper' }).click();
      await toast(page, 'Question paper removed').waitFor();
      await page.getByRole('button', { name: 'Upload Question Paper' }).waitFor();
      await page.reload();
      await openPanel(page, 'Upload Answer Keys');
      await page.getByRole('button', { name: 'Upload Question Paper' }).waitFor();
    });

    it('queues a save made offline as Pending sync and sends it once the network returns', async () => {
      await openPanel(page, 'All Question Papers');
      await page.locator('details.admin-paper > summary').first().click();
      const longId = paper.questions.find((q) => q.type === 'MCQ' && q.master === 12)!.questionId;
      const item = question(page, longId);
      await item.locator('summary').click();
      // The page or the service worker (Background Sync) may send it: count what reached the server, from either.
      const delivered: number[] = [];
      page.context().on('requestfinished', (request) => {
        if (!request.url().endsWith('/api/data/update-answer')) return;
        void request.response().then((response) => delivered.push(response?.status() ?? 0));
      });
      await page.context().setOffline(true);
      await item.getByLabel('Set Correct Answer').selectOption('C');
      await item.getByRole('button', { name: 'Save Answer' }).click();
      await item.getByText('Pending sync').waitFor();
      await page.context().setOffline(false);
      await item.getByText('Pending sync').waitFor({ state: 'detached' });
      await item.getByText('Marked', { exact: true }).waitFor();
      const stored = (await (
        await fetch(server.url + '/api/data/all-question-paper', {
          headers: { Authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` },
        })
      ).json()) as Record<string, Array<{ long_id: string; answerKey?: string }> | undefined>;
      const saved = stored['CS1-2026']?.find((q) => q.long_id === longId);
      expect(saved?.answerKey).toBe('C');
      expect(delivered).toEqual([200]);
    });
  });

  describe('all question papers', () => {
    it('groups questions by paper with counts and Marked / Not Marked tags, and imports a key file', async () => {
      const page = await signedInPage();
      await openPanel(page, 'All Question Papers');
      await page.getByRole('heading', { name: 'All Question Papers' }).waitFor();
      await page.getByText('Browse through all available question papers below').waitFor();
      const group = page.locator('details.admin-paper').filter({ hasText: 'GATE 2026 CS 1' });
      // Four keys saved so far: the paper says it does not score candidates yet, and how far its key is.
      expect(await group.locator(':scope > summary').textContent()).toBe(
        'GATE 2026 CS 165 questionsNot live: answer key 4 of 65 questions',
      );
      await group.locator(':scope > summary').click();
      expect(await group.locator('.admin-tag', { hasText: /^Marked$/ }).count()).toBe(4);
      expect(await group.locator('.admin-tag', { hasText: 'Not Marked' }).count()).toBe(61);
      await saveScreenshot(page, 'admin-papers');

      await group.getByRole('button', { name: 'Import answer key' }).click();
      await group
        .getByLabel('Key file (key.json or official key rows)')
        .setInputFiles(path.join(fixturesRoot, 'cs1-2026', 'key.json'));
      await group.getByRole('button', { name: 'Import', exact: true }).click();
      await toast(page, 'Answer key imported for GATE 2026 CS 1').waitFor();
      // The job counts every result it re-scores, the seeded upload among them, as the dashboard counts them.
      const stored = seeded.length;
      expect(seeded.some((result) => result.uploaded)).toBe(true);
      await group.getByText(`Results re-scored (${stored} of ${stored} results)`).waitFor();
      await group.locator('.admin-tag', { hasText: 'Not Marked' }).first().waitFor({ state: 'detached' });
      expect(await group.locator('.admin-tag', { hasText: /^Marked$/ }).count()).toBe(65);
      await page.context().close();
    });
  });

  describe('view results', () => {
    let page: Page;
    const shownCandidates = () =>
      page
        .locator('details.admin-result')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-candidate-id')));

    beforeAll(async () => {
      page = await signedInPage();
      await openPanel(page, 'View Results');
      await page.locator('details.admin-result').first().waitFor();
    });
    afterAll(async () => page.context().close());

    it('lists every result newest first with the re-scored marks, searchable', async () => {
      expect(await page.getByTestId('results-total').textContent()).toBe(String(seeded.length));
      const newestFirst = [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      expect(await shownCandidates()).toEqual(newestFirst.map((s) => s.candidateId));
      const search = page.getByLabel('Search by email, name, candidate ID, or paper');
      const target = itemAt(seeded, 4);
      const [, surname = target.name] = target.name.split(' ');
      await search.fill(surname.toLowerCase());
      expect(await shownCandidates()).toContain(target.candidateId);
      await search.fill(target.email.toUpperCase());
      expect(await shownCandidates()).toEqual([target.candidateId]);
      await search.fill(target.candidateId.slice(-5));
      expect(await shownCandidates()).toEqual([target.candidateId]);
      await search.fill('cs 1');
      expect((await shownCandidates()).length).toBe(seeded.length);
      await search.fill('nobody-like-this');
      await page.getByText('No results found').waitFor();
      await search.fill('');
    });

    it('sorts by each key, always descending', async () => {
      const sortBy = page.getByLabel('Sort By');
      expect(await sortBy.locator('option').allTextContents()).toEqual([
        'Date Created',
        'Final Marks',
        'Exam Set',
        'Candidate ID',
        'Email',
        'Name',
      ]);
      const descendingText = (read: (s: SeededResult) => string) =>
        [...seeded]
          .sort((a, b) => read(b).localeCompare(read(a), undefined, { sensitivity: 'base' }))
          .map((s) => s.candidateId);
      await sortBy.selectOption({ label: 'Final Marks' });
      const byMarks = [...seeded].sort((a, b) => b.expected.positiveMarks - a.expected.positiveMarks);
      expect(await shownCandidates()).toEqual(byMarks.map((s) => s.candidateId));
      await sortBy.selectOption({ label: 'Candidate ID' });
      expect(await shownCandidates()).toEqual(descendingText((s) => s.candidateId));
      await sortBy.selectOption({ label: 'Email' });
      expect(await shownCandidates()).toEqual(descendingText((s) => s.email));
      await sortBy.selectOption({ label: 'Name' });
      expect(await shownCandidates()).toEqual(descendingText((s) => s.name));
      await sortBy.selectOption({ label: 'Exam Set' });
      expect((await shownCandidates()).length).toBe(seeded.length);
      await sortBy.selectOption({ label: 'Date Created' });
    });

    it('exports the listed results as CSV', async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await (await download).path();
      const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Candidate ID,Candidate Name,Email,Exam Set,Total Marks,Positive Marks,Negative Marks,Attempts,Verified,Uploaded,Provenance,Date Created',
      );
      const copied = itemAt(seeded, UPLOADED_COPY_OF).candidateId;
      expect(lines.filter((line) => line.startsWith(`${copied},`)).map((line) => line.split(',').slice(9, 11))).toEqual(
        [
          ['Yes', PROVENANCE_LABELS.uploaded],
          ['No', PROVENANCE_LABELS.portal],
        ],
      );
      expect(lines).toHaveLength(seeded.length + 1);
      const newest = itemAt(
        [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
        0,
      );
      expect(lines[1]).toContain(
        `${newest.candidateId},${newest.name},${newest.email},CS 1,${newest.expected.totalMarks},`,
      );
    });

    it('expands a row into its details with the Verified / Pending badge', async () => {
      const target = itemAt(seeded, 0);
      const row = page.locator(`details.admin-result[data-candidate-id="${target.candidateId}"]`);
      const summary = await row.locator('summary').textContent();
      expect(summary).toBe(
        `${target.candidateId}${target.name}GATE 2026 CS 1Score ${target.expected.totalMarks}${target.isVerified ? 'Verified' : 'Pending'}${PROVENANCE_LABELS.portal}`,
      );
      await row.locator('summary').click();
      const details = await row.locator('dl').innerText();
      for (const text of [
        'Candidate ID',
        'Email',
        target.email,
        'Candidate Name',
        'Total Marks',
        'Attempts',
        'Negative Marks',
        'Positive Marks',
        'Date',
      ]) {
        expect(details).toContain(text);
      }
      expect(await page.locator('.admin-result .admin-tag', { hasText: 'Pending' }).count()).toBe(
        seeded.filter((s) => !s.isVerified).length,
      );
      // The candidate who also uploaded the saved page is listed twice, the upload marked as such (the rest: Portal).
      const copies = page.locator(
        `details.admin-result[data-candidate-id="${itemAt(seeded, UPLOADED_COPY_OF).candidateId}"]`,
      );
      expect(
        await copies.locator('summary').evaluateAll((rows) => rows.map((row) => row.textContent?.endsWith('Uploaded'))),
      ).toEqual([true, false]);
      expect(await page.locator('.admin-result .admin-tag', { hasText: 'Uploaded' }).count()).toBe(1);
      expect(await page.locator('.admin-result .admin-tag', { hasText: PROVENANCE_LABELS.portal }).count()).toBe(
        seeded.length - 1,
      );
      await saveScreenshot(page, 'admin-results');
    });

    it("opens the candidate scorecard in a new tab, without the candidate's own controls", async () => {
      const target = itemAt(seeded, 0);
      const row = page.locator(`details.admin-result[data-candidate-id="${target.candidateId}"]`);
      const opened = page.context().waitForEvent('page');
      // The score-alert switch and the key-update offer each ask the server first: an admin's tab asks neither.
      const candidateCalls: string[] = [];
      page.context().on('request', (request) => {
        if (/\/api\/data\/(score-alerts|key-version)/.test(request.url())) candidateCalls.push(request.url());
      });
      await row.getByRole('button', { name: 'View Scorecard' }).click();
      const tab = await opened;
      await tab.waitForURL(server.url + '/scorecard', { timeout: 20_000 });
      await tab.getByRole('heading', { name: 'SCORECARD' }).waitFor({ timeout: 20_000 });
      await tab.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
      await tab.waitForLoadState('networkidle');
      expect(candidateCalls).toEqual([]);
      expect(await tab.getByRole('switch').count()).toBe(0);
      await saveScreenshot(tab, 'admin-scorecard-tab');
      await tab.close();
      expect(await row.getByRole('button', { name: 'View Scorecard' }).isEnabled()).toBe(true);
    });
  });
});
