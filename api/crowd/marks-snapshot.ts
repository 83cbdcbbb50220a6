import { SNAPSHOT_REFRESH_MS } from '../config';
import { MARKS_CHANGES_KEPT_MS, type CatchUp, type SetMarks, type Store } from '../store';

/**
 * Every fetched result's marks per paper, in memory, so a rank, a distribution bar or a result's own marks cost
 * the same for a million results as for ten. Built from the store at start (one query of the marks alone), kept
 * current by this instance's own writes at once and by everybody's (other instances, re-scoring) through a look
 * every SNAPSHOT_REFRESH_MS at the store's marks changes since the last look, less SNAPSHOT_OVERLAP_MS: a change
 * stamped by a clock a little behind, or written late, is still seen. Seeing a change twice changes nothing.
 */
export const SNAPSHOT_OVERLAP_MS = 5_000;
/** What docs/architecture.md promises: another instance's results appear within one look interval and the look itself. */
export const SNAPSHOT_CURRENT_WITHIN_MS = 2 * SNAPSHOT_REFRESH_MS;

/** Marks are counted in hundredths: scoring rounds totals to two decimals, and normalisation its marks too. */
const toHundredths = (marks: number) => Math.round(marks * 100);
/** No sheet scores beyond this (GATE's are −33.33 to 100): a stored document claiming more was not scored here. */
const MARKS_LIMIT = 10_000;
const isMarks = (marks: unknown) => typeof marks === 'number' && Math.abs(marks) <= MARKS_LIMIT;

/** −50 to 150 marks to begin with, wider when a mark falls outside. */
const FIRST_LOWEST = -5_000;
const FIRST_SLOTS = 20_000;

/**
 * How many marks there are at each hundredth of a mark, with a Fenwick tree of them: adding a mark and counting the
 * marks below one take log₂(slots) steps (15 for GATE's −33 to 100), whatever the number of marks.
 */
class MarksCounts {
  private lowest = FIRST_LOWEST;
  private counts = new Int32Array(FIRST_SLOTS);
  /** tree[i] sums counts[i − (i & −i), i). */
  private tree = new Int32Array(FIRST_SLOTS + 1);
  total = 0;

  add(hundredths: number, delta: 1 | -1): void {
    this.cover(hundredths);
    const slot = hundredths - this.lowest;
    this.counts[slot]! += delta;
    this.total += delta;
    for (let index = slot + 1; index < this.tree.length; index += index & -index) this.tree[index]! += delta;
  }

  /** Marks below this many hundredths. */
  countBelow(hundredths: number): number {
    let sum = 0;
    const end = Math.min(Math.max(hundredths - this.lowest, 0), this.counts.length);
    for (let index = end; index > 0; index -= index & -index) sum += this.tree[index]!;
    return sum;
  }

  /** The k-th lowest mark (k from 1), in hundredths: a descent through the tree. */
  kth(k: number): number {
    let slot = 0;
    let left = k;
    for (let step = 2 ** Math.floor(Math.log2(this.counts.length)); step > 0; step >>= 1) {
      const next = slot + step;
      if (next < this.tree.length && this.tree[next]! < left) {
        slot = next;
        left -= this.tree[next]!;
      }
    }
    return slot + this.lowest;
  }

  /** Every mark, lowest first, each as often as it is held. */
  ascending(): number[] {
    const marks: number[] = [];
    for (const [slot, count] of this.counts.entries()) {
      for (let repeat = 0; repeat < count; repeat++) marks.push((slot + this.lowest) / 100);
    }
    return marks;
  }

  /** Widens the slots to hold this mark (doubling, so a run of outliers costs a few rebuilds in all). */
  private cover(hundredths: number): void {
    const slot = hundredths - this.lowest;
    if (slot >= 0 && slot < this.counts.length) return;
    const lowest = Math.min(this.lowest - (slot < 0 ? this.counts.length : 0), hundredths);
    const highest = Math.max(this.lowest + this.counts.length * (slot < 0 ? 1 : 2), hundredths + 1);
    const counts = new Int32Array(highest - lowest);
    counts.set(this.counts, this.lowest - lowest);
    this.lowest = lowest;
    this.counts = counts;
    this.tree = new Int32Array(counts.length + 1);
    // Linear build: each node passes its sum on to its parent.
    for (let index = 1; index < this.tree.length; index++) {
      this.tree[index]! += counts[index - 1]!;
      const parent = index + (index & -index);
      if (parent < this.tree.length) this.tree[parent]! += this.tree[index]!;
    }
  }
}

/** One paper's fetched results: each one's marks by id, and counts of normalised and raw marks. */
export class PaperMarksSnapshot {
  private readonly slotById = new Map<string, number>();
  /** Each result's marks in hundredths, at its slot (results never leave a paper, so slots are never freed). */
  private normBySlot = new Int32Array(1_024);
  private totalBySlot = new Int32Array(1_024);
  private readonly norms = new MarksCounts();
  private readonly totals = new MarksCounts();
  /** rawMarks() until the marks change. */
  private rawMarksList?: readonly number[];

  get count(): number {
    return this.slotById.size;
  }

  /** 1 + the results with higher normalised marks (ties share a rank). */
  rankOf(normMarks: number): number {
    return 1 + this.norms.total - this.norms.countBelow(toHundredths(normMarks) + 1);
  }

  /** The normalised marks of this result, when the snapshot holds it. */
  normMarksOf(id: string): number | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.normBySlot[slot]! / 100;
  }

  /** Results with raw marks in [from, to). */
  countBetween(from: number, to: number): number {
    return this.totals.countBelow(toHundredths(to)) - this.totals.countBelow(toHundredths(from));
  }

  /** The lowest and highest raw marks; undefined without results. */
  rawRange(): { lowest: number; highest: number } | undefined {
    if (this.count === 0) return undefined;
    return { lowest: this.totals.kth(1) / 100, highest: this.totals.kth(this.count) / 100 };
  }

  /** Every raw mark, ascending (what the crowd prediction reads): made again only after a change. */
  rawMarks(): readonly number[] {
    this.rawMarksList ??= this.totals.ascending();
    return this.rawMarksList;
  }

  /** Adds results, or moves those it holds to their new marks (what no sheet can score is left out). */
  apply(changes: readonly SetMarks[]): void {
    for (const { id, normMarks, totalMarks } of changes) {
      if (!isMarks(normMarks) || !isMarks(totalMarks)) continue;
      const norm = toHundredths(normMarks);
      const total = toHundredths(totalMarks);
      let slot = this.slotById.get(id);
      if (slot !== undefined) {
        if (this.normBySlot[slot] === norm && this.totalBySlot[slot] === total) continue;
        this.norms.add(this.normBySlot[slot]!, -1);
        this.totals.add(this.totalBySlot[slot]!, -1);
      } else {
        slot = this.slotById.size;
        this.slotById.set(id, slot);
        this.makeRoomFor(slot);
      }
      this.normBySlot[slot] = norm;
      this.totalBySlot[slot] = total;
      this.norms.add(norm, 1);
      this.totals.add(total, 1);
      this.rawMarksList = undefined;
    }
  }

  private makeRoomFor(slot: number): void {
    if (slot < this.normBySlot.length) return;
    const grown = (marks: Int32Array) => {
      const larger = new Int32Array(marks.length * 2);
      larger.set(marks);
      return larger;
    };
    this.normBySlot = grown(this.normBySlot);
    this.totalBySlot = grown(this.totalBySlot);
  }
}

export interface MarksSnapshots {
  /**
   * Builds every paper's snapshot now, so the first rank or chart does not wait for a million results to be read (a
   * failure is built again by the first request that needs it). Resolves once they are built or have failed.
   */
  start(): Promise<void>;
  /** The paper's snapshot: built on first use (or at start), then kept current in the background. */
  of(paperId: string): Promise<PaperMarksSnapshot>;
  /** This instance's own write, seen at once. */
  record(paperId: string, marks: SetMarks): void;
  /** Looks for changes now (tests; the background looks do this every SNAPSHOT_REFRESH_MS). */
  refresh(paperId: string): Promise<void>;
  /** The snapshot already built that holds this result, with its marks; undefined when none does (yet). */
  holding(resultId: string): Promise<{ paperId: string; snapshot: PaperMarksSnapshot; normMarks: number } | undefined>;
  /** Drops every snapshot (the store changed under them): the next use builds it from the store again. */
  forget(): void;
  /**
   * The store changed under the snapshots: forget them, and when its results changed, take no marks change written
   * before now. Marks changes outlive a restore of `results` alone, and would bring back the results it took away.
   */
  storeChanged: CatchUp;
}

interface Tracked {
  snapshot: PaperMarksSnapshot;
  /** Store time from which the next look asks for changes. */
  since: Date;
  looking?: Promise<void>;
  /** Dropped by forget(): its looks end. */
  forgotten?: boolean;
}

export function createMarksSnapshots(
  store: Store,
  { refreshMs = SNAPSHOT_REFRESH_MS, overlapMs = SNAPSHOT_OVERLAP_MS } = {},
): MarksSnapshots {
  const byPaper = new Map<string, Promise<Tracked>>();
  /** No marks change written before this is taken (a restore of the results came after it). */
  let resultsRestoredAt = 0;
  /** Where a look begun at startedAt asks the next one to start reading marks changes. */
  const nextSince = (startedAt: number) => new Date(Math.max(startedAt - overlapMs, resultsRestoredAt));

  /** Every fetched result of the paper from the store; whatever changes meanwhile, the first look after reads. */
  async function read(paperId: string): Promise<Tracked> {
    const startedAt = Date.now();
    const snapshot = new PaperMarksSnapshot();
    snapshot.apply(await store.results.marksOfPaper(paperId));
    return { snapshot, since: nextSince(startedAt) };
  }

  async function look(paperId: string, tracked: Tracked): Promise<void> {
    const startedAt = Date.now();
    if (startedAt - tracked.since.getTime() > MARKS_CHANGES_KEPT_MS - overlapMs) {
      // The changes since the last look may be gone (the store was away for minutes): read every result again.
      const { snapshot, since } = await read(paperId);
      Object.assign(tracked, { snapshot, since });
      return;
    }
    tracked.snapshot.apply(await store.results.marksChangedSince(paperId, tracked.since));
    tracked.since = nextSince(startedAt);
  }

  function lookOnce(paperId: string, tracked: Tracked): Promise<void> {
    tracked.looking ??= look(paperId, tracked).finally(() => {
      tracked.looking = undefined;
    });
    return tracked.looking;
  }

  /** A look every refreshMs for as long as the process runs (a failed one is tried again at the next). */
  function keepLooking(paperId: string, tracked: Tracked): void {
    if (tracked.forgotten) return;
    const next = setTimeout(() => {
      void lookOnce(paperId, tracked)
        .catch(() => undefined)
        .then(() => keepLooking(paperId, tracked));
    }, refreshMs);
    // The looks never keep alive a process that has nothing else to do.
    next.unref();
  }

  function tracked(paperId: string): Promise<Tracked> {
    let found = byPaper.get(paperId);
    if (!found) {
      found = read(paperId).then((built) => {
        keepLooking(paperId, built);
        return built;
      });
      // A failed build (database down) is tried again by the next request.
      found.catch(() => byPaper.delete(paperId));
      byPaper.set(paperId, found);
    }
    return found;
  }

  function forget(): void {
    for (const built of byPaper.values()) {
      void built.then(
        (tracked) => (tracked.forgotten = true),
        () => undefined,
      );
    }
    byPaper.clear();
  }

  return {
    async start() {
      try {
        for (const paper of await store.papers.list()) await tracked(paper.id);
      } catch {
        // Built again by the first request that needs it.
      }
    },
    async of(paperId) {
      return (await tracked(paperId)).snapshot;
    },
    record(paperId, marks) {
      void byPaper.get(paperId)?.then((current) => current.snapshot.apply([marks]));
    },
    async refresh(paperId) {
      await lookOnce(paperId, await tracked(paperId));
    },
    async holding(resultId) {
      for (const [paperId, built] of byPaper) {
        const { snapshot } = await built.catch(() => ({ snapshot: undefined }));
        const normMarks = snapshot?.normMarksOf(resultId);
        if (snapshot && normMarks !== undefined) return { paperId, snapshot, normMarks };
      }
      return undefined;
    },
    forget,
    storeChanged({ collections }) {
      if (collections === 'all' || collections.includes('results')) resultsRestoredAt = Date.now();
      forget();
    },
  };
}
