import type { SetMarks, Store } from '../../store';

/**
 * Every fetched result's marks per test paper, in memory and sorted, so a rank is a binary search and a distribution
 * a few, whatever the number of results: a million results answer get-rank in microseconds instead of a count over
 * the store. Built from the store at first use (one query of the marks alone), kept current by this instance's
 * own writes at once and by everybody's (other instances, re-scoring) through a look every SNAPSHOT_REFRESH_MS at
 * what changed since the last look, less SNAPSHOT_OVERLAP_MS: a write whose time stamp came from a clock a little
 * behind, or that committed late, is still seen. Re-seeing a result changes nothing (results are keyed by id).
 */
export const SNAPSHOT_REFRESH_MS = 2_000;
export const SNAPSHOT_OVERLAP_MS = 5_000;
/** Beyond this many changes in one look, the sorted lists are rebuilt rather than edited one by one. */
const REBUILD_BEYOND = 2_000;

interface Entry {
  norm: number;
  total: number;
}

/** Index of the first element greater than `value` in an ascending list. */
function upperBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first element not less than `value` in an ascending list. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertSorted(sorted: number[], value: number): void {
  sorted.splice(upperBound(sorted, value), 0, value);
}

function removeSorted(sorted: number[], value: number): void {
  const index = lowerBound(sorted, value);
  if (sorted[index] === value) sorted.splice(index, 1);
}

/** One test paper's marks: by result id, and as two ascending lists (normalised for ranks, raw for the crowd). */
export class SetMarksSnapshot {
  private readonly byId = new Map<string, Entry>();
  private norms: number[] = [];
  private totals: number[] = [];

  get count(): number {
    return this.norms.length;
  }

  /** 1 + the results with higher normalised marks (ties share a rank). */
  rankOf(normMarks: number): number {
    return 1 + this.norms.length - upperBound(this.norms, normMarks);
  }

  /** Raw total marks, ascending (read only). */
  rawMarks(): readonly number[] {
    return this.totals;
  }

  /** Results with raw marks in [from, to). */
  countBetween(from: number, to: number): number {
    return lowerBound(this.totals, to) - lowerBound(this.totals, from);
  }

  /** Adds or moves results; returns whether anything changed. */
  apply(changes: readonly Pick<SetMarks, 'id' | 'normMarks' | 'totalMarks'>[]): boolean {
    const edits = changes.filter(({ id, normMarks, totalMarks }) => {
      const known = this.byId.get(id);
      return !known || known.norm !== normMarks || known.total !== totalMarks;
    });
    if (edits.length > REBUILD_BEYOND) {
      for (const { id, normMarks, totalMarks } of edits) this.byId.set(id, { norm: normMarks, total: totalMarks });
      this.rebuild();
      return true;
    }
    for (const { id, normMarks, totalMarks } of edits) {
      const known = this.byId.get(id);
      if (known) {
        removeSorted(this.norms, known.norm);
        removeSorted(this.totals, known.total);
      }
      this.byId.set(id, { norm: normMarks, total: totalMarks });
      insertSorted(this.norms, normMarks);
      insertSorted(this.totals, totalMarks);
    }
    return edits.length > 0;
  }

  private rebuild(): void {
    const entries = [...this.byId.values()];
    this.norms = entries.map((entry) => entry.norm).sort((a, b) => a - b);
    this.totals = entries.map((entry) => entry.total).sort((a, b) => a - b);
  }
}

export interface MarksSnapshots {
  /** The test paper's snapshot: built on first use, then refreshed in the background when due. */
  of(set: string): Promise<SetMarksSnapshot>;
  /** This instance's own write, seen at once. */
  record(set: string, marks: Pick<SetMarks, 'id' | 'normMarks' | 'totalMarks'>): void;
  /** Brings the snapshot up to date now (tests; the background look does this every SNAPSHOT_REFRESH_MS). */
  refresh(set: string): Promise<void>;
}

interface Tracked {
  snapshot: SetMarksSnapshot;
  /** Store time from which the next look asks for changes. */
  since: Date;
  lookedAt: number;
  looking?: Promise<void>;
}

export function createMarksSnapshots(
  store: Store,
  { refreshMs = SNAPSHOT_REFRESH_MS, overlapMs = SNAPSHOT_OVERLAP_MS } = {},
): MarksSnapshots {
  const bySet = new Map<string, Promise<Tracked>>();

  async function build(set: string): Promise<Tracked> {
    const startedAt = Date.now();
    const snapshot = new SetMarksSnapshot();
    // One query (the driver streams it in batches): pages by id would each make an in-memory server scan the set.
    snapshot.apply(await store.results.marksOfSet(set));
    // Whatever changed while the pages were read is fetched again by the first look.
    return { snapshot, since: new Date(startedAt - overlapMs), lookedAt: Date.now() };
  }

  async function look(set: string, tracked: Tracked): Promise<void> {
    const startedAt = Date.now();
    const changes = await store.results.marksOfSet(set, { changedSince: tracked.since });
    tracked.snapshot.apply(changes);
    tracked.since = new Date(startedAt - overlapMs);
    tracked.lookedAt = Date.now();
  }

  function lookOnce(set: string, tracked: Tracked): Promise<void> {
    tracked.looking ??= look(set, tracked).finally(() => {
      tracked.looking = undefined;
    });
    return tracked.looking;
  }

  function tracked(set: string): Promise<Tracked> {
    let found = bySet.get(set);
    if (!found) {
      found = build(set);
      // A failed build (database down) is tried again by the next request.
      found.catch(() => bySet.delete(set));
      bySet.set(set, found);
    }
    return found;
  }

  return {
    async of(set) {
      const current = await tracked(set);
      if (Date.now() - current.lookedAt >= refreshMs) void lookOnce(set, current).catch(() => undefined);
      return current.snapshot;
    },
    record(set, marks) {
      void bySet.get(set)?.then((current) => current.snapshot.apply([marks]));
    },
    async refresh(set) {
      await lookOnce(set, await tracked(set));
    },
  };
}
