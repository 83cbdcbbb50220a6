import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemAt } from '../../../src/domain/lists';
import { buildPaper } from '../../../test/support/builders';
import { startFixtureServer, type FixtureServer } from '../../../test/support/fixture-server';
import { STORE_LANES, openLaneStore, type LaneStore } from '../../../test/support/store-lanes';
import {
  postJson,
  sheetLinks,
  startCheckerServer,
  verifiedDevice,
  type CheckerServer,
} from '../../../test/integration/checker-harness';
import { OFFICIAL_RESULT_MESSAGES } from '../../../src/domain/validation/official-result';
import type { OfficialResultAnswer } from '../../../src/contract';

const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#Pass1' };
const asAdmin = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

interface Answer {
  message?: string;
  code?: string;
  available?: boolean;
  report?: OfficialResultAnswer | null;
}

describe.each(STORE_LANES)('official results added to saved scorecards, on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let server: CheckerServer;
  /** Candidates' checks of CS 1 2026, each from a device verified for its own sheet: one per test, so any order passes. */
  const checks: { resultId: string; access: string; rank: number; rankRange: [number, number]; score: number }[] = [];

  const call = async (route: string, body: Record<string, unknown>) => {
    const { status, body: answer } = await postJson(`${server.url}/api/data/official-results${route}`, body);
    return { status, body: answer as unknown as Answer };
  };

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...laneStore.env('official-results'),
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    for (const [index, link] of sheetLinks('cs1-2026', fixtures).slice(0, 4).entries()) {
      const access = await verifiedDevice(server, link, `candidate${index}@example.com`);
      const { body } = await postJson(`${server.url}/api/data/generate-response`, { link, testPaper: 'CS 1', access });
      const prediction = body.prediction_data as { estimatedRank: number; rankRange: [number, number]; score: number };
      checks.push({ resultId: body.resultId, access, ...prediction, rank: prediction.estimatedRank });
    }
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    await laneStore?.stop();
    await fixtures?.close();
  });

  it('adds a typed result from a verified device once, and reads back predicted against actual', async () => {
    const { resultId, access, rank, rankRange, score } = itemAt(checks, 0);
    expect((await call('/status', { resultId, access })).body).toEqual({
      available: true,
      report: null,
      opensOn: null,
    });

    const actualRank = Math.round(rank * 1.5);
    const added = await call('', { resultId, access, rank: actualRank, score, consent: true });
    expect(added.status).toBe(201);
    expect(added.body.report).toMatchObject({
      resultId,
      testPaper: 'CS 1',
      year: 2026,
      source: 'typed',
      actual: { rank: actualRank, score, marks: null },
      predicted: { rank, rankRange, score },
      rankRatioError: Math.round((actualRank / rank) * 100) / 100,
      insideRange: actualRank >= rankRange[0] && actualRank <= rankRange[1],
    });
    expect((await call('/status', { resultId, access })).body.report).toEqual(added.body.report);

    const again = await call('', { resultId, access, rank, score, consent: true, source: 'pdf' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: 'This result already has an official result: one per result.',
    });
    expect((await server.store.officialReports.findByResult(resultId))?.rank).toBe(actualRank);
  });

  it('refuses a device that did not verify an address for the result, and keeps nothing without consent', async () => {
    const { resultId, rank, score } = itemAt(checks, 1);
    const otherDevice = itemAt(checks, 0).access;
    expect((await call('/status', { resultId, access: otherDevice })).body).toEqual({
      available: false,
      report: null,
      opensOn: null,
    });
    const unverified = await call('', { resultId, access: otherDevice, rank, score, consent: true });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      message: 'Verify your email address before adding an official result.',
    });
    const noConsent = await call('', { resultId, access: itemAt(checks, 1).access, rank, score });
    expect(noConsent).toMatchObject({ status: 400, body: { message: OFFICIAL_RESULT_MESSAGES.consent } });
    expect(await server.store.officialReports.findByResult(resultId)).toBeNull();
  });

  it('keeps an AIR far from what earlier years give its marks for review, never refusing it for that', async () => {
    const { resultId, access, rankRange, score } = itemAt(checks, 2);
    const far = rankRange[1] * 6;
    const kept = await call('', { resultId, access, rank: far, score, consent: true });
    expect(kept.status).toBe(201);
    expect(kept.body.report).toMatchObject({
      actual: { rank: far },
      provenance: 'portal',
      documentChecked: false,
      standing: { state: 'review' },
    });
    // Kept, but it counts for next to nothing in anyone else's rank.
    expect(kept.body.report!.standing.weight).toBeLessThan(0.05);
    expect(await server.store.officialReports.findByResult(resultId)).toMatchObject({
      rank: far,
      provenance: 'portal',
    });
  });

  it('shows the administrator how many official results came in and how the predictions did', async () => {
    const { resultId, access, rank, score } = itemAt(checks, 3);
    expect((await call('', { resultId, access, rank, score, consent: true })).status).toBe(201);
    const stats = await fetch(`${server.url}/api/data/admin-stats`, { headers: { Authorization: asAdmin } });
    const { officialResults } = (await stats.json()) as { officialResults: Record<string, number> };
    // Whatever other tests added too: the median of how far each predicted AIR was off, and the share inside.
    const reports = await server.store.officialReports.list();
    const errors = reports
      .map((r) => Math.max(r.rank / r.predicted.rank, r.predicted.rank / r.rank))
      .sort((a, b) => a - b);
    const middle = errors.length / 2;
    const inside = reports.filter((r) => r.rank >= r.predicted.rankRange[0] && r.rank <= r.predicted.rankRange[1]);
    expect(officialResults).toEqual({
      reports: reports.length,
      medianRatioError: Number.isInteger(middle)
        ? (errors[middle - 1]! + errors[middle]!) / 2
        : errors[Math.floor(middle)],
      insideRange: inside.length / reports.length,
    });
    expect(reports.map((r) => r.resultId)).toContain(resultId);
  });
});
