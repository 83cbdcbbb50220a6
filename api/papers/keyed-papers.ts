import { LRUCache } from 'lru-cache';
import type { KeysByLongId, KeyVersionStamp, ScoringPaper } from '../../src/domain/gate';
import type { KeyVersion, Paper, Question, Store } from '../store';
import { enginePaper } from './engine-paper';

/**
 * The freshness rule: an instance re-reads a paper's record (its published key version) at most this long after it
 * last read it, so a key change reaches the checks of every instance within PAPER_FRESH_MS. A request that names the
 * key version it needs (minKeyVersion: a scorecard refreshing after a key change it was told of) reads the store at
 * once when this instance's copy is older, so no client ever waits out the server's cache.
 */
export const PAPER_FRESH_MS = 1_000;

/** A paper with its questions and the key it scores with now: the published key version's record, whole. */
export interface KeyedPaper {
  paper: Paper;
  /** In the store's order (numbers, then Question IDs); the engine orders a choice paper by its sections. */
  questions: Question[];
  /** The engine's paper: sections of a choice paper, and the marks the published version's key gave. */
  engine: ScoringPaper;
  /** Question ID → key of the published version (empty before the first key). */
  keys: KeysByLongId;
  /** The published version as a scorecard names it; null before the first key. */
  keyVersion: KeyVersionStamp | null;
  /** Questions with a key, and all of them: a paper scores only when the two agree. */
  keyed: number;
  total: number;
  /** Scores candidates: every question keyed (or marked to all), and not a demo paper stood down. */
  live: boolean;
}

export const stampOf = ({ paperId, version, label, createdAt }: KeyVersion): KeyVersionStamp => ({
  paperId,
  version,
  label,
  at: createdAt.toISOString(),
});

export interface KeyedPapers {
  /** The paper, its questions and its current key; null when no such paper. */
  get(paperId: string, options?: { minKeyVersion?: number }): Promise<KeyedPaper | null>;
  /** The stored papers holding any of these Question IDs, whatever their identity. */
  holding(longIds: readonly string[]): Promise<Paper[]>;
  /** Drops every paper read (the store changed under them). */
  forget(): void;
}

/** The paper as the store has it now, with its questions and its published key (no cache). */
export async function loadKeyedPaper(store: Store, paperId: string): Promise<KeyedPaper | null> {
  const paper = await store.papers.findById(paperId);
  return paper && readKeyed(store, paper);
}

async function readKeyed(store: Store, paper: Paper): Promise<KeyedPaper> {
  const [questions, version] = await Promise.all([
    store.questions.listByPaperId(paper.id),
    paper.keyVersion > 0 ? store.keyVersions.find(paper.id, paper.keyVersion) : null,
  ]);
  const keys = version?.keys ?? {};
  const keyed = questions.filter((question) => keys[question.long_id] !== undefined).length;
  return {
    paper,
    questions,
    engine: enginePaper(questions, paper, version),
    keys,
    keyVersion: version && stampOf(version),
    keyed,
    total: questions.length,
    live: !paper.retired && questions.length > 0 && keyed === questions.length,
  };
}

interface Cached {
  keyed: KeyedPaper;
  readAt: number;
}

/** One per instance: papers are read from the store at most once per PAPER_FRESH_MS each, or when a request needs newer. */
export function createKeyedPapers(store: Store, now: () => number = Date.now): KeyedPapers {
  const cache = new LRUCache<string, Cached>({ max: 200 });
  const sameRecord = (a: Paper, b: Paper) =>
    a.keyVersion === b.keyVersion && a.updatedAt.getTime() === b.updatedAt.getTime();

  async function refresh(paperId: string, cached: Cached | undefined): Promise<KeyedPaper | null> {
    const paper = await store.papers.findById(paperId);
    if (!paper) {
      cache.delete(paperId);
      return null;
    }
    const keyed = cached && sameRecord(cached.keyed.paper, paper) ? cached.keyed : await readKeyed(store, paper);
    cache.set(paperId, { keyed, readAt: now() });
    return keyed;
  }

  return {
    async get(paperId, { minKeyVersion = 0 } = {}) {
      const cached = cache.get(paperId);
      const fresh = cached && now() - cached.readAt < PAPER_FRESH_MS;
      if (fresh && cached.keyed.paper.keyVersion >= minKeyVersion) return cached.keyed;
      return refresh(paperId, cached);
    },
    async holding(longIds) {
      const questions = await store.questions.findByLongIds([...longIds]);
      const paperIds = [...new Set(questions.map((question) => question.paperId))];
      const papers = await Promise.all(paperIds.map((id) => store.papers.findById(id)));
      return papers.filter((paper): paper is Paper => paper !== null);
    },
    forget: () => cache.clear(),
  };
}
