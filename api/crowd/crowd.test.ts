import { describe, expect, it } from 'vitest';
import { predict } from '../../src/domain/gate/rank';
import type { LeanMeasurement, Store } from '../store';
import { leanPrior } from '../../src/domain/gate/rank/crowd/lean-measurement';
import { createCrowd, histogram } from './crowd';
import { createMarksSnapshots, PaperMarksSnapshot } from './marks-snapshot';
import { buildOfficialReport, buildPaperRecord } from '../../test/support/builders';
import { afterResults } from '../../src/domain/gate/rank/official-results/after-results';

/** A snapshot holding these raw (and normalised) marks. */
function snapshotOf(marks: number[]): PaperMarksSnapshot {
  const snapshot = new PaperMarksSnapshot();
  snapshot.apply(marks.map((mark, index) => ({ id: String(index), normMarks: mark, totalMarks: mark })));
  return snapshot;
}

describe('distribution histogram', () => {
  it('puts every mark in a 5-mark bar from the lowest to the highest, empty bars included', () => {
    const bins = histogram(snapshotOf([-3.33, 12, 14.99, 15, 61.67, 100]));
    expect(bins[0]).toEqual({ from: -5, to: 0, count: 1 });
    expect(bins.find((bin) => bin.from === 10)).toEqual({ from: 10, to: 15, count: 2 });
    expect(bins.find((bin) => bin.from === 15)!.count).toBe(1);
    expect(bins.find((bin) => bin.from === 30)!.count).toBe(0);
    expect(bins[bins.length - 1]).toEqual({ from: 100, to: 105, count: 1 });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(6);
  });

  it('has no bars without marks', () => {
    expect(histogram(snapshotOf([]))).toEqual([]);
  });
});

describe('crowd predictions', () => {
  const cs1 = buildPaperRecord();
  const cs2 = buildPaperRecord({ id: 'CS2-2026', session: 2, label: 'GATE 2026 CS 2' });
  const da = buildPaperRecord({ id: 'DA-2026', code: 'DA', session: null, label: 'GATE 2026 DA' });
  const demoCs2 = buildPaperRecord({ id: 'CS2-2026-demo', session: 2, demo: true, label: 'GATE 2026 CS 2 (demo)' });
  const cs2Of2025 = buildPaperRecord({ id: 'CS2-2025', year: 2025, session: 2, label: 'GATE 2025 CS 2' });
  const papers = { list: () => Promise.resolve([cs1, cs2, da, demoCs2, cs2Of2025]) };

  /** A store holding only stored marks per paper: all the crowd reads. */
  const storeWith = (marksByPaper: Record<string, number[]>) => {
    const reads: string[] = [];
    const store = {
      results: {
        marksOfPaper(paperId: string) {
          reads.push(paperId);
          const marks = (marksByPaper[paperId] ?? []).map((totalMarks, index) => ({
            id: `${paperId}-${index}`,
            totalMarks,
            normMarks: totalMarks,
          }));
          return Promise.resolve(marks);
        },
        marksChangedSince: () => Promise.resolve([]),
      },
    } as unknown as Store;
    return { store, reads };
  };
  const nothingMeasured = { list: () => Promise.resolve([]) };
  const spread = (count: number, offset: number) => Array.from({ length: count }, (_, i) => offset + ((i * 37) % 60));

  it('gives the rank model the stored marks of both CS sessions of the same year (not the demo), and DA its own', async () => {
    const marks1 = spread(40, 10);
    const marks2 = spread(40, 20);
    const { store, reads } = storeWith({ 'CS1-2026': marks1, 'CS2-2026': marks2, 'DA-2026': spread(5, 0) });
    const crowd = createCrowd(createMarksSnapshots(store), papers);
    const prediction = await crowd.predictionFor(cs1, 55);
    expect(prediction).toEqual(
      predict({
        testPaper: 'CS 1',
        marks: 55,
        year: 2026,
        crowd: { marksBySession: { 'CS 1': marks1, 'CS 2': marks2 } },
      }),
    );
    expect(prediction.normMarks).not.toBe(55);
    expect(reads.sort()).toEqual(['CS1-2026', 'CS2-2026']);
    await crowd.predictionFor(da, 40);
    expect(reads).toContain('DA-2026');
  });

  it("reads CS ranks off the official results added for the paper's year once there are enough", async () => {
    const { store } = storeWith({});
    const reported = (set: string, year: number, count: number) =>
      Array.from({ length: count }, (_, i) => {
        const rank = Math.round(1000 * Math.exp(-0.12 * (i * 3 - 20)));
        // Fetched from the portal, each from their own reporter, each as the earlier years forecast it.
        return {
          ...buildOfficialReport({ set, year, rank, resultId: `${set} ${year} ${i}`, provenance: 'portal' as const }),
          reporter: { address: `a${i}`, device: `d${i}`, network: `n${i}` },
          forecast: { rank, rankRange: [Math.round(rank / 2), rank * 2] as [number, number] },
          marks: 40 + i * 3,
        };
      });
    const all = [...reported('CS 2', 2026, 12), ...reported('DA', 2026, 12), ...reported('CS 1', 2025, 12)];
    const officialReports = {
      list: ({ year }: { year?: number } = {}) => Promise.resolve(all.filter((r) => r.year === year)),
    };
    const crowd = createCrowd(createMarksSnapshots(store), papers, {
      officialReports,
      leanMeasurements: nothingMeasured,
    });
    const forecast = predict({ testPaper: 'CS 1', marks: 61, year: 2026 });
    // CS 2's reports count for CS 1: one paper, one rank list.
    expect(await crowd.predictionFor(cs1, 61)).toEqual(
      afterResults(
        forecast,
        reported('CS 2', 2026, 12).map((r) => ({ marks: r.marks, rank: r.rank })),
      ),
    );
    expect((await crowd.predictionFor(cs1, 61)).estimatedRank).not.toBe(forecast.estimatedRank);
    // Without enough of a year's own: the forecast.
    const fewer = createCrowd(createMarksSnapshots(store), papers, {
      officialReports: { list: () => Promise.resolve(all.slice(0, 9)) },
      leanMeasurements: nothingMeasured,
    });
    expect(await fewer.predictionFor(cs1, 61)).toEqual(forecast);
  });

  it("takes the lean measured in an earlier year as the prior on this year's crowd", async () => {
    const marks1 = spread(40, 10);
    const marks2 = spread(40, 20);
    const { store } = storeWith({ 'CS1-2026': marks1, 'CS2-2026': marks2 });
    // CS 2025's crowd: those far above the qualifying mark checked e^(0.05·x) times as often.
    const xs = [-30, -15, -5, 0, 5, 10, 20, 35, 55];
    const measured: LeanMeasurement = {
      paper: 'CS',
      year: 2025,
      reports: 90,
      crowdSize: 2000,
      appeared: 170825,
      qualifyingMarks: 29.2,
      lean: { xs, lnLeans: xs.map((x) => 0.05 * x), strength: 0.5 },
      covariance: xs.slice(1).map((_, i) => xs.slice(1).map((__, j) => (i === j ? 0.01 : 0))),
      shares: [{ shape: { beta: 0.5 }, weight: 1 }],
    };
    const crowdInput = { marksBySession: { 'CS 1': marks1, 'CS 2': marks2 } };
    const crowd = createCrowd(createMarksSnapshots(store), papers, {
      officialReports: { list: () => Promise.resolve([]) },
      leanMeasurements: { list: () => Promise.resolve([measured]) },
    });
    const prediction = await crowd.predictionFor(cs1, 55);
    expect(prediction).toEqual(
      predict({ testPaper: 'CS 1', marks: 55, year: 2026, crowd: crowdInput, lean: leanPrior([measured], 'CS', 2026) }),
    );
    const unknownLean = predict({ testPaper: 'CS 1', marks: 55, year: 2026, crowd: crowdInput });
    expect(prediction).not.toEqual(unknownLean);
    expect('rankRange' in prediction && prediction.rankRange).not.toEqual(unknownLean.rankRange);
  });

  it('reuses a prediction for the same marks instead of running the model again', async () => {
    const { store, reads } = storeWith({ 'DA-2026': spread(10, 0) });
    const crowd = createCrowd(createMarksSnapshots(store), papers);
    const first = await crowd.predictionFor(da, 40);
    expect(await crowd.predictionFor(da, 40)).toBe(first);
    expect(reads).toEqual(['DA-2026']);
  });

  it("fits a paper's crowd once for every marks value, and again once the crowd has grown by 5%", async () => {
    const marks = spread(100, 0);
    const { store } = storeWith({ 'DA-2026': marks });
    const snapshots = createMarksSnapshots(store);
    const crowd = createCrowd(snapshots, papers);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const fresh = (at: number, stored: number[]) =>
      predict({ testPaper: 'DA', marks: at, year: 2026, crowd: { marksBySession: { DA: sorted(stored) } } });
    expect(await crowd.predictionFor(da, 40)).toEqual(fresh(40, marks));
    expect(await crowd.predictionFor(da, 50)).toEqual(fresh(50, marks));
    const newcomers = Array.from({ length: 10 }, (_, i) => 62 + i);
    newcomers.forEach((mark, i) => snapshots.record('DA-2026', { id: `new-${i}`, normMarks: mark, totalMarks: mark }));
    await Promise.resolve();
    const afterGrowth = await crowd.predictionFor(da, 60);
    expect(afterGrowth).toEqual(fresh(60, [...marks, ...newcomers]));
    expect(afterGrowth).not.toEqual(fresh(60, marks));
  });

  it('predicts a paper the rank model has no data for from its own inputs, and says why it has no field rank', async () => {
    const { store } = storeWith({});
    const crowd = createCrowd(createMarksSnapshots(store), papers);
    const ee = buildPaperRecord({ id: 'EE-2025', code: 'EE', year: 2025, session: null, label: 'GATE 2025 EE' });
    const prediction = await crowd.predictionFor(ee, 40);
    expect(prediction).toMatchObject({ normMarks: 40, score: null, estimatedRank: null, rankBasis: 'results-here' });
    expect('rankMethod' in prediction && prediction.rankMethod).toMatch(
      /^No all-India rank can be estimated for GATE 2025 EE: /,
    );
  });

  it('ranks a choice ranked apart as that paper (GG2), with its own qualifying mark', async () => {
    const { store } = storeWith({});
    const crowd = createCrowd(createMarksSnapshots(store), papers);
    const gg = buildPaperRecord({ id: 'GG-2025', code: 'GG', year: 2025, session: null, label: 'GATE 2025 GG' });
    const [gg1, gg2] = await Promise.all([crowd.predictionFor(gg, 30, 'GG1'), crowd.predictionFor(gg, 30, 'GG2')]);
    expect(gg1).toMatchObject({ rankedAs: 'GG1' });
    expect(gg2).toMatchObject({ rankedAs: 'GG2' });
  });

  it('counts a newly stored result in the distribution at once', async () => {
    const { store } = storeWith({ 'DA-2026': [12, 47] });
    const snapshots = createMarksSnapshots(store);
    const crowd = createCrowd(snapshots, papers);
    expect((await crowd.distribution(da)).count).toBe(2);
    snapshots.record('DA-2026', { id: 'new', normMarks: 80, totalMarks: 80 });
    await Promise.resolve();
    const distribution = await crowd.distribution(da);
    expect(distribution).toMatchObject({ paperId: 'DA-2026', paper: 'GATE 2026 DA', count: 3 });
    expect(distribution.bins.at(-1)).toEqual({ from: 80, to: 85, count: 1 });
  });
});
