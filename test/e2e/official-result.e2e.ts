import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { itemAt } from '../../src/domain/lists';
import { launchBrowser, saveViewportScreenshot } from './support/browser';
import { chooseTestPaper, linkInMail, openCheckerModal } from './support/checker';
import { expectFitsAndAccessible, useWidth } from './support/layout';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { scorecardPdf } from '../support/scorecard-pdf';
import { sheetLinks, startCheckerServer, startSmtpPeer, type CheckerServer } from '../integration/checker-harness';
import { buildPaper } from '../support/builders';
import { PROVENANCE_WORDS } from '../../src/domain/gate/result-provenance';
import { STANDING_WORDS } from '../../src/domain/gate/rank/official-results/report-standing';

/**
 * After GATE's results, on a 360 px phone: a candidate who verified their e-mail opens their saved scorecard, has an
 * AIR the marks cannot have refused with the reason, drops their official scorecard PDF (read on the device), adds
 * the result and sees the prediction beside it, still there when the scorecard opens again.
 */
describe('adding an official result to a saved scorecard', () => {
  let server: CheckerServer;
  let fixtures: FixtureServer;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let browser: Browser;

  beforeAll(async () => {
    [fixtures, smtp, browser] = await Promise.all([startFixtureServer(), startSmtpPeer(), launchBrowser()]);
    server = await startCheckerServer({
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: smtp.url,
      RESPONSE_SHEET_HOSTS: fixtures.host,
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
    await fixtures?.close();
  });

  it('at 360 px refuses a score its marks cannot have, reads the official scorecard PDF and shows predicted vs actual', async () => {
    const email = 'official.result@example.in';
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await useWidth(page, 360);
      await openCheckerModal(page, server.url);
      const dialog = page.getByRole('dialog', { name: 'Check Your GATE Score' });
      // A candidate of 66 marks: a scorecard, an AIR and a GATE score like many real ones.
      await dialog.getByLabel('GATE Response Link').fill(itemAt(sheetLinks('cs1-2026', fixtures), 8));
      await chooseTestPaper(dialog, 'CS 1');
      await dialog.getByRole('button', { name: 'Retrieve Score' }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Verification Link' }).click();
      const verify = linkInMail((await smtp.next(email)).raw, '/verify-email');
      await page.goto(server.url + verify.pathname + verify.search);
      await page.getByRole('heading', { name: 'SCORECARD' }).waitFor();

      // What the scorecard predicted, as its own call tells this verified device.
      const resultId = new URL(page.url()).searchParams.get('id')!;
      const access = await page.evaluate(() => localStorage.getItem('hiregate.access'));
      const scorecard = (await (
        await fetch(`${server.url}/api/data/scorecard`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ resultId, access }),
        })
      ).json()) as {
        prediction_data: { estimatedRank: number; rankRange: [number, number]; score: number; normMarks: number };
      };
      const predicted = scorecard.prediction_data;

      const card = page.getByRole('region', { name: 'Add your official result' });
      await card.waitFor();
      // 100 for about 66 marks: GATE's formula gives them no less than about 600 with 2026's qualifying mark.
      await card.getByLabel('All India Rank (AIR)').fill(String(predicted.estimatedRank));
      await card.getByLabel('GATE score').fill('100');
      await card.getByRole('button', { name: 'Add my official result' }).click();
      await card.getByRole('alert').filter({ hasText: 'Tick the box' }).waitFor();
      await card.getByLabel('HireGate may keep my official result').check();
      await card.getByRole('button', { name: 'Add my official result' }).click();
      await card
        .getByRole('alert')
        .filter({
          hasText:
            /^A GATE score of 100 does not fit .* marks: with 2026's qualifying mark \(30\), GATE's score formula gives them \d+ to \d+\.$/,
        })
        .waitFor();
      await expectFitsAndAccessible(page, 'official result refused');
      await saveViewportScreenshot(card, 'official-result-form-360');

      const official = Math.round(predicted.estimatedRank * 1.2);
      const pdf = await scorecardPdf({
        year: 2026,
        marks: predicted.normMarks.toFixed(2),
        score: String(predicted.score),
        rank: String(official),
      });
      await card
        .getByLabel('Or read them from your official scorecard (PDF)')
        .setInputFiles({ name: 'GATE scorecard.pdf', mimeType: 'application/pdf', buffer: pdf });
      await card.getByText('Read from your scorecard: check the two figures, then add them.').waitFor();
      expect(await card.getByLabel('All India Rank (AIR)').inputValue()).toBe(String(official));
      await card.getByRole('button', { name: 'Add my official result' }).click();

      const comparison = page.getByRole('region', { name: 'Predicted vs actual' });
      await comparison.waitFor();
      const airRow = comparison.getByRole('row', { name: /All India Rank/ });
      expect(await airRow.textContent()).toContain(official.toLocaleString('en-IN'));
      expect(await comparison.getByRole('row', { name: /Marks out of 100/ }).count()).toBe(1);
      expect(await comparison.textContent()).toMatch(
        /the predicted range; the predicted rank was off by a factor of 1\.2/,
      );
      // What the result counts for in others' ranks now, and that its responses came from the portal.
      const lines = await comparison.locator('.official-result__standing').allTextContents();
      expect(lines).toHaveLength(2);
      expect(Object.values(STANDING_WORDS)).toContain(lines[0]);
      expect(lines[1]).toBe(PROVENANCE_WORDS.portal);
      await expectFitsAndAccessible(page, 'predicted vs actual');
      await saveViewportScreenshot(comparison, 'official-result-360');
      expect(await server.store.officialReports.findByResult(resultId)).toMatchObject({
        rank: official,
        source: 'pdf',
      });

      // Opened again: the official result stays beside the prediction, and no form asks for it again.
      await page.reload();
      await comparison.waitFor();
      expect(await page.getByRole('region', { name: 'Add your official result' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
