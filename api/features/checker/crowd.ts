import { LRUCache } from 'lru-cache';
import type { MarksSnapshots, SetMarksSnapshot } from './marks-snapshot';
import type { TestPaper } from '../../../src/domain/gate';
import { SESSIONS_OF, paperKeyOf } from '../../../src/domain/gate/rank/data';
import { predict, RankModelError, type Prediction } from '../../../src/domain/gate/rank';

/**
 * The crowd: the raw marks of every stored result per test paper, from the in-memory marks snapshots
 * (marks-snapshot.ts), which stay current without reading the whole set per check.
 */
/**
 * A prediction for given marks is reused this long: the model costs milliseconds per call, marks take only a few
 * hundred values per paper, and a crowd of thousands moves the estimate by far less than its range in five minutes.
 */
export const PREDICTION_TTL_MS = 5 * 60_000;
/** Width in marks of a distribution bar. */
export const DISTRIBUTION_BIN_WIDTH = 5;

/** The spec's prediction_data: normMarks, score, estimatedRank, then the model's range, method and sample size. */
export type PredictionData = Pick<Prediction, 'normMarks' | 'score' | 'estimatedRank'> &
  Partial<Omit<Prediction, 'normMarks' | 'score' | 'estimatedRank'>>;

/** A prediction the model could not make (no data for the paper): the raw marks and why. */
export interface MissingPrediction {
  normMarks: number;
  score: null;
  estimatedRank: null;
  warnings: string[];
}

export interface Distribution {
  testPaper: TestPaper;
  /** Results the bars count. */
  count: number;
  binWidth: number;
  /** Raw total marks, [from, to) per bar, lowest first; empty without results. */
  bins: Array<{ from: number; to: number; count: number }>;
}

export interface Crowd {
  predictionFor(testPaper: TestPaper, marks: number): Promise<PredictionData | MissingPrediction>;
  distribution(testPaper: TestPaper): Promise<Distribution>;
}

export function createCrowd(snapshots: MarksSnapshots): Crowd {
  const predictions = new LRUCache<string, PredictionData | MissingPrediction>({ max: 5_000, ttl: PREDICTION_TTL_MS });

  return {
    async predictionFor(testPaper, marks) {
      const cacheKey = `${testPaper}|${marks}`;
      const cached = predictions.get(cacheKey);
      if (cached) return cached;
      const sessions = SESSIONS_OF[paperKeyOf(testPaper)];
      const crowd = Object.fromEntries(
        await Promise.all(
          // The snapshot's ascending list as it is: the model reads ascending marks without copying or changing them.
          sessions.map(async (session) => [session, (await snapshots.of(session)).rawMarks()] as const),
        ),
      );
      let prediction: PredictionData | MissingPrediction;
      try {
        prediction = predict({ testPaper, marks, crowd: { marksBySession: crowd } });
      } catch (error) {
        if (!(error instanceof RankModelError)) throw error;
        prediction = { normMarks: marks, score: null, estimatedRank: null, warnings: [error.message] };
      }
      predictions.set(cacheKey, prediction);
      return prediction;
    },

    async distribution(testPaper) {
      const snapshot = await snapshots.of(testPaper);
      return { testPaper, count: snapshot.count, binWidth: DISTRIBUTION_BIN_WIDTH, bins: histogram(snapshot) };
    },
  };
}

/**
 * Bars of DISTRIBUTION_BIN_WIDTH marks from the lowest to the highest result, empty bars included: two counts per bar
 * in the snapshot, whatever the number of results.
 */
export function histogram(
  marks: Pick<SetMarksSnapshot, 'rawRange' | 'countBetween'>,
  width = DISTRIBUTION_BIN_WIDTH,
): Distribution['bins'] {
  const range = marks.rawRange();
  if (!range) return [];
  const low = Math.floor(range.lowest / width) * width;
  const count = Math.floor((range.highest - low) / width) + 1;
  return Array.from({ length: count }, (_, index) => {
    const from = low + index * width;
    return { from, to: from + width, count: marks.countBetween(from, from + width) };
  });
}
