import { LRUCache } from 'lru-cache';
import {
  diffKeys,
  summariseImpact,
  thirdsMoved,
  type KeyVersionComparison,
  type ResultsImpact,
} from '../../../src/domain/gate';
import type { KeyVersion, Paper, Question, Store } from '../../store';
import { enginePaper, scoreStoredResult, stampOf } from '../../papers';

/**
 * Comparing key versions: every key change records the whole key as it then stands (api/papers/key-change-saves.ts),
 * so an administrator can compare any two versions, scored over every stored result of the paper.
 */

/** Results are re-read from the store in batches of this many. */
const IMPACT_BATCH = 2_000;

/**
 * Scores every stored result of the paper under both keys: the same engine, the same responses, so the figures are
 * what re-scoring did or would do. The cost grows with the number of results, hence the cache of comparisons.
 */
async function resultsImpact(
  store: Store,
  questions: readonly Question[],
  paper: Paper | null,
  paperId: string,
  before: KeyVersion,
  after: KeyVersion,
): Promise<ResultsImpact> {
  // Each version with its own marks, where an official key's Marks column gave them.
  const [scoringBefore, scoringAfter] = [before, after].map((version) => enginePaper(questions, paper, version));
  const moves = new Map<number, number>();
  let compared = 0;
  let afterId: string | undefined;
  for (;;) {
    const batch = await store.results.listByPaper(paperId, { afterId, limit: IMPACT_BATCH });
    for (const result of batch) {
      compared++;
      const totalBefore = scoreStoredResult(result, scoringBefore!, before.keys).totalScore['Total Marks'];
      const totalAfter = scoreStoredResult(result, scoringAfter!, after.keys).totalScore['Total Marks'];
      const thirds = thirdsMoved(totalBefore, totalAfter);
      if (thirds !== 0) moves.set(thirds, (moves.get(thirds) ?? 0) + 1);
    }
    const last = batch.at(-1);
    if (!last || batch.length < IMPACT_BATCH) break;
    afterId = last.id;
  }
  return summariseImpact(compared, moves);
}

export interface KeyVersionComparer {
  compare(paperId: string, from: KeyVersion, to: KeyVersion): Promise<KeyVersionComparison>;
}

/** Comparisons kept for a while: an admin flipping between versions on key day does not re-score everything. */
const COMPARISONS_KEPT = 50;
const COMPARISON_TTL_MS = 60_000;

export function createComparer(store: Store): KeyVersionComparer {
  const cache = new LRUCache<string, KeyVersionComparison>({ max: COMPARISONS_KEPT, ttl: COMPARISON_TTL_MS });
  return {
    async compare(paperId, from, to) {
      const cacheKey = `${paperId}\0${from.version}\0${to.version}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const [questions, paper] = await Promise.all([
        store.questions.listByPaperId(paperId),
        store.papers.findById(paperId),
      ]);
      const comparison: KeyVersionComparison = {
        paperId,
        from: stampOf(from),
        to: stampOf(to),
        questions: diffKeys(questions, from.keys, to.keys),
        results: await resultsImpact(store, questions, paper, paperId, from, to),
      };
      cache.set(cacheKey, comparison);
      return comparison;
    },
  };
}
