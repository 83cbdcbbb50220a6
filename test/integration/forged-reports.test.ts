import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/access/scorecard-access';
import { buildPaper } from '../support/builders';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server';
import { FIXTURE_ORIGIN, readFixtureJson, readFixtureText } from '../support/fixtures';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';
import { postJson, sheetLinks, startCheckerServer, verifiedDevice, type CheckerServer } from './checker-harness';
import type { OfficialResultAnswer, OfficialResultReviewAnswer } from '../../src/contract';

const ADMIN = { email: 'admin@hiregate.test', password: 'Admin#Pass1' };
const asAdmin = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;
const METRICS_TOKEN = 'forged-reports-metrics-0123';
/** The default day's limit of official results per network. */
const REPORTS_PER_NETWORK = 20;

interface Prediction {
  estimatedRank: number;
  rankRange: [number, number];
  score: number;
  method?: string;
}

/**
 * The attack of issue 41, replayed: a forger uploads saved pages of one demo sheet with other candidate ids, verifies
 * each with a throwaway address and reports an AIR 4.5 times the top of its range, first 15 from one network, then
 * 100 more from that network and 100 from as many networks. Honest, link-checked candidates must not notice.
 */
describe.each(STORE_LANES)('forged official results, on the $lane', ({ mongo }) => {
  let fixtures: FixtureServer;
  let laneStore: LaneStore;
  let server: CheckerServer;
  const honest: { resultId: string; access: string; address: string; before: Prediction }[] = [];
  const forged: string[] = [];
  let forgedSheet: string;
  let forgedFrom: string;
  let forgedRank: number;
  let forgedScore: number;

  const from = (address: string) => ({ 'x-forwarded-for': address });

  /** One forged report: an edited saved page uploaded, verified with a throwaway address, and its AIR reported. */
  async function forge(serial: number, address: string) {
    const candidateId = `CS26S4${9_000_000 + serial}`;
    const upload = await fetch(`${server.url}/api/data/upload-response?testPaper=CS%201`, {
      method: 'POST',
      headers: { 'content-type': 'text/html; charset=utf-8', ...from(address) },
      body: forgedSheet.replaceAll(forgedFrom, candidateId),
    });
    if (upload.status === 429) return { status: 429, message: ((await upload.json()) as { message: string }).message };
    expect(upload.status).toBe(403);
    const { upload: uploadId } = (await upload.json()) as { upload: string };
    const email = `throwaway${serial}@example.com`;
    await server.store.verifications.markVerified(`upload:${uploadId}`, email);
    const access = signAccessToken(server.config.secret, email);
    const report = await postJson(
      `${server.url}/api/data/official-results`,
      { resultId: uploadId, access, rank: forgedRank, score: forgedScore, consent: true },
      from(address),
    );
    if (report.status === 201) forged.push(uploadId);
    return { status: report.status, message: report.body.message, report: report.body.report };
  }

  /** What an honest candidate's scorecard predicts now (the stored result scored again, never a cached answer). */
  async function predictionOf({ resultId, access, address }: (typeof honest)[number]): Promise<Prediction> {
    const { status, body } = await postJson(`${server.url}/api/data/scorecard`, { resultId, access }, from(address));
    expect(status).toBe(200);
    return body.prediction_data as unknown as Prediction;
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    laneStore = await openLaneStore(mongo);
    server = await startCheckerServer({
      RESPONSE_SHEET_HOSTS: fixtures.host,
      REQUIRE_EMAIL_VERIFICATION: 'true',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN,
      ...laneStore.env('forged-reports'),
    });
    await buildPaper(server.store, 'cs1-2026', fixtures);
    // Twelve honest candidates, each checked by link from their own device and network.
    for (const [index, link] of sheetLinks('cs1-2026', fixtures).entries()) {
      const address = `198.51.${index}.20`;
      const access = await verifiedDevice(server, link, `honest${index}@example.com`);
      const { status, body } = await postJson(
        `${server.url}/api/data/generate-response`,
        { link, testPaper: 'CS 1', access },
        from(address),
      );
      expect(status).toBe(200);
      honest.push({
        resultId: body.resultId,
        access,
        address,
        before: body.prediction_data as unknown as Prediction,
      });
    }
    const [sheet] = readFixtureJson<{ sheets: { candidateId: string }[] }>('cs1-2026', 'urls.json').sheets;
    forgedSheet = readFixtureText('cs1-2026', `sheets/${sheet!.candidateId}.html`).replaceAll(
      FIXTURE_ORIGIN,
      fixtures.origin,
    );
    forgedFrom = sheet!.candidateId;
    const target = honest[0]!.before;
    forgedRank = Math.round(target.rankRange[1] * 4.5);
    forgedScore = target.score;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await laneStore?.stop();
    await fixtures?.close();
  });

  it('keeps 15 forged reports from one network to their owners: none moves an honest rank', async () => {
    for (let serial = 0; serial < 15; serial++) {
      const { status, report } = await forge(serial, '203.0.113.9');
      expect(status).toBe(201);
      expect(report as OfficialResultAnswer).toMatchObject({
        provenance: 'uploaded',
        standing: { state: 'own', weight: 0 },
      });
    }
    for (const candidate of honest) {
      const after = await predictionOf(candidate);
      expect(after.estimatedRank).toBeGreaterThanOrEqual(candidate.before.rankRange[0]);
      expect(after.estimatedRank).toBeLessThanOrEqual(candidate.before.rankRange[1]);
      expect(after.method).not.toMatch(/Read from the official results/);
    }
  });

  it("refuses a network's reports past the day's limit, and takes 100 from as many networks to their owners only", async () => {
    const oneNetwork = [];
    for (let serial = 100; serial < 200; serial++) oneNetwork.push(await forge(serial, '192.0.2.77'));
    const taken = oneNetwork.filter((outcome) => outcome.status === 201).length;
    expect(taken).toBe(REPORTS_PER_NETWORK);
    const refusal = oneNetwork.find((outcome) => outcome.status === 429)!;
    expect(refusal.message).toMatch(/^Too many (official results|saved-page uploads) from your network today\. /);

    for (let serial = 200; serial < 300; serial++) {
      const { status, report } = await forge(serial, `100.64.${serial - 200}.7`);
      expect(status).toBe(201);
      expect((report as OfficialResultAnswer).standing.weight).toBe(0);
    }
    for (const candidate of honest) {
      const after = await predictionOf(candidate);
      expect(after.estimatedRank).toBeGreaterThanOrEqual(candidate.before.rankRange[0]);
      expect(after.estimatedRank).toBeLessThanOrEqual(candidate.before.rankRange[1]);
    }
    // The operator is told: one network sent more than REPORT_ALERT_PER_NETWORK today.
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/hiregate_official_result_alerts_total\{reason="network"\} [1-9]/);
  }, 120_000);

  it("accepts an honest, link-checked report of the model's own AIR", async () => {
    const candidate = honest[11]!;
    const { status, body } = await postJson(
      `${server.url}/api/data/official-results`,
      {
        resultId: candidate.resultId,
        access: candidate.access,
        rank: candidate.before.estimatedRank,
        score: candidate.before.score,
        consent: true,
      },
      from(candidate.address),
    );
    expect(status).toBe(201);
    expect(body.report).toMatchObject({ provenance: 'portal', standing: { state: 'waiting' } });
  });

  it('confirms an upload whose responses the portal gave, and takes its report as the portal vouches for it', async () => {
    const [, , , , , , sheet] = readFixtureJson<{ sheets: { candidateId: string }[] }>('cs1-2026', 'urls.json').sheets;
    const page = readFixtureText('cs1-2026', `sheets/${sheet!.candidateId}.html`).replaceAll(
      FIXTURE_ORIGIN,
      fixtures.origin,
    );
    const upload = await fetch(`${server.url}/api/data/upload-response?testPaper=CS%201`, {
      method: 'POST',
      headers: { 'content-type': 'text/html; charset=utf-8', ...from('198.18.9.1') },
      body: page,
    });
    const { upload: uploadId } = (await upload.json()) as { upload: string };
    await server.store.verifications.markVerified(`upload:${uploadId}`, 'saved-page@example.com');
    const access = signAccessToken(server.config.secret, 'saved-page@example.com');
    expect(await server.store.results.findById(uploadId)).toMatchObject({ uploaded: true, confirmed: true });
    const { before } = honest[6]!;
    const { status, body } = await postJson(
      `${server.url}/api/data/official-results`,
      { resultId: uploadId, access, rank: before.estimatedRank, score: before.score, consent: true },
      from('198.18.9.1'),
    );
    expect(status).toBe(201);
    expect(body.report).toMatchObject({ provenance: 'confirmed', standing: { state: 'waiting' } });
  });

  it('lists every forged report for the admin with its provenance and flags', async () => {
    const ours = [];
    for (let serial = 300; serial < 303; serial++) {
      const { status, report } = await forge(serial, '198.18.5.1');
      expect(status).toBe(201);
      ours.push((report as OfficialResultAnswer).resultId);
    }
    const answer = await fetch(`${server.url}/api/data/official-results/review?year=2026`, {
      headers: { Authorization: asAdmin },
    });
    expect(answer.status).toBe(200);
    const review = (await answer.json()) as OfficialResultReviewAnswer;
    const rows = new Map(review.reports.map((row) => [row.resultId, row]));
    for (const id of forged) {
      expect(rows.get(id)).toMatchObject({ provenance: 'uploaded', flags: ['uploaded'], state: 'own', weight: 0 });
    }
    // One network's reports share its digest: the panel shows them as one reporter's.
    const network = rows.get(ours[0]!)!.reporter!.network;
    expect(
      review.reports
        .filter((row) => row.reporter?.network === network)
        .map((row) => row.resultId)
        .sort(),
    ).toEqual([...ours].sort());
    expect(review.papers).toEqual([
      expect.objectContaining({ paper: 'CS', reports: review.reports.length, departs: false }),
    ]);
  });
});
