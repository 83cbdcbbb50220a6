import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RANK_DATA, gateScore } from '../../../src/domain/gate/rank';
import { MIN_LEAN_REPORTS } from '../../../src/domain/gate/rank/crowd/lean-measurement';
import { buildResult } from '../../../test/support/builders';
import type { ScorecardAccess } from '../../access/scorecard-access';
import { createCrowd } from '../../crowd/crowd';
import { createMarksSnapshots } from '../../crowd/marks-snapshot';
import { createStore, type Store } from '../../store';
import { createOfficialResults } from './official-results';
import { unwatched } from '../../../test/support/builders';

/** Every stored result is its own candidate's device: the access proof is the checker's business, not this test's. */
const everyResultVerified = {
  verifiedEmailOf: (result: { candidateId: string }) => Promise.resolve(`${result.candidateId}@example.com`),
} as unknown as ScorecardAccess;

describe("measuring the crowd's lean once a year has enough official results", () => {
  let dataDir: string;
  let store: Store;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-lean-'));
    store = await createStore({ mongodbUri: undefined, dataDir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the lean of CS 2025 with its count once its official results reach the minimum', async () => {
    const paper = await store.papers.create({
      id: 'CS1-2025',
      year: 2025,
      code: 'CS',
      session: 1,
      demo: false,
      label: 'GATE 2025 CS 1',
    });
    const crowd = createCrowd(createMarksSnapshots(store), store.papers, store);
    const officialResults = createOfficialResults(store, crowd, everyResultVerified, {
      secret: 'test secret',
      watch: unwatched(crowd),
    });
    // A crowd of 60 checks from 20 to 79 marks; the first MIN_LEAN_REPORTS of the strongest report their AIR.
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const marks = 20 + i;
      const { id } = await store.results.upsert(
        buildResult({
          paperId: paper.id,
          set: 'CS 1',
          candidateId: `CS25S1${i}`,
          resultKey: `CS1-2025 CS25S1${i}`,
          totalMarks: marks,
          finalMarks: marks,
          normMarks: marks,
        }),
      );
      ids.push(id);
    }
    const reportFor = async (resultId: string) => {
      const result = (await store.results.findById(resultId))!;
      const prediction = await crowd.predictionFor(paper, result.totalMarks);
      // Each candidate from their own device and network: independent reporters, as the consensus counts them.
      const client = { accessToken: `device ${resultId}`, address: `10.0.${ids.indexOf(resultId)}.1` };
      return officialResults.report(resultId, client, {
        rank: prediction.estimatedRank!,
        // CS 2025's published qualifying mark and top-0.1% mean, which the report is checked against.
        score: gateScore(prediction.normMarks, 29.2, 83.24, RANK_DATA.scoreFormula),
        source: 'typed',
        consent: true,
      });
    };
    const reporters = ids.slice(-MIN_LEAN_REPORTS);
    for (const id of reporters.slice(1)) await reportFor(id);
    expect(await store.leanMeasurements.list()).toEqual([]);

    await reportFor(reporters[0]!);
    const [measured, ...others] = await store.leanMeasurements.list();
    expect(others).toEqual([]);
    expect(measured).toMatchObject({
      paper: 'CS',
      year: 2025,
      reports: MIN_LEAN_REPORTS,
      crowdSize: 60,
      appeared: 170825,
      qualifyingMarks: 29.2,
    });
    expect(measured!.covariance.length).toBeGreaterThan(0);
  });
});
