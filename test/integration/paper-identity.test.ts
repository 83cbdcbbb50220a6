import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealVerification } from '../../api/access/scorecard-access';
import { demoSamples } from '../../api/demo';
import { itemAt } from '../../src/domain/lists';
import { adminCredentials, buildAdmin, buildPaper, rescoringDone } from '../support/builders';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import type { ImportKeyAnswer } from '../../src/contract';

/**
 * One paper, one key, one result: which paper a sheet is, which key scores it and whose result it is, as a new user
 * and an operator meet them. Each test starts a server and database of its own.
 */

const ADMIN = adminCredentials();

describe.each(STORE_LANES)('paper, key and result identities on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let mailbox: Mailbox;
  let lane: LaneStore;
  const opened: CheckerServer[] = [];

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    mailbox = await startMailbox();
    lane = await openLaneStore(mongo);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((server) => server.close()));
  });
  afterAll(async () => {
    await lane?.stop();
    await mailbox?.close();
    await fixtures?.close();
  });

  async function serverWith(env: Record<string, string>) {
    const server = await startCheckerServer({
      ...lane.env(`identity_${Math.random().toString(36).slice(2, 8)}`),
      RESPONSE_SHEET_HOSTS: fixtures.host,
      RESCORE_POLL_MS: '200',
      SCORE_ALERT_QUIET_MS: '0',
      ...env,
    });
    opened.push(server);
    await buildAdmin(server.store, ADMIN);
    return server;
  }

  /** This server's address of a demo sample sheet of CS 1. */
  const demoLink = (server: CheckerServer, index = 0) =>
    server.url +
    itemAt(
      demoSamples.filter((sample) => sample.testPaper === 'CS 1'),
      index,
    ).path;

  /** The device of `email` after it opened the mailed link for `link`: its access token. */
  async function verifiedDevice(server: CheckerServer, link: string, email: string): Promise<string> {
    const token = sealVerification(server.config.secret, { link }, email);
    const verified = await getJson(`${server.url}/api/data/verify?${new URLSearchParams({ token })}`);
    expect(verified.status).toBe(200);
    return verified.body.access as string;
  }

  const check = (server: CheckerServer, link: string, access?: string) =>
    postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1', access });

  it("uploading a demo sheet as a paper reuses the demo paper: the admin is told, and candidates' totals stay", async () => {
    const server = await serverWith({ DEMO: 'true', REQUIRE_EMAIL_VERIFICATION: 'false' });
    const candidate = demoLink(server, 1);
    const before = await check(server, candidate);
    expect(before.status).toBe(200);
    const stats = async () => (await getJson(`${server.url}/api/data/admin-stats`, ADMIN.headers)).body;
    const papersBefore = (await stats()).paperCount;

    // The README's new user: Upload Question Paper with a demo link, then save one answer.
    const uploaded = await postJson(`${server.url}/api/data/process`, { link: demoLink(server, 0) }, ADMIN.headers);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({
      paperId: 'CS1-2026-demo',
      outcome: 'existing',
      message: 'This is GATE 2026 CS 1 (demo), already here with 65 keys.',
    });
    const [first] = (uploaded.body.data as { data: Array<{ _id: string; answerKey: string }> }).data;
    const saved = await fetch(`${server.url}/api/data/update-answer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...ADMIN.headers },
      body: JSON.stringify({ _id: first!._id, answerKey: first!.answerKey }),
    });
    expect(saved.status).toBe(200);

    const after = await check(server, candidate);
    expect(after.body.totalScore).toEqual(before.body.totalScore);
    expect(after.body.response.filter((question) => question.obtained_marks === 'Not evaluated')).toEqual([]);
    expect((await stats()).paperCount).toBe(papersBefore);
  });

  it('a key change on a demo paper re-scores its stored results and mails a subscriber whose total moved, with no new check', async () => {
    const server = await serverWith({
      DEMO: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: mailbox.url,
      APP_ORIGIN: 'https://hiregate.example',
    });
    const link = demoLink(server, 0);
    const email = `demo.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const access = await verifiedDevice(server, link, email);
    const card = await check(server, link, access);
    expect(card.status).toBe(200);
    const subscribed = await fetch(`${server.url}/api/data/score-alerts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resultId: card.body.resultId, access, subscribed: true }),
    });
    expect(subscribed.status).toBe(200);

    // The administrator marks a question the candidate got right as having another answer.
    const right = card.body.response.find(
      (question) =>
        question.type === 'MCQ' && question.obtained_marks !== 'Not evaluated' && Number(question.obtained_marks) > 0,
    )!;
    const [stored] = await server.store.questions.findByLongIds([right.long_id]);
    const wrongKey = right.answerKey === 'A' ? 'B' : 'A';
    const edited = await fetch(`${server.url}/api/data/update-answer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...ADMIN.headers },
      body: JSON.stringify({ _id: stored!.id, answerKey: wrongKey }),
    });
    expect(edited.status).toBe(200);

    const mail = await mailbox.next(email, 30_000);
    const total = card.body.totalScore['Total Marks'];
    const result = await server.store.results.findById(card.body.resultId);
    expect(result!.totalMarks).toBeLessThan(total);
    expect(mail.body).toContain('GATE 2026 CS 1 (demo)');
    const stats = (await getJson(`${server.url}/api/data/admin-stats`, ADMIN.headers)).body as {
      rescoring: Array<{ paperId: string; state: string; rescored: number }>;
    };
    expect(stats.rescoring.find((job) => job.paperId === 'CS1-2026-demo')).toMatchObject({
      state: 'done',
      rescored: 1,
    });
  }, 60_000);

  it('stores three ways of writing one link as one result, counted once', async () => {
    const server = await serverWith({ REQUIRE_EMAIL_VERIFICATION: 'false' });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    const link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
    const variants = [link, `${link}?dup=1`, `${link}#again`, link.replace('/per/', '//per/')];
    const ids = new Set<string>();
    for (const variant of variants) {
      const card = await check(server, variant);
      expect(card.status).toBe(200);
      ids.add(card.body.resultId);
    }
    expect(ids.size).toBe(1);
    expect(await server.store.results.count()).toBe(1);
    expect(await server.store.results.countByPaper('CS1-2026')).toBe(1);
    const [resultId] = [...ids];
    expect((await getJson(`${server.url}/api/data/get-rank/${resultId}/CS%201`)).body).toMatchObject({
      totalParticipants: 1,
    });
    expect((await getJson(`${server.url}/api/data/distribution/CS1-2026`)).body).toMatchObject({ count: 1 });
  });

  it('lets two addresses verify one link, each with its own alerts, neither seeing the other', async () => {
    const server = await serverWith({
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SMTP_URL: mailbox.url,
      APP_ORIGIN: 'https://hiregate.example',
    });
    const { paper } = await buildPaper(server.store, 'cs1-2026', fixtures);
    await rescoringDone(server.store);
    const link = itemAt(sheetLinks('cs1-2026', fixtures), 2);
    const story = Math.random().toString(36).slice(2, 8);
    const [owner, parent] = [`owner.${story}@example.com`, `parent.${story}@example.com`];
    const ownerDevice = await verifiedDevice(server, link, owner);
    const parentDevice = await verifiedDevice(server, link, parent);
    const card = await check(server, link, ownerDevice);
    expect((await check(server, link, parentDevice)).body.resultId).toBe(card.body.resultId);
    const status = (access?: string) =>
      postJson(`${server.url}/api/data/score-alerts/status`, { resultId: card.body.resultId, access });
    const alerts = async (access: string, subscribed?: boolean) => {
      if (subscribed !== undefined) {
        const set = await fetch(`${server.url}/api/data/score-alerts`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ resultId: card.body.resultId, access, subscribed }),
        });
        expect(set.status).toBe(200);
      }
      return status(access);
    };

    expect((await alerts(ownerDevice, true)).body).toEqual({
      available: true,
      subscribed: true,
      email: 'ow…@example.com',
    });
    // The parent's device sees only its own address, not subscribed, and nothing of the owner's.
    expect((await alerts(parentDevice)).body).toEqual({ available: true, subscribed: false, email: 'pa…@example.com' });
    // A device holding neither proof learns nothing at all.
    expect((await status()).body).toEqual({ available: false, subscribed: false, email: null });
    expect((await alerts(parentDevice, true)).body).toMatchObject({ subscribed: true });

    // A key change that moves this candidate's total mails each address once, to itself.
    const right = card.body.response.find(
      (question) => question.type === 'MCQ' && Number(question.obtained_marks) > 0 && question.answerKey !== 'MTA',
    )!;
    const [stored] = await server.store.questions.findByLongIds([right.long_id]);
    await postJson(
      `${server.url}/api/data/import-key`,
      { paperId: paper.id, keys: { [right.long_id]: right.answerKey === 'A' ? 'B' : 'A' }, label: 'final' },
      ADMIN.headers,
    );
    expect(stored).toBeDefined();
    const [ownerMail, parentMail] = await Promise.all([mailbox.next(owner, 30_000), mailbox.next(parent, 30_000)]);
    expect(ownerMail.to).toEqual([owner]);
    expect(parentMail.to).toEqual([parent]);
  }, 60_000);

  it('never scores with a partial key: the check says how far the key is, and the paper is not live', async () => {
    const server = await serverWith({ REQUIRE_EMAIL_VERIFICATION: 'false' });
    const { paper, key, questions } = await buildPaper(server.store, 'cs1-2026', fixtures, { keyed: 1 });
    const link = itemAt(sheetLinks('cs1-2026', fixtures), 1);
    const partial = await check(server, link);
    expect(partial.status).toBe(409);
    expect(partial.body).toEqual({
      code: 'KEY_INCOMPLETE',
      message: 'The answer key for GATE 2026 CS 1 is not complete yet (1 of 65 questions). Please check again later.',
    });
    expect(await server.store.results.count()).toBe(0);
    const stats = (await getJson(`${server.url}/api/data/admin-stats`, ADMIN.headers)).body as {
      papers: Array<{ id: string; live: boolean; keyed: number; questions: number }>;
    };
    expect(stats.papers).toEqual([expect.objectContaining({ id: paper.id, live: false, keyed: 1, questions: 65 })]);

    const imported = await postJson(
      `${server.url}/api/data/import-key`,
      { paperId: paper.id, keys: key },
      ADMIN.headers,
    );
    expect(imported.body).toMatchObject({ applied: questions.length - 1 });
    // The key just became whole: a check that names its version gets it at once from any instance.
    const { version } = (imported.body as unknown as ImportKeyAnswer).keyVersion!;
    const whole = await postJson(`${server.url}/api/data/generate-response`, {
      link,
      testPaper: 'CS 1',
      minKeyVersion: version,
    });
    expect(whole.status).toBe(200);
    expect(whole.body.response.some((question) => question.obtained_marks === 'Not evaluated')).toBe(false);
  });
});
