import { LRUCache } from 'lru-cache';
import {
  diffKeys,
  scoreResponses,
  summariseImpact,
  thirdsMoved,
  type KeyVersionComparison,
  type KeyVersionStamp,
  type PaperQuestion as EnginePaperQuestion,
  type ResultsImpact,
} from '../../../src/domain/gate';
import { paperKeyVersion, type KeyVersion, type KeyVersionSource, type Question, type Store } from '../../store';
import { testPaperOf } from '../admin/paper-set';

/**
 * Key versions: every import or answer edit that changes a paper's key records the whole key as it then stands, with
 * a label and a time, so a scorecard can say which key it used, an administrator can compare any two versions, and a
 * candidate can be told what changed since the key they last saw.
 */

/** What a paper recorded before key versions existed (or changed outside the admin calls) is named so. */
export const RECORDED_LABEL = 'Answer key';

/** Question ID → key of every keyed question. */
export function keysOf(paper: readonly Question[]): Record<string, string> {
  return Object.fromEntries(
    paper.filter((question) => question.answerKey).map((question) => [question.long_id, question.answerKey!]),
  );
}

export const stampOf = ({ paperSet, version, label, createdAt }: KeyVersion): KeyVersionStamp => ({
  paperSet,
  version,
  label,
  at: createdAt.toISOString(),
});

/**
 * A key found changed without a recorded version is recorded only once it has stood this long: an import applies its
 * keys one by one, and a look in between must not record the half-imported key as a version of its own.
 */
export const KEY_SETTLE_MS = 10_000;

/** When the paper's questions were last written (server time): a key change, or the paper processed again. */
function lastWrite(paper: readonly Question[]): Date {
  return new Date(Math.max(0, ...paper.map((question) => question.updatedAt.getTime())));
}

/** Records the paper's key as it stands now, as one version with the given label. */
export async function recordKeyVersion(
  store: Store,
  paperSet: string,
  made: { label: string; source: KeyVersionSource; by?: string },
  now = new Date(),
): Promise<KeyVersion> {
  const paper = await store.questions.listByPaperSet(paperSet);
  return store.keyVersions.record({
    paperSet,
    version: paperKeyVersion(paper),
    keys: keysOf(paper),
    createdAt: now,
    ...made,
  });
}

/**
 * The recorded version of the key the paper has now; null while it is being changed. A key that changed without a
 * recorded version (papers keyed before versions were recorded, the demo's seeding) is recorded here once it has
 * settled, as RECORDED_LABEL at its last change.
 */
export async function recordedKeyVersion(
  store: Store,
  paperSet: string,
  paper: readonly Question[],
  now = new Date(),
): Promise<KeyVersion | null> {
  const version = paperKeyVersion(paper);
  const recorded = await store.keyVersions.find(paperSet, version);
  if (recorded) return recorded;
  const changedAt = lastWrite(paper);
  if (now.getTime() - changedAt.getTime() < KEY_SETTLE_MS) return null;
  return store.keyVersions.record({
    paperSet,
    version,
    label: RECORDED_LABEL,
    source: 'recorded',
    keys: keysOf(paper),
    createdAt: changedAt,
  });
}

/** How a scorecard names the key it was scored with: the recorded version, or the key as it is while it changes. */
export async function keyStampNow(
  store: Store,
  paperSet: string,
  paper: readonly Question[],
): Promise<KeyVersionStamp> {
  const recorded = await recordedKeyVersion(store, paperSet, paper);
  if (recorded) return stampOf(recorded);
  return { paperSet, version: paperKeyVersion(paper), label: RECORDED_LABEL, at: lastWrite(paper).toISOString() };
}

const enginePaper = (paper: readonly Question[]) => ({
  testPaper: null,
  questions: paper.map((question): EnginePaperQuestion => ({ ...question, short_id: String(question.short_id) })),
});

/** Results are re-read from the store in batches of this many. */
const IMPACT_BATCH = 2_000;

/**
 * Scores every stored result of the paper under both keys: the same engine, the same responses, so the figures are
 * what re-scoring did or would do. The cost grows with the number of results, hence the cache of comparisons.
 */
async function resultsImpact(
  store: Store,
  paper: readonly Question[],
  paperSet: string,
  before: Record<string, string>,
  after: Record<string, string>,
): Promise<ResultsImpact> {
  const scoring = enginePaper(paper);
  const longIds = new Set(paper.map((question) => question.long_id));
  const moves = new Map<number, number>();
  let compared = 0;
  let afterId: string | undefined;
  for (;;) {
    const batch = await store.results.listBySet(testPaperOf(paperSet), { afterId, limit: IMPACT_BATCH });
    for (const { responses } of batch) {
      // Results of other years share the test paper; only those answering this paper's questions are its own.
      if (!Object.keys(responses).some((id) => longIds.has(id))) continue;
      compared++;
      const total = (keys: Record<string, string>) =>
        scoreResponses(responses, scoring, keys).totalScore['Total Marks'];
      const thirds = thirdsMoved(total(before), total(after));
      if (thirds !== 0) moves.set(thirds, (moves.get(thirds) ?? 0) + 1);
    }
    const last = batch.at(-1);
    if (!last || batch.length < IMPACT_BATCH) break;
    afterId = last.id;
  }
  return summariseImpact(compared, moves);
}

export interface KeyVersionComparer {
  compare(paperSet: string, from: KeyVersion, to: KeyVersion): Promise<KeyVersionComparison>;
}

/** Comparisons kept for a while: an admin flipping between versions on key day does not re-score everything. */
const COMPARISONS_KEPT = 50;
const COMPARISON_TTL_MS = 60_000;

export function createComparer(store: Store): KeyVersionComparer {
  const cache = new LRUCache<string, KeyVersionComparison>({ max: COMPARISONS_KEPT, ttl: COMPARISON_TTL_MS });
  return {
    async compare(paperSet, from, to) {
      const cacheKey = `${paperSet}\0${from.version}\0${to.version}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const paper = await store.questions.listByPaperSet(paperSet);
      const comparison: KeyVersionComparison = {
        paperSet,
        from: stampOf(from),
        to: stampOf(to),
        questions: diffKeys(paper, from.keys, to.keys),
        results: await resultsImpact(store, paper, paperSet, from.keys, to.keys),
      };
      cache.set(cacheKey, comparison);
      return comparison;
    },
  };
}
