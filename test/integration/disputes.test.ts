import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disputeAppliedAnswer,
  disputesAnswer,
  type DisputeAppliedAnswer,
  type DisputesAnswer,
  type KeyVersionsAnswer,
} from '../../src/contract';
import { itemAt } from '../../src/domain/lists';
import { rescoringDone } from '../support/builders';
import { DISPUTED, DISPUTED_ID, startDisputeStory, type DisputeStory } from '../support/dispute-story';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { postJson, sheetLinks, verifiedDevice, type CheckerServer } from './checker-harness';

/**
 * Disputed answers through the API (issue 46): a CS 1 paper whose provisional key gets Q15 wrong (A, where the right
 * answer is D), 50 candidates fetched from the portal plus the one who checks, 51 in all as in the issue. Each test
 * starts its own server and store.
 */

const { paperId: PAPER_ID, keyed: KEYED, right: RIGHT } = DISPUTED;
const CANDIDATE = 4;
const EMAIL = 'candidate4@example.com';

describe('disputed answers', () => {
  let fixtures: FixtureServer;
  const servers: CheckerServer[] = [];

  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await fixtures?.close();
  });

  async function story({
    crowd = 50,
    uploadedCrowd = 0,
    verification = false,
  }: { crowd?: number; uploadedCrowd?: number; verification?: boolean } = {}): Promise<DisputeStory> {
    const built = await startDisputeStory(fixtures, {
      crowd,
      uploadedCrowd,
      env: { REQUIRE_EMAIL_VERIFICATION: String(verification) },
    });
    servers.push(built.server);
    return built;
  }

  /** The fixture candidate checks by link, as the score checker does: their result is stored. */
  async function check({ server, url }: DisputeStory, access?: string) {
    const link = itemAt(sheetLinks('cs1-2026', fixtures), CANDIDATE);
    const answer = await postJson(url('/api/data/generate-response'), { link, testPaper: 'CS 1', access });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const ownAnswer = answer.body.response.find((question) => question.long_id === DISPUTED_ID)!.response_given.trim();
    return { resultId: answer.body.resultId, total: answer.body.totalScore['Total Marks'], ownAnswer, link, server };
  }

  const paperDisputes = async ({ url, admin }: DisputeStory) => {
    const response = await fetch(url(`/api/data/disputes?paperId=${PAPER_ID}`), { headers: admin.headers });
    return { status: response.status, body: (await response.json()) as DisputesAnswer };
  };
  const scorecardDisputes = async (
    { url }: DisputeStory,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const answer = await postJson(url('/api/data/disputes/scorecard'), body, headers);
    return { status: answer.status, body: answer.body as unknown as DisputesAnswer & { code?: string } };
  };

  it("names Q15 for the admin, with the strong candidates' answer, its share and the counts behind it", async () => {
    const built = await story();
    await check(built);
    const { status, body } = await paperDisputes(built);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      paperId: PAPER_ID,
      state: 'listed',
      trustedResults: 51,
      ignoredResults: 0,
      minTrustedResults: 21,
    });
    expect(body.keyVersion).toMatchObject({ version: 1, label: 'provisional' });
    expect(body.disputes.map((dispute) => [dispute.number, dispute.key, dispute.answer])).toEqual([
      ['15', KEYED, RIGHT],
    ]);
    const [dispute] = body.disputes;
    expect(dispute!.counts.strong).toBeGreaterThanOrEqual(20);
    expect(dispute!.counts.choseAnswer).toBeGreaterThan(dispute!.counts.choseKey * 2);
    expect(dispute!.share).toBeCloseTo(dispute!.counts.choseAnswer / dispute!.counts.answered, 10);
    expect(body.challengeWindow).toEqual({ closes: '2026-02-28', source: 'zeenews-2026-challenge' });
    expect(dispute).not.toHaveProperty('yours');
  });

  it('gives the candidate their own answer and the total they would have were the key moved to D', async () => {
    const built = await story();
    const own = await check(built);
    const { status, body } = await scorecardDisputes(built, { resultId: own.resultId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'listed', resultId: own.resultId, counted: true, total: own.total });
    // The published answer shape, strictly: nothing it does not list, nothing it promises missing.
    await expect(disputesAnswer.validate(body, { strict: true })).resolves.toBeDefined();
    const [dispute] = body.disputes;
    // A one-mark MCQ: +1 when right, −1/3 when wrong, 0 when left.
    const marks = (answer: string | null, key: string) => (answer === null ? 0 : answer === key ? 1 : -1 / 3);
    const answer = own.ownAnswer === '--' ? null : own.ownAnswer;
    expect(dispute!.yours?.answer ?? null).toBe(answer);
    expect(dispute!.yours!.total).toBeCloseTo(own.total - marks(answer, KEYED) + marks(answer, RIGHT), 2);
  });

  it('asks a device that verified no address for the result to verify first, and answers the one that did', async () => {
    const built = await story({ verification: true });
    const link = itemAt(sheetLinks('cs1-2026', fixtures), CANDIDATE);
    const access = await verifiedDevice(built.server, link, EMAIL);
    const own = await check(built, access);
    const stranger = await scorecardDisputes(built, { resultId: own.resultId });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('VERIFICATION_REQUIRED');
    expect((await scorecardDisputes(built, { resultId: own.resultId, access })).status).toBe(200);
    expect((await scorecardDisputes(built, { resultId: own.resultId }, built.admin.headers)).status).toBe(200);
    const unknown = await scorecardDisputes(built, { resultId: 'no-such-result', access });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('disputes nothing from uploads the portal never confirmed, however many agree', async () => {
    const built = await story({ crowd: 19, uploadedCrowd: 60 });
    await check(built);
    const { body } = await paperDisputes(built);
    expect(body).toMatchObject({ state: 'too-few-results', trustedResults: 20, ignoredResults: 60, disputes: [] });
  });

  it('says there is nothing to look at before any trusted result', async () => {
    const built = await story({ crowd: 0 });
    const { body } = await paperDisputes(built);
    expect(body).toMatchObject({ state: 'too-few-results', trustedResults: 0, questionsTested: 0, disputes: [] });
  });

  it('keeps the list to administrators, and refuses a paper it does not hold', async () => {
    const built = await story({ crowd: 0 });
    const anonymous = await fetch(built.url(`/api/data/disputes?paperId=${PAPER_ID}`));
    expect(anonymous.status).toBe(401);
    const missing = await fetch(built.url('/api/data/disputes?paperId=XX-2026'), { headers: built.admin.headers });
    expect(missing.status).toBe(404);
    const unnamed = await fetch(built.url('/api/data/disputes'), { headers: built.admin.headers });
    expect([unnamed.status, ((await unnamed.json()) as { code: string }).code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('applies Q15 as a key change: a new key version, re-scoring that moves the total, and no dispute left', async () => {
    const built = await story();
    const own = await check(built);
    const before = (await scorecardDisputes(built, { resultId: own.resultId })).body.disputes[0]!;
    const apply = (body: Record<string, unknown>, headers: Record<string, string> = built.admin.headers) =>
      postJson(built.url('/api/data/disputes/apply'), { paperId: PAPER_ID, questionId: DISPUTED_ID, ...body }, headers);

    expect((await apply({ answer: RIGHT, keyVersion: 1 }, {})).status).toBe(401);
    const stale = await apply({ answer: RIGHT, keyVersion: 2 });
    expect([stale.status, stale.body.code]).toEqual([409, 'KEY_MOVED']);
    const other = await apply({ answer: 'B', keyVersion: 1 });
    expect([other.status, other.body.code]).toEqual([409, 'NO_LONGER_DISPUTED']);

    const applied = await apply({ answer: RIGHT, keyVersion: 1 });
    expect(applied.status).toBe(200);
    await expect(disputeAppliedAnswer.validate(applied.body, { strict: true })).resolves.toBeDefined();
    expect(applied.body as unknown as DisputeAppliedAnswer).toMatchObject({
      message: 'Q15 is now keyed D. Stored results are being re-scored.',
      keyVersion: { version: 2, label: 'Dispute Q15: D' },
    });
    const versions = await fetch(built.url(`/api/data/key-versions?paperId=${PAPER_ID}`), {
      headers: built.admin.headers,
    });
    expect(((await versions.json()) as KeyVersionsAnswer).versions[0]).toMatchObject({
      version: 2,
      source: 'dispute',
      changedQuestions: 1,
    });

    await rescoringDone(built.server.store);
    const stored = await built.server.store.results.findById(own.resultId);
    expect(stored!.totalMarks).toBeCloseTo(before.yours!.total, 2);
    const after = await scorecardDisputes(built, { resultId: own.resultId });
    expect(after.body).toMatchObject({ state: 'listed', keyVersion: { version: 2 }, disputes: [] });
    expect(after.body.total).toBeCloseTo(before.yours!.total, 2);
    const again = await apply({ answer: RIGHT, keyVersion: 2 });
    expect([again.status, again.body.code]).toEqual([409, 'NO_LONGER_DISPUTED']);
  });

  it('stops listing once a key named final is published: the challenge window is over', async () => {
    const built = await story();
    const final = await postJson(
      built.url('/api/data/import-key'),
      { paperId: PAPER_ID, keys: { [DISPUTED_ID]: RIGHT }, label: 'final' },
      built.admin.headers,
    );
    expect(final.status).toBe(200);
    const { body } = await paperDisputes(built);
    expect(body).toMatchObject({ state: 'final-key', keyVersion: { label: 'final' } });
  });

  it('publishes the three calls in the OpenAPI document with their answer shape', async () => {
    const built = await story({ crowd: 0 });
    const document = (await (await fetch(built.url('/api/openapi.json'))).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    for (const [path, method] of [
      ['/api/data/disputes', 'get'],
      ['/api/data/disputes/scorecard', 'post'],
      ['/api/data/disputes/apply', 'post'],
    ] as const) {
      const schema = JSON.stringify(document.paths[path]?.[method]?.responses['200']?.content?.['application/json']);
      expect(schema, path).toContain(path.endsWith('apply') ? '"keyVersion"' : '"challengeWindow"');
    }
  });
});
