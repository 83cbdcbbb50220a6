import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealVerification } from '../../api/access/scorecard-access';
import { SCORE_ALERT_MESSAGES } from '../../src/contract/score-alert-requests';
import type { Question } from '../../api/store';
import { displayMarks, importFixtureKey, scoreResponses, type KeysByLongId } from '../../src/domain/gate';
import { enginePaper } from '../../api/papers';
import { itemAt } from '../../src/domain/lists';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { readFixtureJson } from '../support/fixtures';
import { startMailbox, type Mailbox, type ReceivedMail } from '../support/mailbox';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { CHECKER_SECRET, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import { buildAdmin, buildPaper } from '../support/builders';
import { eventually } from '../support/eventually';
import type { ImportKeyAnswer } from '../../src/contract';

/**
 * Answer-key day end to end, on real servers with a real SMTP peer: a provisional key, candidates who check and ask to
 * be told, a final key changing three questions, and exactly one mail to each subscribed candidate whose total moved,
 * across a restart in the middle of sending. Every test tells its own story on a server and database of its own, so
 * the tests pass in any order.
 */

const PAPER_ID = 'CS1-2026';
const APP_ORIGIN = 'https://hiregate.example';
const METRICS_TOKEN = 'key-day-metrics-token-0123';
/** Candidates by their role in the story (indexes into the fixture's sheets). */
const TOLD = [0, 1, 2];
const STEADY = 3;
const NOT_SUBSCRIBED = 4;
const UNVERIFIED = 5;

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
  const scoring = enginePaper(paper);
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
  let links: string[];
  const provisional = importFixtureKey(readFixtureJson('cs1-2026', 'key.json'));
  /** Every server a test started, closed after it (a restart starts another on the same data). */
  const opened: CheckerServer[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    mailbox = await startMailbox();
    lane = await openLaneStore(mongo);
    links = sheetLinks('cs1-2026', fixtures);
  }, 120_000);

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((server) => server.close()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  afterAll(async () => {
    await lane?.stop();
    await mailbox?.close();
    await fixtures?.close();
  });

  /**
   * One key day's beginning on a server of its own: the CS 1 paper without a key, an administrator, the provisional key
   * imported, five candidates who verified their e-mail (each on their own device, holding its access token) and one
   * who did not, and every one of them checked.
   */
  async function startKeyDay({ mailsPerSecond = 20 } = {}) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-key-day-'));
    folders.push(dataDir);
    // Each story's own addresses, so the shared mailbox tells one story's mails from another's.
    const story = Math.random().toString(36).slice(2, 8);
    const emailOf = (candidate: number) => `candidate${candidate}.${story}@example.com`;
    const env = {
      ...lane.env(`key_day_${story}`),
      DATA_DIR: dataDir,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: mailbox.url,
      APP_ORIGIN,
      RESPONSE_SHEET_HOSTS: fixtures.host,
      RESCORE_POLL_MS: '200',
      SCORE_ALERT_QUIET_MS: '0',
      SCORE_ALERT_MAILS_PER_SECOND: String(mailsPerSecond),
      METRICS_TOKEN,
    };
    let server = await startCheckerServer(env);
    opened.push(server);
    await buildPaper(server.store, 'cs1-2026', fixtures, { keyed: false });
    const { headers: asAdmin } = await buildAdmin(server.store);
    const url = (route: string) => `${server.url}${route}`;
    const importKey = (keys: KeysByLongId, label: string) =>
      postJson(url('/api/data/import-key'), { paperId: PAPER_ID, keys, label }, asAdmin);
    const access = new Map<number, string>();
    const check = (candidate: number, headers: Record<string, string> = {}) =>
      postJson(
        url('/api/data/generate-response'),
        { link: itemAt(links, candidate), testPaper: 'CS 1', access: access.get(candidate) },
        headers,
      );
    const results = new Map<number, string>();
    const alerts = (candidate: number, subscribed: boolean) =>
      fetch(url('/api/data/score-alerts'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resultId: results.get(candidate), access: access.get(candidate), subscribed }),
      });
    const status = (candidate: number) =>
      postJson(url('/api/data/score-alerts/status'), {
        resultId: results.get(candidate),
        access: access.get(candidate),
      });
    async function verify(candidate: number) {
      const link = itemAt(links, candidate);
      const token = sealVerification(CHECKER_SECRET, { link }, emailOf(candidate));
      const response = await fetch(url(`/api/data/verify?${new URLSearchParams({ token })}`));
      expect(response.status).toBe(200);
      access.set(candidate, ((await response.json()) as { access: string }).access);
    }
    const mailsTo = (candidate: number) => mailbox.received.filter((mail) => mail.to.includes(emailOf(candidate)));

    const imported = await importKey(provisional, 'provisional');
    expect(imported.status).toBe(200);
    for (const candidate of [...TOLD, STEADY, NOT_SUBSCRIBED]) await verify(candidate);
    const scorecards = await Promise.all([0, 1, 2, 3, 4].map((candidate) => check(candidate)));
    scorecards.forEach((card, candidate) => results.set(candidate, card.body.resultId));
    const admin = await check(UNVERIFIED, asAdmin);
    results.set(UNVERIFIED, admin.body.resultId);

    return {
      get server() {
        return server;
      },
      url,
      imported,
      scorecards,
      admin,
      asAdmin,
      before: scorecards.map((card) => card.body.totalScore['Total Marks']),
      importKey,
      check,
      alerts,
      status,
      mailsTo,
      async subscribe(candidates: number[]) {
        for (const candidate of candidates) expect((await alerts(candidate, true)).status).toBe(200);
      },
      /** The final key: three changes that move every candidate's total but the steady one's. */
      async finalChanges() {
        const paper = await server.store.questions.listByPaperId(PAPER_ID);
        const responses = await Promise.all(
          [0, 1, 2, 3, 4].map(
            async (candidate) => (await server.store.results.findById(results.get(candidate)!))!.responses,
          ),
        );
        return chooseFinalChanges(paper, provisional, responses);
      },
      async restart() {
        await server.close();
        opened.splice(opened.indexOf(server), 1);
        server = await startCheckerServer(env);
        opened.push(server);
      },
    };
  }
  const withChanges = (changes: Change[]) => ({
    ...provisional,
    ...Object.fromEntries(changes.map((change) => [change.longId, change.key])),
  });
  /** Mails go out at the configured rate (one a second in the restart story): seconds, not milliseconds. */
  const until = (check: () => boolean | Promise<boolean>, what: string) =>
    eventually(check, { timeoutMs: 30_000, intervalMs: 100, what });
  /**
   * Nothing more can go out once the paper's published version is planned for good and no mail waits to be sent or
   * is being sent: a mail sent twice would have had to be one of those.
   */
  const everyMailSettled = (day: { server: CheckerServer }) =>
    until(async () => {
      const { store } = day.server;
      const paper = await store.papers.findById(PAPER_ID);
      const version = paper && (await store.keyVersions.find(PAPER_ID, paper.keyVersion));
      const mails = await store.alertMails.countByState();
      return Boolean(version?.alertsPlannedAt) && mails.pending === 0 && mails.sending === 0;
    }, 'every planned mail to be sent');
  const body = (mail: ReceivedMail) => mail.body.replace(/\r\n/g, '\n');

  it('imports a provisional key, lets verified candidates ask to be told, and refuses the unverified', async () => {
    const day = await startKeyDay();
    expect((day.imported.body as unknown as ImportKeyAnswer).keyVersion?.label).toBe('provisional');
    expect(day.scorecards.map((card) => card.status)).toEqual([200, 200, 200, 200, 200]);
    expect(day.scorecards[0]!.body.keyVersion).toMatchObject({ paperId: PAPER_ID, label: 'provisional' });
    expect(day.admin.status).toBe(200);

    for (const candidate of [...TOLD, STEADY]) {
      const subscribed = await day.alerts(candidate, true);
      expect(subscribed.status).toBe(200);
      expect(await subscribed.json()).toEqual({ available: true, subscribed: true, email: 'ca…@example.com' });
    }
    const refused = await day.alerts(UNVERIFIED, true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: SCORE_ALERT_MESSAGES.verifyFirst, code: 'VERIFICATION_REQUIRED' });
    expect((await day.status(NOT_SUBSCRIBED)).body).toEqual({
      available: true,
      subscribed: false,
      email: 'ca…@example.com',
    });
    // A device without the proof learns nothing of the result's addresses.
    expect((await day.status(UNVERIFIED)).body).toEqual({ available: false, subscribed: false, email: null });
  });

  it('mails each subscribed candidate whose total changed exactly once, across a restart mid-sending', async () => {
    // Slow enough that a restart lands in the middle of sending.
    const day = await startKeyDay({ mailsPerSecond: 1 });
    await day.subscribe([...TOLD, STEADY]);
    const changes = await day.finalChanges();
    const imported = await day.importKey(withChanges(changes), 'final');
    expect(imported.body).toMatchObject({ applied: 3, keyVersion: { label: 'final' } });

    // The first mail is out: restart the server while the others wait for the sending rate.
    await until(() => TOLD.some((candidate) => day.mailsTo(candidate).length > 0), 'the first mail');
    await day.restart();
    expect(TOLD.filter((candidate) => day.mailsTo(candidate).length > 0).length).toBeLessThan(TOLD.length);

    await until(() => TOLD.every((candidate) => day.mailsTo(candidate).length > 0), 'every mail');
    await until(async () => (await day.server.store.jobs.list()).every((job) => job.state === 'done'), 're-scoring');
    await everyMailSettled(day);
    expect(TOLD.map((candidate) => day.mailsTo(candidate).length)).toEqual([1, 1, 1]);
    expect(day.mailsTo(STEADY)).toEqual([]);
    expect(day.mailsTo(NOT_SUBSCRIBED)).toEqual([]);
    expect(day.mailsTo(UNVERIFIED)).toEqual([]);
    const metrics = await (
      await fetch(day.url('/metrics'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/^hiregate_score_alert_mails\{state="sent"\} 3$/m);
    expect(metrics).toMatch(/^hiregate_score_alert_mails\{state="pending"\} 0$/m);

    const after = await Promise.all([0, 1, 2, 3, 4].map((candidate) => day.check(candidate)));
    expect(after[STEADY]!.body.totalScore['Total Marks']).toBe(day.before[STEADY]);
    for (const candidate of TOLD) {
      const card = itemAt(after, candidate).body;
      expect(card.keyVersion).toMatchObject({ label: 'final' });
      const text = body(itemAt(day.mailsTo(candidate), 0));
      const [old, now] = [itemAt(day.before, candidate), card.totalScore['Total Marks']];
      expect(old).not.toBe(now);
      expect(text).toContain(`Total marks: ${displayMarks(old)} → ${displayMarks(now)}`);
      expect(text).toContain('final key of GATE 2026 CS 1');
      expect(text).toMatch(/Predicted rank: about [\d,]+/);
      // Every question whose marks moved for this candidate is named with its change.
      for (const change of changes.filter((c) => itemAt(c.deltas, candidate) !== 0)) {
        const question = card.response.find((q) => q.long_id === change.longId)!;
        expect(text).toContain(`Q${question.short_id} (${question.type}): `);
      }
      expect(text).toContain(`${APP_ORIGIN}/scorecard?`);
      expect(itemAt(day.mailsTo(candidate), 0).raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    }
  }, 90_000);

  it('compares the two versions for an administrator: three questions, and the results that moved', async () => {
    const day = await startKeyDay();
    await day.importKey(withChanges(await day.finalChanges()), 'final');
    const listed = await fetch(day.url(`/api/data/key-versions?paperId=${PAPER_ID}`), { headers: day.asAdmin });
    const { versions } = (await listed.json()) as {
      versions: Array<{ version: number; label: string; changedQuestions: number }>;
    };
    expect(versions.map((v) => v.label)).toEqual(['final', 'provisional']);
    expect(versions[0]!.changedQuestions).toBe(3);
    const [final, first] = versions;
    const compared = await fetch(
      day.url(
        `/api/data/key-versions/compare?${new URLSearchParams({ paperId: PAPER_ID, from: String(first!.version), to: String(final!.version) })}`,
      ),
      { headers: day.asAdmin },
    );
    const comparison = (await compared.json()) as {
      questions: unknown[];
      results: { compared: number; changed: number };
    };
    expect(comparison.questions).toHaveLength(3);
    // Five candidates checked with verified links and one as an administrator: all but the steady one moved.
    expect(comparison.results).toMatchObject({ compared: 6 });
    expect(comparison.results.changed).toBeGreaterThanOrEqual(4);
    const anonymous = await fetch(day.url(`/api/data/key-versions?paperId=${PAPER_ID}`));
    expect(anonymous.status).toBe(401);
  });

  it('stops the mails by the link in the mail, one-click or on its page, and refuses a forged one', async () => {
    const day = await startKeyDay();
    await day.subscribe(TOLD);
    const changes = await day.finalChanges();
    await day.importKey(withChanges(changes), 'final');
    await until(() => TOLD.every((candidate) => day.mailsTo(candidate).length > 0), 'every mail');

    const text = body(itemAt(day.mailsTo(0), 0));
    const page = new URL(/https:\/\/hiregate\.example\/score-alerts\/unsubscribe\?\S+/.exec(text)![0]);
    const alert = page.searchParams.get('alert')!;
    const forged = await fetch(
      day.url(`/api/data/score-alerts/unsubscribe?${new URLSearchParams({ alert, token: 'A'.repeat(43) })}`),
      { method: 'POST' },
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: SCORE_ALERT_MESSAGES.badLink, code: 'INVALID_TOKEN' });
    const stopped = await fetch(day.url(`/api/data/score-alerts/unsubscribe${page.search}`), { method: 'POST' });
    expect(await stopped.json()).toMatchObject({ message: SCORE_ALERT_MESSAGES.unsubscribed });

    const oneClick = /List-Unsubscribe:\s*<([^>]+)>/
      .exec(itemAt(day.mailsTo(1), 0).raw)![1]!
      .replace(APP_ORIGIN, day.server.url);
    const clicked = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect((await day.status(1)).body).toMatchObject({ subscribed: false });

    // The key changes again (the changes undone): only candidate 2, still subscribed, hears of it.
    await day.importKey(provisional, 'After challenges');
    await until(() => day.mailsTo(2).length === 2, 'the second mail');
    await everyMailSettled(day);
    expect([0, 1, 2, 3].map((candidate) => day.mailsTo(candidate).length)).toEqual([1, 1, 2, 0]);
    expect(body(itemAt(day.mailsTo(2), 1))).toContain('after challenges of GATE 2026 CS 1');
  }, 60_000);
});
