import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPapers } from '../../api/demo';
import { DEMO_PAPERS } from '../../api/demo/demo-papers';
import { uploadPaper } from '../../api/papers/paper-upload';
import { buildPaper as buildGatePaper, identifySheet, paperIdOf, paperName } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';
import { buildSheet, buildStore, type BuiltStore } from '../support/builders';
import { FIXTURE_ORIGIN } from '../support/fixtures';
import { STORE_LANES, openLaneStore, type LaneStore } from '../support/store-lanes';

/**
 * Two instances started at once with the demo on, and two administrators uploading one paper at once, on both stores:
 * one paper each time, every key saved once, and no refusal.
 */

const FIXTURES = { origin: FIXTURE_ORIGIN };

describe.each(STORE_LANES)('papers filed at the same moment on the $lane', ({ mongo }) => {
  let lane: LaneStore;
  const built: BuiltStore[] = [];

  beforeAll(async () => {
    lane = await openLaneStore(mongo);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(built.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await lane?.stop();
  });

  async function newStore() {
    // Two seedings at once are a burst of writes: on a shared machine mongo-java-server may answer one after MongoDB's
    // 1 s deadline, and this test is about their collisions, not the deadline.
    const opened = await buildStore(mongo ? lane : undefined, { storeTimeoutMs: 10_000 });
    built.push(opened);
    return opened.store;
  }

  it('makes one paper of uploads of one master sheet at once, refusing none', async () => {
    const store = await newStore();
    const sheet = buildSheet('cs1-2026', FIXTURES);
    const uploads = await Promise.all(Array.from({ length: 3 }, () => uploadPaper(store, sheet)));
    expect(uploads.map((upload) => upload.outcome).sort()).toEqual(['created', 'existing', 'existing']);
    const papers = await store.papers.list();
    expect(papers.map((paper) => paper.id)).toEqual([itemAt(uploads, 0).paper.id]);
    expect(await store.questions.listByPaperId(papers[0]!.id)).toHaveLength(itemAt(uploads, 0).questions.length);
  });

  it('still refuses a sheet whose paper id holds other questions only', async () => {
    const store = await newStore();
    const sheet = buildSheet('cs1-2026', FIXTURES);
    const identity = identifySheet(sheet)!;
    const id = paperIdOf(identity);
    await store.papers.create({ id, ...identity, demo: false, label: paperName(identity) });
    const other = itemAt(buildGatePaper(buildSheet('da-2025', FIXTURES)).questions, 0);
    await store.questions.upsertPaper(id, [{ ...other, short_id: Number(other.short_id), name: paperName(identity) }]);
    await expect(uploadPaper(store, sheet)).rejects.toThrow('is already here with other questions');
  });

  it('seeds the demo from two instances started together: each paper once, each key saved once', async () => {
    const store = await newStore();
    await Promise.all([seedDemoPapers(store), seedDemoPapers(store)]);
    const papers = await store.papers.list();
    expect(papers).toHaveLength(DEMO_PAPERS.length);
    for (const paper of papers) {
      const questions = await store.questions.listByPaperId(paper.id);
      expect(questions.every((question) => question.answerKey && question.keyVersion === 1)).toBe(true);
      const published = await store.keyVersions.find(paper.id, paper.keyVersion);
      expect(Object.keys(published?.keys ?? {})).toHaveLength(questions.length);
    }
  });
});
