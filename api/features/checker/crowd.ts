import { LRUCache } from 'lru-cache';
import type { Store } from '../../store';
import type { TestPaper } from '../../../src/domain/gate';
import { SESSIONS_OF, paperKeyOf } from '../../../src/domain/gate/rank/data';
import { predict, RankModelError, type Prediction } from '../../../src/domain/gate/rank';

/**
 * The crowd: the raw marks of every stored result per test paper, read once and kept for CROWD_TTL_MS. On answer-key
 * day thousands of checks a minute would otherwise each read the whole set; a crowd half a minute old predicts the
 * same rank to within the model's own range.
 */
export const CROWD_TTL_MS = 30_000;
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

interface Snapshot {
  marks: number[];
}

export interface Crowd {
  predictionFor(testPaper: TestPaper, marks: number): Promise<PredictionData | MissingPrediction>;
  distribution(testPaper: TestPaper): Promise<Distribution>;
  /** A result stored for the first time joins the current snapshot, so the candidate sees themselves in the chart. */
  recordNewResult(testPaper: TestPaper, marks: number): void;
}

export function createCrowd(store: Store): Crowd {
  const snapshots = new LRUCache<TestPaper, Snapshot>({
    max: 10,
    ttl: CROWD_TTL_MS,
    fetchMethod: async (set) => ({
      marks: (await store.results.marksOfSet(set)).map((result) => result.totalMarks),
    }),
  });
  const predictions = new LRUCache<string, PredictionData | MissingPrediction>({ max: 5_000, ttl: PREDICTION_TTL_MS });
  const snapshot = async (set: TestPaper) => (await snapshots.fetch(set))!;

  return {
    async predictionFor(testPaper, marks) {
      const cacheKey = `${testPaper}|${marks}`;
      const cached = predictions.get(cacheKey);
      if (cached) return cached;
      const sessions = SESSIONS_OF[paperKeyOf(testPaper)];
      const crowd = Object.fromEntries(
        await Promise.all(sessions.map(async (session) => [session, (await snapshot(session)).marks] as const)),
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

    recordNewResult(testPaper, marks) {
      snapshots.get(testPaper)?.marks.push(marks);
    },

    async distribution(testPaper) {
      const { marks } = await snapshot(testPaper);
      return { testPaper, count: marks.length, binWidth: DISTRIBUTION_BIN_WIDTH, bins: histogram(marks) };
    },
  };
}

/** Bars of DISTRIBUTION_BIN_WIDTH marks from the lowest to the highest result, empty bars included. */
export function histogram(marks: readonly number[], width = DISTRIBUTION_BIN_WIDTH): Distribution['bins'] {
  if (marks.length === 0) return [];
  const lowest = marks.reduce((a, b) => Math.min(a, b));
  const highest = marks.reduce((a, b) => Math.max(a, b));
  const low = Math.floor(lowest / width) * width;
  const count = Math.floor((highest - low) / width) + 1;
  const bins = Array.from({ length: count }, (_, index) => ({
    from: low + index * width,
    to: low + (index + 1) * width,
    count: 0,
  }));
  // Every mark lies between lowest and highest, so its bin is one of the count made above.
  for (const mark of marks) bins[Math.floor((mark - low) / width)]!.count++;
  return bins;
}
