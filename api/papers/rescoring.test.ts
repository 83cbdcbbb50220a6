import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { openLaneStore, STORE_LANES, type LaneStore } from '../../test/support/store-lanes';
import {
  buildKeyedPaper,
  buildMcqQuestions,
  buildResult,
  buildStore,
  type BuiltStore,
} from '../../test/support/builders';
import { eventually } from '../../test/support/eventually';
import { createKeyChanges } from './key-change-saves';
import { createRescorer, type Rescorer, type ScoreStoredResponses } from './rescoring';

const PAPER_ID = 'CS1-2026';
const RESULTS = 60;
const QUESTIONS = buildMcqQuestions(4);

/** One mark per response equal to its key: enough to see which key a result was scored with. */
const countMatches: ScoreStoredResponses = ({ responses }, { questions, keys }) => {
  const totalMarks = questions.filter((question) => responses[question.long_id] === keys[question.long_id]).length;
  return Promise.resolve({
    totalMarks,
    finalMarks: totalMarks,
    negativeMarks: 0,
    attempts: 4,
    incorrectAttempts: 4 - totalMarks,
    normMarks: totalMarks,
  });
};

const FAST = { leaseMs: 1_000, pollMs: 100, batchSize: 10, score: countMatches };

/** A re-scorer at work, as the server starts each instance's. */
function started(rescorer: Rescorer): Rescorer {
  rescorer.start();
  return rescorer;
}
const logger = pino({ level: 'silent' });

describe.each(STORE_LANES)('re-scoring jobs shared by two instances on the $lane', ({ mongo }) => {
  let lane: LaneStore;
  let built: BuiltStore;
  let store: Store;
  let updates: number;
  const rescorers: Rescorer[] = [];

  beforeAll(async () => {
    lane = await openLaneStore(mongo);
  });
  afterAll(async () => {
    await lane?.stop();
  });

  beforeEach(async () => {
    built = await buildStore(lane);
    store = built.store;
    await buildKeyedPaper(store, QUESTIONS, { id: PAPER_ID });
    // Scored with the current key: a started re-scorer has nothing to resume, and re-scores after the key change only.
    const { keyVersion } = (await store.papers.findById(PAPER_ID))!;
    for (let index = 0; index < RESULTS; index++) {
      await store.results.upsert(
        buildResult({
          candidateId: `CS26S${index}`,
          paperId: PAPER_ID,
          isVerified: false,
          responses: { Q0: 'A', Q1: 'B', Q2: index % 2 ? 'B' : 'A', Q3: 'C' },
          totalMarks: 0,
          normMarks: 0,
          keyVersion,
        }),
      );
    }
    // Count the writes that changed a result: each must happen once.
    updates = 0;
    const update = store.results.updateScoresOf.bind(store.results);
    store.results.updateScoresOf = async (...args) => {
      const written = await update(...args);
      updates += written.length;
      return written;
    };
  });
  afterEach(async () => {
    await Promise.all(rescorers.splice(0).map((rescorer) => rescorer.stop()));
    await built.close();
  });

  const keyChanges = (rescorer: Pick<Rescorer, 'schedule'>) => createKeyChanges(store, rescorer);

  /** The key changes from A to B on questions Q1 and Q2 (a new key version), which asks for a re-score. */
  async function changeKeys(rescorer: Rescorer) {
    const paper = await store.questions.listByPaperId(PAPER_ID);
    const changes = paper
      .filter((q) => q.long_id === 'Q1' || q.long_id === 'Q2')
      .map((question) => ({ questionId: question.id, answerKey: 'B' }));
    const { version } = await keyChanges(rescorer).apply(PAPER_ID, changes, { label: 'final', source: 'import' });
    return version!.version;
  }

  const jobDone = () =>
    eventually(
      async () => {
        const job = (await store.jobs.list())[0];
        return job?.state === 'done' && job;
      },
      { what: 'the re-scoring job to be done' },
    );

  async function expectEveryResultRescored(version: number) {
    const results = await store.results.listByPaper(PAPER_ID, { limit: 1_000 });
    expect(results).toHaveLength(RESULTS);
    for (const result of results) {
      const odd = Number(result.candidateId.slice(5)) % 2 === 1;
      expect([result.candidateId, result.keyVersion, result.totalMarks]).toEqual([
        result.candidateId,
        version,
        odd ? 3 : 2,
      ]);
    }
  }

  it('runs a job once, whichever instance claims it', async () => {
    const [first, second] = [0, 1].map(() => started(createRescorer(store, logger, FAST))) as [Rescorer, Rescorer];
    rescorers.push(first, second);
    const version = await changeKeys(first);
    const job = await jobDone();
    expect(job).toMatchObject({ rescored: RESULTS, total: RESULTS });
    expect(updates).toBe(RESULTS);
    await expectEveryResultRescored(version);
    expect(await second.statuses()).toEqual(await first.statuses());
  });

  it("finishes a job whose instance died mid-run, and the dead run's late writes change nothing", async () => {
    // The first instance stops in its second batch, as a killed process would: no more writes, no renewals. Its
    // batch, read before the other instance finished the job, reaches it only afterwards.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const dyingStore: Store = {
      ...store,
      results: {
        ...store.results,
        findByIds: async (ids) => {
          const batch = await store.results.findByIds(ids);
          if (++batches === 2) await released;
          return batch;
        },
      },
    };
    const dying = started(createRescorer(dyingStore, logger, FAST));
    const version = await changeKeys(dying);
    await expect.poll(() => batches, { timeout: 5_000 }).toBe(2);
    const survivor = started(createRescorer(store, logger, FAST));
    rescorers.push(survivor);
    const job = await jobDone();
    expect(job).toMatchObject({ rescored: RESULTS, total: RESULTS });
    await expectEveryResultRescored(version);
    expect(updates).toBe(RESULTS);
    release();
    await dying.stop();
    expect(updates).toBe(RESULTS);
    expect((await store.jobs.list())[0]).toMatchObject({ state: 'done', rescored: RESULTS });
  });
});
