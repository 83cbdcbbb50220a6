import { describe, expect, it } from 'vitest';
import { predict } from '../../../src/domain/gate/rank';
import type { Store } from '../../store';
import { createCrowd, histogram } from './crowd';
import { createMarksSnapshots, SetMarksSnapshot } from './marks-snapshot';

/** A snapshot holding these raw (and normalised) marks. */
function snapshotOf(marks: number[]): SetMarksSnapshot {
  const snapshot = new SetMarksSnapshot();
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
  /** A store holding only stored marks per test paper: all the crowd reads. */
  const storeWith = (marksBySet: Record<string, number[]>) => {
    const reads: string[] = [];
    const store = {
      results: {
        marksOfSet(set: string) {
          reads.push(set);
          const marks = (marksBySet[set] ?? []).map((totalMarks, index) => ({
            id: `${set}-${index}`,
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
  const spread = (count: number, offset: number) => Array.from({ length: count }, (_, i) => offset + ((i * 37) % 60));

  it('gives the rank model both CS sessions’ stored marks and DA its own', async () => {
    const cs1 = spread(40, 10);
    const cs2 = spread(40, 20);
    const { store, reads } = storeWith({ 'CS 1': cs1, 'CS 2': cs2, DA: spread(5, 0) });
    const crowd = createCrowd(createMarksSnapshots(store));
    const prediction = await crowd.predictionFor('CS 1', 55);
    expect(prediction).toEqual(
      predict({ testPaper: 'CS 1', marks: 55, crowd: { marksBySession: { 'CS 1': cs1, 'CS 2': cs2 } } }),
    );
    expect(prediction.normMarks).not.toBe(55);
    expect(reads.sort()).toEqual(['CS 1', 'CS 2']);
    await crowd.predictionFor('DA', 40);
    expect(reads).toContain('DA');
  });

  it('reuses a prediction for the same marks instead of running the model again', async () => {
    const { store, reads } = storeWith({ DA: spread(10, 0) });
    const crowd = createCrowd(createMarksSnapshots(store));
    const first = await crowd.predictionFor('DA', 40);
    expect(await crowd.predictionFor('DA', 40)).toBe(first);
    expect(reads).toEqual(['DA']);
  });

  it('counts a newly stored result in the distribution at once', async () => {
    const { store } = storeWith({ DA: [12, 47] });
    const snapshots = createMarksSnapshots(store);
    const crowd = createCrowd(snapshots);
    expect((await crowd.distribution('DA')).count).toBe(2);
    snapshots.record('DA', { id: 'new', normMarks: 80, totalMarks: 80 });
    await Promise.resolve();
    const distribution = await crowd.distribution('DA');
    expect(distribution.count).toBe(3);
    expect(distribution.bins.at(-1)).toEqual({ from: 80, to: 85, count: 1 });
  });
});
