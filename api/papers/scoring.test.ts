import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMetrics } from '../http/metrics';
import type { Paper } from '../store';
import {
  buildKeyedPaper,
  buildMcqQuestions,
  buildResult,
  buildStore,
  rescoringDone,
  type BuiltStore,
} from '../../test/support/builders';
import { createPapers, type Normalise, type Papers } from '.';

const QUESTIONS = buildMcqQuestions(4, 2);

/** A normalisation no raw total equals, that names what it was given. */
const normalise: Normalise = (paper: Paper, totalMarks: number, rankedAs?: string) =>
  Promise.resolve(paper.id === 'CS1-2026' && rankedAs === undefined ? 10 + totalMarks / 2 : NaN);

describe('scoring a stored result again', () => {
  let built: BuiltStore;
  let papers: Papers;

  beforeEach(async () => {
    built = await buildStore();
    const config = loadConfig({ DATA_DIR: built.dataDir, DEMO: 'false', RESCORE_POLL_MS: '100' });
    papers = createPapers({
      store: built.store,
      normalise,
      logger: pino({ level: 'silent' }),
      config,
      metrics: createMetrics(),
      storeWatch: { follow: () => undefined },
    });
    papers.rescorer.start();
  });
  afterEach(async () => {
    await papers.rescorer.stop();
    await built.close();
  });

  it('stores the normalisation a check uses for its new total, not the raw total', async () => {
    const { store } = built;
    const { paper, questions } = await buildKeyedPaper(store, QUESTIONS, { key: 'A' });
    await rescoringDone(store);
    const { id } = await store.results.upsert(
      buildResult({
        responses: { Q0: 'A', Q1: 'A', Q2: 'B', Q3: '' },
        totalMarks: 3.33,
        normMarks: 11.67,
        keyVersion: (await store.papers.findById(paper.id))!.keyVersion,
      }),
    );
    // Q2 is now keyed B: the candidate's total goes from 4 − ⅔ to 6.
    const q2 = questions.find((question) => question.long_id === 'Q2')!;
    await papers.keyChanges.apply(paper.id, [{ questionId: q2.id, answerKey: 'B' }], {
      label: 'final',
      source: 'import',
    });
    await rescoringDone(store);
    expect(await store.results.findById(id)).toMatchObject({ totalMarks: 6, normMarks: 13, negativeMarks: 0 });
  });

  it("counts an upload in the job's progress, as the dashboard counts it among the paper's results", async () => {
    const { store } = built;
    const { paper, questions } = await buildKeyedPaper(store, QUESTIONS, { key: 'A' });
    await rescoringDone(store);
    await store.results.upsert(
      buildResult({
        uploaded: true,
        link: undefined,
        responses: { Q0: 'A', Q1: 'B', Q2: 'B', Q3: 'C' },
        keyVersion: (await store.papers.findById(paper.id))!.keyVersion,
      }),
    );
    const q1 = questions.find((question) => question.long_id === 'Q1')!;
    await papers.keyChanges.apply(paper.id, [{ questionId: q1.id, answerKey: 'B' }], {
      label: 'final',
      source: 'import',
    });
    await rescoringDone(store);
    expect(await papers.rescorer.statuses()).toEqual([
      expect.objectContaining({ paperId: paper.id, state: 'done', rescored: 1, total: 1 }),
    ]);
  });
});
