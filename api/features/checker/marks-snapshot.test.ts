import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type ResultInput, type Store } from '../../store';
import { seededRandom } from '../../demo/demo-papers';
import { createMarksSnapshots, SetMarksSnapshot } from './marks-snapshot';

function result(index: number, marks: number, extra: Partial<ResultInput> = {}): ResultInput {
  return {
    candidateId: `CS26S${index}`,
    name: `Candidate ${index}`,
    set: 'CS 1',
    isVerified: false,
    linkHash: `link-${index}`,
    responses: {},
    totalMarks: marks,
    finalMarks: marks,
    negativeMarks: 0,
    attempts: 1,
    incorrectAttempts: 0,
    normMarks: marks,
    keyVersion: 1,
    scoredAt: new Date(),
    ...extra,
  };
}

describe('a set snapshot', () => {
  it('ranks, counts and bins exactly as counting every mark would, and moves a changed result', () => {
    const random = seededRandom(7);
    const marks = Array.from({ length: 2_000 }, () => Math.round((random() * 110 - 10) * 100) / 100);
    const snapshot = new SetMarksSnapshot();
    snapshot.apply(marks.map((mark, index) => ({ id: String(index), normMarks: mark, totalMarks: mark })));
    expect(snapshot.count).toBe(marks.length);
    for (const probe of [-10, 0, 12.5, 33.33, marks[5]!, 99.99, 100]) {
      expect(snapshot.rankOf(probe)).toBe(1 + marks.filter((mark) => mark > probe).length);
      expect(snapshot.countBetween(probe, probe + 5)).toBe(marks.filter((m) => m >= probe && m < probe + 5).length);
    }
    snapshot.apply([{ id: '5', normMarks: 101, totalMarks: 101 }]);
    expect(snapshot.count).toBe(marks.length);
    expect(snapshot.rankOf(100.5)).toBe(2);
    expect(snapshot.rawMarks().at(-1)).toBe(101);
  });
});

describe('marks snapshots over the store', () => {
  let dataDir: string;
  let store: Store;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hiregate-snapshot-'));
    store = await createStore({ mongodbUri: undefined, dataDir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("agree with the store's own counts, leave uploads out, and see another instance's writes after a look", async () => {
    const random = seededRandom(11);
    for (let index = 0; index < 300; index++) {
      await store.results.upsert(result(index, Math.round(random() * 1000) / 10));
    }
    await store.results.upsert(result(999, 100, { uploaded: true, linkHash: 'upload' }));
    const here = createMarksSnapshots(store);
    const there = createMarksSnapshots(store);
    const snapshot = await here.of('CS 1');
    expect(snapshot.count).toBe(await store.results.countBySet('CS 1'));
    for (const probe of [0, 25.5, 50, 77.7, 99.9]) {
      expect(snapshot.rankOf(probe)).toBe(await store.results.rankOf('CS 1', probe));
    }
    await there.of('CS 1');
    // A result stored and another re-scored "on the other instance".
    const { id } = await store.results.upsert(result(1_000, 120));
    here.record('CS 1', { id, normMarks: 120, totalMarks: 120 });
    const [someone] = await store.results.marksOfSet('CS 1');
    await store.results.updateScores(someone!.id, { normMarks: 110, totalMarks: 110 });
    await there.refresh('CS 1');
    const seen = await there.of('CS 1');
    expect(seen.count).toBe(301);
    expect(seen.rankOf(115)).toBe(1 + 1);
    expect(seen.rankOf(105)).toBe(1 + 2);
    // Seeing the same changes again changes nothing.
    await there.refresh('CS 1');
    expect((await there.of('CS 1')).count).toBe(301);
  });
});
