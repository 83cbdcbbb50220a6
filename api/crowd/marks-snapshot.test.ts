import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKS_CHANGES_KEPT_MS, type ResultInput, type SetMarks, type Store } from '../store';
import { buildResult, buildStore, type BuiltStore } from '../../test/support/builders';
import { seededRandom } from '../demo/demo-papers';
import { openLaneStore, STORE_LANES, type LaneStore } from '../../test/support/store-lanes';
import { createMarksSnapshots, PaperMarksSnapshot, SNAPSHOT_CURRENT_WITHIN_MS } from './marks-snapshot';

const PAPER = 'CS1-2026';

function result(index: number, marks: number, extra: Partial<ResultInput> = {}): ResultInput {
  return buildResult({
    candidateId: `CS26S${index}`,
    paperId: PAPER,
    totalMarks: marks,
    normMarks: marks,
    keyVersion: 1,
    ...extra,
  });
}

/** Marks as scoring gives them (thirds, rounded to the hundredth): −10 to 100, many ties. */
function randomMarks(count: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Math.round(((Math.round(random() * 330) - 30) * 100) / 3) / 100);
}

const above = (marks: number[], probe: number) => marks.filter((mark) => mark > probe).length;

describe('a paper snapshot', () => {
  it('ranks, counts and bins exactly as counting every mark would, ties sharing a rank', () => {
    const marks = randomMarks(5_000, 7);
    const snapshot = new PaperMarksSnapshot();
    snapshot.apply(marks.map((mark, index) => ({ id: String(index), normMarks: mark, totalMarks: mark })));
    expect(snapshot.count).toBe(marks.length);
    for (const probe of [-10, -0.33, 0, 12.5, 33.33, marks[5]!, marks[6]!, 99.67, 100]) {
      expect(snapshot.rankOf(probe)).toBe(1 + above(marks, probe));
      expect(snapshot.countBetween(probe, probe + 5)).toBe(marks.filter((m) => m >= probe && m < probe + 5).length);
    }
    expect(snapshot.rawMarks()).toEqual([...marks].sort((a, b) => a - b));
    expect(snapshot.rawRange()).toEqual({ lowest: Math.min(...marks), highest: Math.max(...marks) });
    expect(snapshot.normMarksOf('5')).toBe(marks[5]);
    expect(snapshot.normMarksOf('unknown')).toBeUndefined();
  });

  it('moves a result whose marks changed, and counts one seen twice once', () => {
    const snapshot = new PaperMarksSnapshot();
    const marks = [40, 55.33, 55.33, 70.67];
    snapshot.apply(marks.map((mark, index) => ({ id: `r${index}`, normMarks: mark, totalMarks: mark - 1 })));
    snapshot.apply([{ id: 'r0', normMarks: 80, totalMarks: 79 }]);
    snapshot.apply([{ id: 'r0', normMarks: 80, totalMarks: 79 }]);
    expect(snapshot.count).toBe(4);
    expect(snapshot.rankOf(80)).toBe(1);
    expect(snapshot.rankOf(55.33)).toBe(3);
    expect(snapshot.rankOf(40)).toBe(5);
    expect(snapshot.normMarksOf('r0')).toBe(80);
    expect(snapshot.rawMarks()).toEqual([54.33, 54.33, 69.67, 79]);
    expect(snapshot.countBetween(50, 80)).toBe(4);
  });

  it('holds marks far outside the usual range, below and above', () => {
    const snapshot = new PaperMarksSnapshot();
    const marks = [12, -340.5, 980.25, 0, -75, 260];
    snapshot.apply(marks.map((mark, index) => ({ id: String(index), normMarks: mark, totalMarks: mark })));
    for (const probe of [-400, -340.5, -1, 0, 100, 980.25, 1_000]) {
      expect(snapshot.rankOf(probe)).toBe(1 + above(marks, probe));
    }
    expect(snapshot.rawRange()).toEqual({ lowest: -340.5, highest: 980.25 });
    expect(snapshot.rawMarks()).toEqual([...marks].sort((a, b) => a - b));
  });

  it('leaves out a result whose stored marks no sheet can score', () => {
    const snapshot = new PaperMarksSnapshot();
    snapshot.apply([
      { id: 'fine', normMarks: 40, totalMarks: 41 },
      { id: 'missing', normMarks: undefined as unknown as number, totalMarks: 41 },
      { id: 'absurd', normMarks: 40, totalMarks: 1e12 },
      { id: 'not a number', normMarks: Number.NaN, totalMarks: 41 },
    ]);
    expect([snapshot.count, snapshot.rankOf(30), snapshot.rawRange()]).toEqual([1, 2, { lowest: 41, highest: 41 }]);
  });

  it('has no range and no marks while empty', () => {
    const snapshot = new PaperMarksSnapshot();
    expect(snapshot.rawRange()).toBeUndefined();
    expect(snapshot.rawMarks()).toEqual([]);
    expect(snapshot.rankOf(50)).toBe(1);
  });
});

describe.each(STORE_LANES)('marks snapshots over the store on the $lane', ({ mongo }) => {
  let lane: LaneStore;
  let built: BuiltStore;
  let store: Store;

  beforeAll(async () => {
    lane = await openLaneStore(mongo);
  });
  afterAll(async () => {
    await lane?.stop();
  });
  beforeEach(async () => {
    built = await buildStore(lane);
    store = built.store;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await built.close();
  });

  it("agree with the store's own counts and leave uploads out", async () => {
    const marks = randomMarks(300, 11);
    for (const [index, mark] of marks.entries()) await store.results.upsert(result(index, mark));
    await store.results.upsert(result(999, 100, { uploaded: true, resultKey: 'upload' }));
    const snapshot = await createMarksSnapshots(store).of(PAPER);
    expect(snapshot.count).toBe(await store.results.countByPaper(PAPER));
    for (const probe of [0, 25.5, 50, 77.67, 99.67, 100]) expect(snapshot.rankOf(probe)).toBe(1 + above(marks, probe));
  });

  it(`show another instance's new and re-scored results within ${SNAPSHOT_CURRENT_WITHIN_MS} ms`, async () => {
    const first = await store.results.upsert(result(1, 40));
    await store.results.upsert(result(2, 60));
    const here = createMarksSnapshots(store);
    expect((await here.of(PAPER)).count).toBe(2);
    // The other instance's check stores a result, and its re-scoring moves the first one to the top.
    const { id } = await store.results.upsert(result(3, 50));
    await store.results.updateScoresOf([{ id: first.id, scores: { normMarks: 90, totalMarks: 88, keyVersion: 2 } }], {
      keyVersionBelow: 2,
    });
    await expect
      .poll(
        async () => {
          const snapshot = await here.of(PAPER);
          return [snapshot.count, snapshot.normMarksOf(id), snapshot.rankOf(90), snapshot.rankOf(60)];
        },
        { timeout: SNAPSHOT_CURRENT_WITHIN_MS },
      )
      .toEqual([3, 50, 1, 2]);
  });

  it('read every result again after an absence longer than the store keeps the changes', async () => {
    // Looks only when told: the instance misses the first result until the test's look.
    const here = createMarksSnapshots(store, { refreshMs: 60 * 60_000 });
    await here.of(PAPER);
    await store.results.upsert(result(1, 40));
    // The instance sleeps (its looks stopped) for longer than the changes are kept; meanwhile another stores a
    // result, and that write removes the changes older than the kept time, the first result's among them.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MARKS_CHANGES_KEPT_MS + 60_000);
    await store.results.upsert(result(2, 60));
    await expect
      .poll(async () => (await store.results.marksChangedSince(PAPER, new Date(0))).map((m) => m.normMarks))
      .toEqual([60]);
    await here.refresh(PAPER);
    const snapshot = await here.of(PAPER);
    expect([snapshot.count, snapshot.rankOf(40), snapshot.rankOf(60)]).toEqual([2, 2, 1]);
  });

  it('take their own writes at once, and a change seen again changes nothing', async () => {
    const here = createMarksSnapshots(store);
    await here.of(PAPER);
    const { id } = await store.results.upsert(result(1, 70));
    const marks: SetMarks = { id, normMarks: 70, totalMarks: 70 };
    here.record(PAPER, marks);
    await expect.poll(async () => (await here.of(PAPER)).count).toBe(1);
    here.record(PAPER, marks);
    await here.refresh(PAPER);
    await here.refresh(PAPER);
    const snapshot = await here.of(PAPER);
    expect([snapshot.count, snapshot.rankOf(70), snapshot.normMarksOf(id)]).toEqual([1, 1, 70]);
  });
});
