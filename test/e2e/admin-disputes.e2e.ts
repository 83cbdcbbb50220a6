import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { DisputesAnswer } from '../../src/contract';
import { DISPUTE_MESSAGES } from '../../src/contract/dispute-requests';
import { displayMarks } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import { APPLY_NEEDS_CONNECTION, disputeLines } from '../../src/features/admin/papers/dispute-view';
import { launchBrowser, saveViewportScreenshot } from './support/browser';
import { expectFitsAndAccessible } from './support/layout';
import { openPaperGroup } from './support/admin';
import { DISPUTED, DISPUTED_ID, startDisputeStory, type DisputeStory } from '../support/dispute-story';
import { eventually } from '../support/eventually';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { postJson, sheetLinks, verifiedDevice } from '../integration/checker-harness';

/**
 * Disputed answers in the admin area (issue 46): the CS 1 paper whose provisional key gets Q15 wrong (A, where the
 * strong candidates chose D), 50 fetched results and one candidate who checks by link and asks to be told of a score
 * change. The admin opens the paper's Disputed answers, reads Q15 with its counts and applies it; the candidate's
 * stored total moves to what the scorecard's disputes said, and their score-change mail reaches a real SMTP peer.
 * Each width has its own server, so each applies the dispute once.
 */

const PAPER = 'GATE 2026 CS 1';
/** A fixture candidate whose answer to Q15 moves their total when the key moves to D. */
const CANDIDATE = 4;

describe('admin: disputed answers', () => {
  let fixtures: FixtureServer;
  let mailbox: Mailbox;
  let browser: Browser;
  const stories: DisputeStory[] = [];

  beforeAll(async () => {
    [fixtures, mailbox, browser] = await Promise.all([startFixtureServer(), startMailbox(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(stories.map((story) => story.server.close()));
    await mailbox?.close();
    await fixtures?.close();
  });

  async function story(): Promise<DisputeStory> {
    const started = await startDisputeStory(fixtures, {
      env: {
        REQUIRE_EMAIL_VERIFICATION: 'true',
        SMTP_URL: mailbox.url,
        RESCORE_POLL_MS: '200',
        SCORE_ALERT_QUIET_MS: '0',
      },
    });
    stories.push(started);
    return started;
  }

  /**
   * The candidate checks by link on a device that verified `email`, and switches score-change e-mails on; returns the
   * result, the total now, and the total the scorecard's disputes give were the key moved to D.
   */
  async function candidateChecks({ server, url }: DisputeStory, email: string) {
    const link = itemAt(sheetLinks('cs1-2026', fixtures), CANDIDATE);
    const access = await verifiedDevice(server, link, email);
    const checked = await postJson(url('/api/data/generate-response'), { link, testPaper: 'CS 1', access });
    expect(checked.status).toBe(200);
    const { resultId } = checked.body;
    const subscribed = await fetch(url('/api/data/score-alerts'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resultId, access, subscribed: true }),
    });
    expect(subscribed.status).toBe(200);
    const disputes = (await postJson(url('/api/data/disputes/scorecard'), { resultId, access }))
      .body as unknown as DisputesAnswer;
    const ifMoved = disputes.disputes.find((dispute) => dispute.questionId === DISPUTED_ID)!.yours!.total;
    const total = checked.body.totalScore['Total Marks'];
    expect(ifMoved).not.toBeCloseTo(total, 2);
    return { resultId, total, ifMoved };
  }

  /** The paper's list as the API gives it to the admin: what the screen must show. */
  async function paperDisputes({ url, admin }: DisputeStory): Promise<DisputesAnswer> {
    const answer = await fetch(url(`/api/data/disputes?paperId=${DISPUTED.paperId}`), { headers: admin.headers });
    return (await answer.json()) as DisputesAnswer;
  }

  async function openDisputes(built: DisputeStory, width: number): Promise<{ page: Page; disputes: Locator }> {
    const page = await (await browser.newContext()).newPage();
    const group = await openPaperGroup(page, built.server.url, built.admin, PAPER, width);
    const disputes = group.locator('details.disputes');
    await disputes.locator('summary').click();
    await disputes.getByRole('status').filter({ hasText: 'Provisional key: 1 disputed answer among' }).waitFor();
    return { page, disputes };
  }

  const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

  for (const width of [360, 1280]) {
    it(`shows Q15 with its counts at ${width} px; applied, the candidate's total moves and the mail goes out`, async () => {
      const built = await story();
      const email = `candidate${CANDIDATE}.w${width}@example.com`;
      const candidate = await candidateChecks(built, email);
      const [listed] = (await paperDisputes(built)).disputes;
      expect([listed!.number, listed!.key, listed!.answer]).toEqual([DISPUTED.number, DISPUTED.keyed, DISPUTED.right]);

      const { page, disputes } = await openDisputes(built, width);
      const item = disputes.locator('li.dispute');
      expect(await item.count()).toBe(1);
      const lines = disputeLines(listed!);
      await item.getByRole('heading', { name: 'Q15 · MCQ' }).waitFor();
      const facts = await item
        .locator('dl > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]),
        );
      expect(facts).toEqual([
        ['Key', 'A'],
        ['Strong candidates chose', lines.answer],
        ['Strong candidates', lines.strong],
        ['The rest', lines.rest],
        ['p-values', lines.pValues],
      ]);
      expect(lines.answer).toMatch(/^D \(\d+% of the strong who answered\)$/);
      expect(await disputes.locator('.disputes__source').textContent()).toMatch(
        /^Found .+ from 51 trusted results; no upload left out\.$/,
      );
      await expectFitsAndAccessible(page, 'disputed answers');
      // The sign-in toast lies over the list's top on a phone: the picture waits for it to go.
      await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
      await saveViewportScreenshot(disputes, `admin-disputes-${width}`);

      // Key versions open beside the list: the applied dispute must appear there without reopening it.
      const group = page.locator('details.admin-paper').filter({ hasText: PAPER });
      const versionNames = group.locator('.key-versions__name');
      await group.locator('details.key-versions > summary').click();
      await versionNames.filter({ hasText: 'Provisional key' }).waitFor();

      await item.getByRole('button', { name: 'Apply as a key change' }).click();
      const confirm = item.getByRole('group', { name: 'Apply Dispute Q15: D' });
      expect(await confirm.locator('p').textContent()).toBe(
        'This makes a new key version named "Dispute Q15: D" that keys Q15 D instead of A, re-scores the stored ' +
          'results of this paper, and e-mails the candidates who asked to be told whose total moves.',
      );
      await expectFitsAndAccessible(page, 'disputed answers, confirming');
      await confirm.getByRole('button', { name: 'Apply Dispute Q15: D' }).click();
      await toast(page, DISPUTE_MESSAGES.applied('15', 'D')).waitFor();

      // The list and the key versions read again: nothing left disputed, the new version named first.
      await disputes.getByRole('status').filter({ hasText: 'Dispute Q15: D: no disputed answer among' }).waitFor();
      await versionNames.filter({ hasText: 'Dispute Q15: D' }).waitFor();
      expect(await versionNames.allTextContents()).toEqual(['Dispute Q15: D', 'Provisional key']);

      await eventually(
        async () => {
          const stored = await built.server.store.results.findById(candidate.resultId);
          return Math.abs(stored!.totalMarks - candidate.ifMoved) < 0.005;
        },
        { timeoutMs: 30_000, intervalMs: 200, what: "the candidate's stored total to move" },
      );
      const mail = await mailbox.next(email, 30_000);
      expect(mail.body.replace(/\r\n/g, '\n')).toContain(
        `Total marks: ${displayMarks(candidate.total)} → ${displayMarks(candidate.ifMoved)}`,
      );
      await page.context().close();
    });
  }

  it('says offline that applying needs a connection, and reloads the list when the key moved meanwhile', async () => {
    const built = await story();
    const { page, disputes } = await openDisputes(built, 1280);
    const item = disputes.locator('li.dispute');
    await item.getByRole('button', { name: 'Apply as a key change' }).click();
    const confirm = item.getByRole('group', { name: 'Apply Dispute Q15: D' });

    await page.context().setOffline(true);
    await confirm.getByRole('button', { name: 'Apply Dispute Q15: D' }).click();
    await toast(page, APPLY_NEEDS_CONNECTION).waitFor();
    await page.context().setOffline(false);

    // Another administrator applies it first: this screen's list is now under an older key.
    const applied = await postJson(
      built.url('/api/data/disputes/apply'),
      { paperId: DISPUTED.paperId, questionId: DISPUTED_ID, answer: DISPUTED.right, keyVersion: 1 },
      built.admin.headers,
    );
    expect(applied.status).toBe(200);
    await confirm.getByRole('button', { name: 'Apply Dispute Q15: D' }).click();
    await toast(page, DISPUTE_MESSAGES.keyMoved).waitFor();
    await disputes.getByRole('status').filter({ hasText: 'Dispute Q15: D: no disputed answer among' }).waitFor();
    expect(await disputes.locator('li.dispute').count()).toBe(0);
    await page.context().close();
  });
});
