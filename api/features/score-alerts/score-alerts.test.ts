import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type Mailer } from '../../mail/mailer';
import { memoryLimiters, type PaperQuestion, type Store } from '../../store';
import { createCrowd } from '../../crowd/crowd';
import { createMarksSnapshots } from '../../crowd/marks-snapshot';
import { createKeyChanges } from '../../papers/key-change-saves';
import { buildKeyedPaper, buildResult, buildStore, type BuiltStore } from '../../../test/support/builders';
import { createPlanner } from './planner';
import { renderScoreChangeMail } from './score-change-mail';
import { createSender } from './sender';
import { isUnsubscribeToken, signUnsubscribeToken } from './unsubscribe-token';

const logger = pino({ level: 'silent' });
const PAPER_SET = 'CS 1 2026';
const SECRET = 'score-alert-tests-secret-0123456789';

describe('renderScoreChangeMail', () => {
  const news = {
    candidateName: 'Asha <b>Rao</b>',
    paperId: PAPER_SET,
    key: { paperId: PAPER_SET, version: 9, label: 'final', at: '2026-03-18T04:30:00.000Z' },
    oldTotal: 41.67,
    newTotal: 44.33,
    questions: [
      {
        long_id: '1012',
        short_id: '12',
        type: 'MCQ' as const,
        kind: 'answer-changed' as const,
        before: 'B',
        after: 'C',
        text: 'Answer changed from B to C',
        marksBefore: -2 / 3,
        marksAfter: 2,
      },
    ],
    predictedRank: { estimate: 1234, low: 900, high: 1700 },
    scorecardUrl: 'https://hiregate.example/scorecard?link=x&email=y',
    unsubscribeUrl: 'https://hiregate.example/score-alerts/unsubscribe?alert=r&token=t',
    oneClickUrl: 'https://hiregate.example/api/data/score-alerts/unsubscribe?alert=r&token=t',
  };

  it('tells old and new total, each question and why, the rank, where to look and how to stop', () => {
    const mail = renderScoreChangeMail(news);
    expect(mail.subject).toBe('Your CS 1 2026 score changed with the final key: 41⅔ → 44⅓');
    expect(mail.text).toContain('The final key of CS 1 2026 (18 Mar 2026, 10:00 IST) changed your marks.');
    expect(mail.text).toContain('Total marks: 41⅔ → 44⅓ (+2⅔)');
    expect(mail.text).toContain('Q12 (MCQ): Answer changed from B to C. Your marks: −⅔ → 2');
    expect(mail.text).toContain('Predicted rank: about 1,234 (likely between 900 and 1,700)');
    expect(mail.text).toContain(`See your updated scorecard: ${news.scorecardUrl}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${news.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // A name is whatever the sheet says: it goes into the HTML escaped.
    expect(mail.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(mail.html).toContain('href="https://hiregate.example/score-alerts/unsubscribe?alert=r&amp;token=t"');
  });

  it('says only the totals when the key the candidate last saw is unknown', () => {
    const mail = renderScoreChangeMail({ ...news, questions: [], predictedRank: null });
    expect(mail.text).toContain('The answer key changed since you last heard from us.');
    expect(mail.text).not.toContain('Predicted rank');
  });
});

describe('unsubscribe tokens', () => {
  it('open only the alert and address they were made for', () => {
    const token = signUnsubscribeToken(SECRET, 'r1', 'asha@example.com');
    expect(isUnsubscribeToken(SECRET, 'r1', 'asha@example.com', token)).toBe(true);
    expect(isUnsubscribeToken(SECRET, 'r2', 'asha@example.com', token)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'r1', 'other@example.com', token)).toBe(false);
    expect(isUnsubscribeToken('another-secret-0123456789abcdef', 'r1', 'asha@example.com', token)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'r1', 'asha@example.com', `${token}x`)).toBe(false);
    expect(isUnsubscribeToken(SECRET, 'r1', 'asha@example.com', '')).toBe(false);
  });
});

const QUESTIONS: PaperQuestion[] = [1, 2].map((number) => ({
  long_id: `10${number}`,
  short_id: number,
  name: 'GATE 2026 CS1',
  type: 'MCQ',
  marks: 2,
  question: `q${number}.png`,
  options: { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' },
}));

describe('score-change mails', () => {
  let built: BuiltStore;
  let store: Store;
  let smtp: SMTPServer;
  let received: string[];
  let mailer: Mailer | undefined;

  /** A real SMTP peer that refuses the first `refusals` recipients with `code`, then accepts. */
  async function startSmtp(refusals: number, code = 451) {
    let refused = 0;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refused++ < refusals) return callback(Object.assign(new Error('Try again later'), { responseCode: code }));
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  }

  beforeEach(async () => {
    received = [];
    built = await buildStore();
    store = built.store;
  });
  afterEach(async () => {
    vi.useRealTimers();
    mailer?.close();
    await built.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const queue = (alertId: string) =>
    store.alertMails.enqueue({
      alertId,
      resultId: alertId.split('.')[0]!,
      paperId: PAPER_SET,
      version: 4,
      newTotal: 44,
      to: `${alertId}@example.com`,
      subject: 'Your score changed',
      text: 'Total marks: 40 → 44',
      html: '<p>Total marks: 40 → 44</p>',
      headers: {},
    });
  const sender = async (refusals: number, code?: number) => {
    mailer = createMailer({
      smtpUrl: await startSmtp(refusals, code),
      from: 'HireGate <a@b.c>',
      logger,
      saveToOutbox: async () => {},
    });
    return createSender(store, mailer, memoryLimiters({ name: 'test', points: 100, windowMs: 1000 }), logger, {
      retryMs: 50,
      maxAttempts: 3,
    });
  };

  it('retries a mail the SMTP server put off, delivers it once, and records what the candidate was told', async () => {
    const alert = await store.scoreAlerts.subscribe({
      resultId: 'r1',
      email: 'r1@example.com',
      paperId: PAPER_SET,
      set: 'CS 1',
      toldTotal: 40,
      toldVersion: 2,
    });
    await queue(alert.id);
    const send = await sender(1);
    // The clock stands still while the first pass runs: on a loaded machine a pass can outlast the 50 ms retry delay,
    // and the pass would then take the put-off mail again and deliver it.
    vi.useFakeTimers({ toFake: ['Date'] });
    await send.sendDue();
    expect(received).toEqual([]);
    vi.setSystemTime(Date.now() + 60);
    await send.sendDue();
    await send.sendDue();
    expect(received).toEqual([`${alert.id}@example.com`]);
    expect(await store.alertMails.countByState()).toMatchObject({ sent: 1, pending: 0 });
    expect(await store.scoreAlerts.find(alert.id)).toMatchObject({ toldTotal: 44, toldVersion: 4 });
  });

  it('gives a refused mail up after its attempts', async () => {
    await queue('r2.0'); // an alert whose result is gone
    const send = await sender(10, 550);
    // Each retry falls due on the clock the sender reads (Date): moved past it, not waited out.
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let attempt = 0; attempt < 3; attempt++) {
      await send.sendDue();
      vi.setSystemTime(Date.now() + 50 * 2 ** attempt + 10);
    }
    expect(received).toEqual([]);
    expect(await store.alertMails.countByState()).toMatchObject({ failed: 1, pending: 0 });
  });

  it('plans a version only once the key is quiet and re-scored, and mails only totals that moved', async () => {
    const { questions: paper, keyed } = await buildKeyedPaper(store, QUESTIONS, { id: PAPER_SET });
    const provisional = keyed.version!;
    // Re-scoring is simulated below: the key changes only record and publish their versions.
    const keyChanges = createKeyChanges(store, { schedule: () => Promise.resolve() });
    const stored = async (candidate: string, responses: Record<string, string>, totalMarks: number) =>
      (
        await store.results.upsert(
          buildResult({
            candidateId: candidate,
            name: candidate,
            email: `${candidate}@example.com`,
            paperId: PAPER_SET,
            link: `https://cdn.digialm.com/${candidate}.html`,
            responses,
            totalMarks,
            finalMarks: totalMarks,
            negativeMarks: 0,
            normMarks: totalMarks,
            keyVersion: provisional.version,
          }),
        )
      ).id;
    const movedId = await stored('moved', { '101': 'A', '102': 'A' }, 4);
    const steadyId = await stored('steady', { '101': 'A', '102': 'C' }, 1.33);
    const alerts = [];
    for (const [id, total] of [
      [movedId, 4],
      [steadyId, 1.33],
    ] as const) {
      const subscribed = await store.scoreAlerts.subscribe({
        resultId: id,
        email: `${id}@example.com`,
        paperId: PAPER_SET,
        set: 'CS 1',
        toldTotal: total,
        toldVersion: provisional.version,
      });
      alerts.push(subscribed);
    }
    const [, steadyAlert] = alerts;
    // The final key changes Q2 from A to B; re-scoring (simulated here) moves the first total only.
    const final = (
      await keyChanges.apply(PAPER_SET, [{ questionId: paper[1]!.id, answerKey: 'B' }], {
        label: 'final',
        source: 'import',
      })
    ).version!;
    const version = final.version;
    await store.results.updateScores(movedId, { totalMarks: 1.33, keyVersion: version });
    await store.jobs.request(PAPER_SET);

    const planner = createPlanner(store, createCrowd(createMarksSnapshots(store), store.papers), {
      appOrigin: 'https://hiregate.example',
      secret: SECRET,
      quietMs: 60_000,
    });
    const at = (ms: number) => new Date(final.createdAt.getTime() + ms);
    expect(await planner.planDue(at(30_000))).toBe(0); // the key is not quiet yet
    expect(await planner.planDue(at(61_000))).toBe(0); // quiet, but re-scoring has not finished
    await store.jobs.claim('worker', 10_000);
    await store.jobs.finish(PAPER_SET, 'worker', { state: 'done' });
    expect(await planner.planDue(at(61_000))).toBe(1);
    // The steady result is not re-scored yet (a job asked for after this look): the version stays open for it.
    expect((await store.keyVersions.latest(PAPER_SET))?.alertsPlannedAt).toBeUndefined();
    await store.results.updateScores(steadyId, { keyVersion: version });
    expect(await planner.planDue(at(62_000))).toBe(0);
    expect((await store.keyVersions.latest(PAPER_SET))?.alertsPlannedAt).toEqual(at(62_000));
    expect(await planner.planDue(at(63_000))).toBe(0); // one mail per result and version

    const [mail] = await store.alertMails.claim('test', 1000, 10);
    expect(mail).toMatchObject({
      resultId: movedId,
      version: final.version,
      newTotal: 1.33,
      to: `${movedId}@example.com`,
    });
    expect(mail!.text).toContain('Total marks: 4 → 1⅓ (−2⅔)');
    expect(mail!.text).toContain('Q2 (MCQ): Answer changed from A to B. Your marks: 2 → −⅔');
    // The steady candidate heard nothing, and the next mail will count from this version.
    expect(await store.scoreAlerts.find(steadyAlert!.id)).toMatchObject({
      toldTotal: 1.33,
      toldVersion: final.version,
    });
  });
});
