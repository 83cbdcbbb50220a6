import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../api/features/accounts/account-service';
import { signVerificationToken } from '../../api/features/checker/verification-token';
import { SCORE_ALERT_MESSAGES } from '../../api/features/score-alerts/routes';
import { hashLink } from '../../api/sheets/sheet-source';
import type { Question, Store } from '../../api/store';
import {
  displayMarks,
  importFixtureKey,
  scoreResponses,
  type KeysByLongId,
  type PaperQuestion,
} from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson } from '../support/fixtures';
import { startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import {
  CHECKER_SECRET,
  postJson,
  seedFixturePaper,
  sheetLinks,
  startCheckerServer,
  type CheckerServer,
} from './checker-harness';

/**
 * Answer-key day end to end, on real servers with a real SMTP peer: a provisional key, candidates who check and ask to
 * be told, a final key changing three questions, and exactly one mail to each subscribed candidate whose total moved,
 * across a restart in the middle of sending.
 */

const PAPER_SET = 'CS 1 2026';
const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#Pass1' };
const adminAuth = { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` };
const APP_ORIGIN = 'https://hiregate.example';
const METRICS_TOKEN = 'key-day-metrics-token-0123';
/** Candidates by their role in the story (indexes into the fixture's sheets). */
const TOLD = [0, 1, 2];
const STEADY = 3;
const NOT_SUBSCRIBED = 4;
const UNVERIFIED = 5;
const emailOf = (candidate: number) => `candidate${candidate}@example.com`;

type Change = { longId: string; key: string; deltas: number[] };

/**
 * Three key changes of the kinds a final key makes (an answer changed, marks to all, a range widened where it can),
 * chosen so the steady candidate's total stays and every other candidate's total moves. The deltas come from the
 * engine on the candidates' stored responses; the test then checks what the server did against its own scorecards.
 */
function chooseFinalChanges(
  paper: Question[],
  provisional: KeysByLongId,
  responses: Record<string, string>[],
): Change[] {
  const scoring = {
    testPaper: null,
    questions: paper.map((q): PaperQuestion => ({ ...q, short_id: String(q.short_id) })),
  };
  const totals = (keys: KeysByLongId) =>
    responses.map((r) => scoreResponses(r, scoring, keys).totalScore['Total Marks']);
  const base = totals(provisional);
  const candidates: Change[] = [];
  for (const question of paper) {
    const key = provisional[question.long_id];
    if (!key || key === 'MTA') continue;
    const alternatives =
      question.type === 'MCQ'
        ? ['A', 'B', 'C', 'D'].filter((letter) => letter !== key).concat('MTA')
        : question.type === 'NAT' && /^[-\d.]+$/.test(key)
          ? [`${Number(key) - 1}:${Number(key) + 1}`]
          : [];
    for (const alternative of alternatives) {
      const deltas = totals({ ...provisional, [question.long_id]: alternative }).map((t, i) => t - itemAt(base, i));
      if (deltas[STEADY] === 0 && deltas.some((d) => d !== 0))
        candidates.push({ longId: question.long_id, key: alternative, deltas });
    }
  }
  for (const [i, a] of candidates.entries()) {
    for (const [j, b] of candidates.slice(i + 1).entries()) {
      for (const c of candidates.slice(i + j + 2)) {
        if (new Set([a.longId, b.longId, c.longId]).size < 3) continue;
        const sum = a.deltas.map((d, k) => d + itemAt(b.deltas, k) + itemAt(c.deltas, k));
        const moved = [...TOLD, NOT_SUBSCRIBED].every((k) => Math.abs(itemAt(sum, k)) > 0.001);
        if (moved && itemAt(sum, STEADY) === 0) return [a, b, c];
      }
    }
  }
  throw new Error('The fixture sheets allow no three key changes that move all but the steady candidate');
}

describe.each(STORE_LANES)('answer-key day on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let mailbox: Mailbox;
  let lane: LaneStore;
  let server: CheckerServer;
  let dataDir: string;
  let env: Record<string, string>;
  let links: string[];

  const url = (route: string) => `${server.url}${route}`;
  const store = (): Store => server.store;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    mailbox = await startMailbox();
    lane = await openLaneStore(mongo);
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-key-day-'));
    env = {
      ...lane.env('key_day'),
      DATA_DIR: dataDir,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: mailbox.url,
      APP_ORIGIN,
      RESPONSE_SHEET_HOSTS: fixtures.host,
      RESCORE_POLL_MS: '200',
      SCORE_ALERT_QUIET_MS: '0',
      // Slow enough that a restart lands in the middle of sending.
      SCORE_ALERT_MAILS_PER_SECOND: '1',
      METRICS_TOKEN,
    };
    server = await startCheckerServer(env);
    await seedFixturePaper(server.store, 'cs1-2026', fixtures, false);
    await ensureAdmin({ store: server.store }, ADMIN.email, ADMIN.password);
    links = sheetLinks('cs1-2026', fixtures);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await lane?.stop();
    await mailbox?.close();
    await fixtures?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const importKey = (keys: KeysByLongId, label: string) =>
    postJson(url('/api/data/import-key'), { paperSet: PAPER_SET, keys, label }, adminAuth);
  const check = (candidate: number, headers: Record<string, string> = {}) =>
    postJson(url('/api/data/generate-response'), { link: itemAt(links, candidate), testPaper: 'CS 1' }, headers);
  const alerts = (candidate: number, subscribed: boolean) =>
    fetch(url('/api/data/score-alerts'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: itemAt(links, candidate), testPaper: 'CS 1', subscribed }),
    });
  async function verify(candidate: number) {
    const link = itemAt(links, candidate);
    const token = signVerificationToken(CHECKER_SECRET, link, emailOf(candidate));
    const response = await fetch(
      url(`/api/data/verify?${new URLSearchParams({ link, email: emailOf(candidate), token })}`),
    );
    expect(response.status).toBe(200);
  }
  async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await predicate())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const rescored = async () => (await store().jobs.list()).every((job) => job.state === 'done');
  const mailsTo = (candidate: number) => mailbox.received.filter((mail) => mail.to.includes(emailOf(candidate)));
  const body = (mail: ReceivedMail) => mail.body.replace(/\r\n/g, '\n');

  let before: number[];
  let changes: Change[];

  it('imports a provisional key, lets verified candidates ask to be told, and refuses the unverified', async () => {
    const provisional = importFixtureKey(readFixtureJson('cs1-2026', 'key.json'));
    const imported = await importKey(provisional, 'provisional');
    expect(imported.status).toBe(200);
    expect((imported.body.data as { keyVersion: { label: string } }).keyVersion.label).toBe('provisional');

    for (const candidate of [...TOLD, STEADY, NOT_SUBSCRIBED]) await verify(candidate);
    const scorecards = await Promise.all([0, 1, 2, 3, 4].map((candidate) => check(candidate)));
    expect(scorecards.map((card) => card.status)).toEqual([200, 200, 200, 200, 200]);
    expect(scorecards[0]!.body.keyVersion).toMatchObject({ paperSet: PAPER_SET, label: 'provisional' });
    before = scorecards.map((card) => card.body.totalScore['Total Marks']);
    expect((await check(UNVERIFIED, adminAuth)).status).toBe(200);

    for (const candidate of [...TOLD, STEADY]) {
      const subscribed = await alerts(candidate, true);
      expect(subscribed.status).toBe(200);
      expect(await subscribed.json()).toEqual({
        available: true,
        subscribed: true,
        email: `ca…@example.com`,
      });
    }
    const refused = await alerts(UNVERIFIED, true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: SCORE_ALERT_MESSAGES.verifyFirst });
    const status = await postJson(url('/api/data/score-alerts/status'), {
      link: itemAt(links, NOT_SUBSCRIBED),
      testPaper: 'CS 1',
    });
    expect(status.body).toEqual({ available: true, subscribed: false, email: 'ca…@example.com' });

    const paper = await store().questions.listByPaperSet(PAPER_SET);
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map(
        async (candidate) =>
          (await store().results.findByIdentity(hashLink(itemAt(links, candidate)), 'CS 1'))!.responses,
      ),
    );
    changes = chooseFinalChanges(paper, provisional, responses);
  });

  it('mails each subscribed candidate whose total changed exactly once, across a restart mid-sending', async () => {
    const provisional = importFixtureKey(readFixtureJson('cs1-2026', 'key.json'));
    const final = { ...provisional, ...Object.fromEntries(changes.map((change) => [change.longId, change.key])) };
    const imported = await importKey(final, 'final');
    expect(imported.body.data).toMatchObject({ applied: 3, keyVersion: { label: 'final' } });

    // The first mail is out: restart the server while the others wait for the sending rate.
    await mailbox.nextMail(1, 30_000);
    await server.close();
    expect(mailbox.received.length).toBeLessThan(TOLD.length);
    server = await startCheckerServer(env);

    await until(() => TOLD.every((candidate) => mailsTo(candidate).length > 0), 'every mail');
    await until(rescored, 're-scoring');
    // Whatever could still go out twice would within a few sending turns.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(TOLD.map((candidate) => mailsTo(candidate).length)).toEqual([1, 1, 1]);
    expect(mailsTo(STEADY)).toEqual([]);
    expect(mailsTo(NOT_SUBSCRIBED)).toEqual([]);
    expect(mailsTo(UNVERIFIED)).toEqual([]);
    const metrics = await (
      await fetch(url('/metrics'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/^hiregate_score_alert_mails\{state="sent"\} 3$/m);
    expect(metrics).toMatch(/^hiregate_score_alert_mails\{state="pending"\} 0$/m);

    const after = await Promise.all([0, 1, 2, 3, 4].map((candidate) => check(candidate)));
    expect(after[STEADY]!.body.totalScore['Total Marks']).toBe(before[STEADY]);
    for (const candidate of TOLD) {
      const card = itemAt(after, candidate).body;
      expect(card.keyVersion).toMatchObject({ label: 'final' });
      const text = body(itemAt(mailsTo(candidate), 0));
      const [old, now] = [itemAt(before, candidate), card.totalScore['Total Marks']];
      expect(old).not.toBe(now);
      expect(text).toContain(`Total marks: ${displayMarks(old)} → ${displayMarks(now)}`);
      expect(text).toContain('final key of CS 1 2026');
      expect(text).toMatch(/Predicted rank: about [\d,]+/);
      // Every question whose marks moved for this candidate is named with its change.
      for (const change of changes.filter((c) => itemAt(c.deltas, candidate) !== 0)) {
        const question = card.response.find((q) => q.long_id === change.longId)!;
        expect(text).toContain(`Q${question.short_id} (${question.type}): `);
      }
      expect(text).toContain(`${APP_ORIGIN}/scorecard?link=`);
      expect(itemAt(mailsTo(candidate), 0).raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    }
  }, 90_000);

  it('compares the two versions for an administrator: three questions, and the results that moved', async () => {
    const listed = await fetch(url(`/api/data/key-versions?paperSet=${encodeURIComponent(PAPER_SET)}`), {
      headers: adminAuth,
    });
    const { versions } = (await listed.json()) as {
      versions: Array<{ version: number; label: string; changedQuestions: number }>;
    };
    expect(versions.map((v) => v.label)).toEqual(['final', 'provisional']);
    expect(versions[0]!.changedQuestions).toBe(3);
    const [final, provisional] = versions;
    const compared = await fetch(
      url(
        `/api/data/key-versions/compare?${new URLSearchParams({ paperSet: PAPER_SET, from: String(provisional!.version), to: String(final!.version) })}`,
      ),
      { headers: adminAuth },
    );
    const comparison = (await compared.json()) as {
      questions: unknown[];
      results: { compared: number; changed: number };
    };
    expect(comparison.questions).toHaveLength(3);
    // Five candidates checked with verified links and one as an administrator: all but the steady one moved.
    expect(comparison.results).toMatchObject({ compared: 6 });
    expect(comparison.results.changed).toBeGreaterThanOrEqual(4);
    const anonymous = await fetch(url(`/api/data/key-versions?paperSet=${encodeURIComponent(PAPER_SET)}`));
    expect(anonymous.status).toBe(401);
  });

  it('stops the mails by the link in the mail, one-click or on its page, and refuses a forged one', async () => {
    const text = body(itemAt(mailsTo(0), 0));
    const page = new URL(/https:\/\/hiregate\.example\/score-alerts\/unsubscribe\?\S+/.exec(text)![0]);
    const alert = page.searchParams.get('alert')!;
    const forged = await fetch(
      url(`/api/data/score-alerts/unsubscribe?${new URLSearchParams({ alert, token: 'A'.repeat(43) })}`),
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: SCORE_ALERT_MESSAGES.badLink });
    const stopped = await fetch(url(`/api/data/score-alerts/unsubscribe${page.search}`), { method: 'POST' });
    expect(await stopped.json()).toMatchObject({ message: SCORE_ALERT_MESSAGES.unsubscribed });

    const oneClick = /List-Unsubscribe:\s*<([^>]+)>/
      .exec(itemAt(mailsTo(1), 0).raw)![1]!
      .replace(APP_ORIGIN, server.url);
    const clicked = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const status = await postJson(url('/api/data/score-alerts/status'), { link: itemAt(links, 1), testPaper: 'CS 1' });
    expect(status.body).toMatchObject({ subscribed: false });

    // The key changes again (the changes undone): only candidate 2, still subscribed, hears of it.
    const provisional = importFixtureKey(readFixtureJson('cs1-2026', 'key.json'));
    await importKey(provisional, 'After challenges');
    await until(() => mailsTo(2).length === 2, 'the second mail');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect([0, 1, 2, 3].map((candidate) => mailsTo(candidate).length)).toEqual([1, 1, 2, 0]);
    expect(body(itemAt(mailsTo(2), 1))).toContain('after challenges of CS 1 2026');
  }, 60_000);
});
