import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { applyKey, buildPaper } from '../support/builders';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { fixtureSets, readFixtureJson, readFixtureText, FIXTURE_ORIGIN, type FixtureSet } from '../support/fixtures';
import { getJson, postJson, sheetLinks, startCheckerServer, type CheckerServer } from './checker-harness';
import type { ExpectedCandidate } from '../support/fixture-expectations';
import { itemAt } from '../../src/domain/lists';

const expectedOf = (set: FixtureSet) =>
  readFixtureJson<{ candidates: ExpectedCandidate[] }>(set, 'expected.json').candidates;

/** The fixtures write MSQ answers 'A;C'; the scorecard writes master letters 'A,C'. */
const sameResponse = (given: string, expected: string | number | null) =>
  expected === null
    ? given === ' -- '
    : given.split(',').sort().join(';') === String(expected).split(';').sort().join(';');

// Asymmetric matchers are typed `any`; held as unknown they cannot leak into typed code.
const aNumber: unknown = expect.any(Number);
const aString: unknown = expect.any(String);

describe.each(STORE_LANES)('checker scorecards on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let server: CheckerServer;
  const testPapers = new Map<FixtureSet, string>();
  /** A checker on this lane's store kind with its own data (a database of its own on MongoDB). */
  const startLaneServer = (database: string) =>
    startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      ...laneStore.env(database),
    });

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    server = await startLaneServer('checker');
    for (const set of fixtureSets) testPapers.set(set, (await buildPaper(server.store, set, fixtures)).testPaper);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await laneStore?.stop();
    await fixtures?.close();
  });

  it.each([...fixtureSets])('scores every %s candidate from the link exactly as expected.json says', async (set) => {
    const links = sheetLinks(set, fixtures);
    const expected = expectedOf(set);
    for (const [index, link] of links.entries()) {
      const want = itemAt(expected, index);
      const { status, body } = await postJson(`${server.url}/api/data/generate-response`, {
        link,
        testPaper: testPapers.get(set),
      });
      expect(status, `${want.candidateId}: ${body.message}`).toBe(200);
      expect(body.message).toBe('Scorecard generated successfully');
      expect(body.testPaper).toBe(testPapers.get(set));
      expect(body.candidate).toEqual({ id: want.candidateId, name: want.name });
      expect(body.totalScore).toEqual({
        Attempts: want.attempts,
        'Incorrect Attempts': want.incorrectAttempts,
        'Final Marks': want.positiveMarks,
        'Negative Marks': want.negativeMarks,
        'Total Marks': want.totalMarks,
      });
      expect(body.response).toHaveLength(Object.keys(want.questions).length);
      for (const question of body.response) {
        const where = `${want.candidateId} Q${question.short_id}`;
        const truth = want.questions[question.long_id];
        assert.isDefined(truth, `${where} is in expected.json`);
        expect(sameResponse(question.response_given, truth.response), `${where} response`).toBe(true);
        expect(question.answerKey, `${where} key`).toBe(truth.key);
        expect(question.status, `${where} status`).toBe(truth.status);
        expect(question.obtained_marks, `${where} marks`).toBeCloseTo(truth.obtainedMarks, 2);
      }
      expect(body.prediction_data).toMatchObject({
        normMarks: aNumber,
        score: aNumber,
        estimatedRank: aNumber,
        rankRange: [aNumber, aNumber],
        method: aString,
      });
      expect(body.resultId).toEqual(aString);
    }
  });

  it('stores one result per paper and candidate with the response vector in master letters and no photo or link hash', async () => {
    const want = itemAt(expectedOf('da-2025'), 0);
    const link = itemAt(sheetLinks('da-2025', fixtures), 0);
    const { body } = await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'DA' });
    const again = await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'DA' });
    expect(again.body.resultId).toBe(body.resultId);
    const stored = await server.store.results.findById(body.resultId);
    assert.exists(stored);
    expect(stored).toMatchObject({
      candidateId: want.candidateId,
      name: want.name,
      set: 'DA',
      totalMarks: want.totalMarks,
      finalMarks: want.positiveMarks,
      negativeMarks: want.negativeMarks,
      attempts: want.attempts,
      isVerified: false,
    });
    expect(stored.resultKey).toBe(`${stored.paperId} ${want.candidateId}`);
    expect(stored.paperId).toBe('DA-2025');
    for (const [longId, truth] of Object.entries(want.questions)) {
      const kept = stored.responses[longId] ?? '';
      expect(truth.response === null ? kept === '' : sameResponse(kept, truth.response), longId).toBe(true);
    }
    expect(JSON.stringify(stored)).not.toMatch(/data:image|base64/);
  });

  it('gives the same scorecard for the uploaded saved page as for the link', async () => {
    const set: FixtureSet = 'cs1-2026';
    const link = itemAt(sheetLinks(set, fixtures), 0);
    const byLink = await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });
    const html = readFixtureText(set, `sheets/${itemAt(expectedOf(set), 0).candidateId}.html`).replaceAll(
      FIXTURE_ORIGIN,
      fixtures.origin,
    );
    const response = await fetch(`${server.url}/api/data/upload-response?testPaper=CS%201&email=a%40b.in`, {
      method: 'POST',
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: html,
    });
    const byUpload = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(byUpload.response).toEqual(byLink.body.response);
    expect(byUpload.totalScore).toEqual(byLink.body.totalScore);
    // The same marks, but a result of its own: an uploaded page never replaces the link's fetched result.
    expect(byUpload.resultId).not.toBe(byLink.body.resultId);
    expect(byUpload.prediction_data).toEqual(byLink.body.prediction_data);
  });

  it('ranks each stored result among its paper by marks and counts the participants', async () => {
    const expected = expectedOf('cs1-2026');
    const links = sheetLinks('cs1-2026', fixtures);
    // Every candidate checks first (a check of a stored link keeps its result), then each asks for a rank.
    const resultIds: string[] = [];
    for (const link of links) {
      const { body } = await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });
      resultIds.push(body.resultId);
    }
    for (const [index, resultId] of resultIds.entries()) {
      const rank = await getJson(`${server.url}/api/data/get-rank/${resultId}/${encodeURIComponent('CS 1')}`);
      const own = itemAt(expected, index);
      const better = expected.filter((other) => other.totalMarks > own.totalMarks).length;
      expect(rank).toEqual({
        status: 200,
        body: { rank: better + 1, totalParticipants: expected.length, counted: true },
      });
    }
    // An uploaded page is ranked among them as one more, without joining the results checked here.
    const own = itemAt(expected, 0);
    const upload = await fetch(`${server.url}/api/data/upload-response?testPaper=CS%201`, {
      method: 'POST',
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: readFixtureText('cs1-2026', `sheets/${own.candidateId}.html`).replaceAll(FIXTURE_ORIGIN, fixtures.origin),
    });
    const { resultId: uploadId } = (await upload.json()) as { resultId: string };
    expect(await getJson(`${server.url}/api/data/get-rank/${uploadId}/${encodeURIComponent('CS 1')}`)).toEqual({
      status: 200,
      body: {
        rank: expected.filter((other) => other.totalMarks > own.totalMarks).length + 1,
        totalParticipants: expected.length + 1,
        counted: false,
      },
    });
    const distribution = await getJson(`${server.url}/api/data/distribution/${encodeURIComponent('CS 1')}`);
    expect(distribution.status).toBe(200);
    expect(distribution.body.count).toBe(expected.length);
    const bins = distribution.body.bins as Array<{ from: number; to: number; count: number }>;
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(expected.length);
    for (const candidate of expected) {
      const bin = bins.find((b) => candidate.totalMarks >= b.from && candidate.totalMarks < b.to);
      expect(bin, `bar for ${candidate.totalMarks}`).toBeDefined();
    }
  });

  // On a server of its own: the link is checked here first, so no scorecard made a moment ago answers for it.
  it('says where each scorecard came from: the portal, an uploaded page, and that page once its link agreed', async () => {
    const own = await startLaneServer('provenance');
    try {
      await buildPaper(own.store, 'cs1-2026', fixtures);
      const want = itemAt(expectedOf('cs1-2026'), 1);
      const html = readFixtureText('cs1-2026', `sheets/${want.candidateId}.html`).replaceAll(
        FIXTURE_ORIGIN,
        fixtures.origin,
      );
      const upload = await fetch(`${own.url}/api/data/upload-response?testPaper=CS%201`, {
        method: 'POST',
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: html,
      });
      const uploaded = (await upload.json()) as { resultId: string; provenance: unknown };
      expect(uploaded.provenance).toBe('uploaded');
      const stored = () => postJson(`${own.url}/api/data/scorecard`, { resultId: uploaded.resultId });
      expect((await stored()).body.provenance).toBe('uploaded');

      const link = itemAt(sheetLinks('cs1-2026', fixtures), 1);
      const byLink = await postJson(`${own.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });
      expect(byLink.body.provenance).toBe('portal');
      expect(
        (await postJson(`${own.url}/api/data/scorecard`, { resultId: byLink.body.resultId })).body.provenance,
      ).toBe('portal');
      // The portal gave the same responses: the upload's scorecard says it is confirmed now.
      expect((await stored()).body.provenance).toBe('confirmed');
    } finally {
      await own.close();
    }
  });

  // On a server of its own: changing a key of the shared CS 1 paper would change every other test's marks.
  it('scores a repeat check against a changed answer key at once, naming the new key version', async () => {
    const own = await startLaneServer('changed-key');
    try {
      const { paper } = await buildPaper(own.store, 'cs1-2026', fixtures);
      const want = itemAt(expectedOf('cs1-2026'), 0);
      const link = itemAt(sheetLinks('cs1-2026', fixtures), 0);
      const check = () => postJson(`${own.url}/api/data/generate-response`, { link, testPaper: 'CS 1' });
      const before = await check();
      expect(before.body.totalScore['Total Marks']).toBe(want.totalMarks);
      const rightMcq = before.body.response.find(
        (question) => question.type === 'MCQ' && question.obtained_marks === 2 && question.answerKey !== 'MTA',
      );
      assert.isDefined(rightMcq, 'a rightly answered MCQ');
      const wrongKey = rightMcq.answerKey === 'A' ? 'B' : 'A';
      const { version } = await applyKey(own.store, paper, { [rightMcq.long_id]: wrongKey }, 'Edited');
      // The client was told of the new version (GET /key-version) and asks for at least it: no wait for any cache.
      const after = await postJson(`${own.url}/api/data/generate-response`, {
        link,
        testPaper: 'CS 1',
        minKeyVersion: version!.version,
      });
      expect(after.body.keyVersion).toMatchObject({ version: version!.version, label: 'Edited' });
      // The right answer (+2 = 6 thirds) became a wrong one (−2/3 = −2 thirds).
      const expectedTotal = (want.exact.totalThirds - 8) / 3;
      expect(after.body.totalScore['Total Marks']).toBeCloseTo(expectedTotal, 2);
      expect(after.body.resultId).toBe(before.body.resultId);
      const result = await own.store.results.findById(after.body.resultId);
      expect(result?.totalMarks).toBeCloseTo(expectedTotal, 2);
    } finally {
      await own.close();
    }
  });
});
