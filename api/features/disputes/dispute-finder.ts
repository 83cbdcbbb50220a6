import { LRUCache } from 'lru-cache';
import { findDisputes, type DisputeReport, type DisputeResult } from '../../../src/domain/gate/disputes';
import { provenanceOf } from '../../../src/domain/gate/result-provenance';
import { loadKeyedPaper, type KeyedPaper, type KeyedPapers } from '../../papers';
import type { Store } from '../../store';

/**
 * How long an instance keeps a paper's disputes before it reads the paper's results again. The rule reads every
 * trusted result (0.15–0.19 s of one core at 2,000 results, up to 0.8 s on a loaded machine: `npm run bench:disputes`), so it is not run per request;
 * a new result changes a share by a fraction of a percent, and a key change is seen at once (the key version is part
 * of what is kept).
 */
export const DISPUTES_FRESH_MS = 60_000;

/** Results read per store query while the rule gathers a paper's crowd. */
const RESULTS_PER_READ = 500;

/** A paper's disputes as found at one moment under its published key. */
export interface FoundDisputes {
  keyed: KeyedPaper;
  report: DisputeReport;
  foundAt: Date;
  /** A version named final was published: the challenge window is over, the disputes are not a candidate's to act on. */
  finalKey: boolean;
}

export interface DisputeFinder {
  /**
   * The paper's disputes, found at most DISPUTES_FRESH_MS ago under its published key; null when no such paper.
   * `fresh`: found now, under the key the store holds now (what an administrator applies).
   */
  find(paperId: string, options?: { fresh?: boolean }): Promise<FoundDisputes | null>;
}

export function createDisputeFinder(store: Store, papers: KeyedPapers, now = () => Date.now()): DisputeFinder {
  // One entry per paper, holding the promise so that requests arriving while the rule runs share its one run.
  const found = new LRUCache<string, { keyVersion: number; at: number; value: Promise<FoundDisputes> }>({ max: 200 });

  async function crowdOf(paperId: string): Promise<DisputeResult[]> {
    const crowd: DisputeResult[] = [];
    for (let afterId: string | undefined; ;) {
      const batch = await store.results.listByPaper(paperId, { afterId, limit: RESULTS_PER_READ });
      for (const result of batch) {
        crowd.push({
          id: result.id,
          responses: result.responses,
          provenance: provenanceOf(result),
          chosenSections: result.chosenSections,
        });
      }
      if (batch.length < RESULTS_PER_READ) return crowd;
      afterId = batch.at(-1)!.id;
    }
  }

  async function work(keyed: KeyedPaper): Promise<FoundDisputes> {
    const [crowd, versions] = await Promise.all([crowdOf(keyed.paper.id), store.keyVersions.list(keyed.paper.id)]);
    return {
      keyed,
      report: findDisputes(keyed.engine, keyed.keys, crowd),
      foundAt: new Date(now()),
      finalKey: versions.some((version) => /^final\b/i.test(version.label.trim())),
    };
  }

  return {
    async find(paperId, { fresh = false } = {}) {
      const keyed = fresh ? await loadKeyedPaper(store, paperId) : await papers.get(paperId);
      if (!keyed) return null;
      const keyVersion = keyed.keyVersion?.version ?? 0;
      const kept = found.get(paperId);
      if (!fresh && kept && kept.keyVersion === keyVersion && now() - kept.at < DISPUTES_FRESH_MS) return kept.value;
      const value = work(keyed);
      found.set(paperId, { keyVersion, at: now(), value });
      value.catch(() => {
        if (found.get(paperId)?.value === value) found.delete(paperId);
      });
      return value;
    },
  };
}
