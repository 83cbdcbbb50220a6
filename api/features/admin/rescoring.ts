import type { Logger } from 'pino';
import { paperKeyVersion, type Question, type ResultScores, type Store } from '../../store';
import { testPaperOf } from './paper-set';
import type { RescoreStatus } from '../../../src/domain/gate/rescore-status';

/** Marks computed from a stored response vector against a paper's current keys. */
export type ScoreStoredResponses = (
  responses: Record<string, string>,
  paper: Question[],
) => Omit<ResultScores, 'keyVersion' | 'scoredAt'>;

export interface Rescorer {
  /** Re-scores the paper set's stored results in the background (again, if a run is under way). */
  schedule(paperSet: string): void;
  /** Schedules every paper set: after a restart, results left on an older key version get finished. */
  resumeAll(): Promise<void>;
  statuses(): RescoreStatus[];
  /** Resolves once nothing is queued or running. */
  idle(): Promise<void>;
  /** Stops after the current batch (server shutdown). */
  stop(): Promise<void>;
}

export const RESCORE_BATCH_SIZE = 200;

/**
 * The background re-scoring worker. What needs doing is kept in the store, not here: each result records the paper
 * key version it was scored with, so a run only fetches results below the current version and a run cut short by a
 * restart is finished by resumeAll. One paper set runs at a time, in batches, yielding to requests between batches.
 */
export function createRescorer(
  store: Store,
  score: ScoreStoredResponses,
  logger: Logger,
  batchSize = RESCORE_BATCH_SIZE,
): Rescorer {
  const statuses = new Map<string, RescoreStatus>();
  const queue: string[] = [];
  /** Paper sets checked only because the server started: they show a status only if they had work left. */
  const quiet = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;

  const setStatus = (paperSet: string, change: Partial<RescoreStatus>) => {
    const previous = statuses.get(paperSet) ?? { paperSet, state: 'queued', rescored: 0, total: 0, updatedAt: '' };
    statuses.set(paperSet, { ...previous, ...change, updatedAt: new Date().toISOString() });
  };

  async function rescorePaper(paperSet: string): Promise<void> {
    const paper = await store.questions.listByPaperSet(paperSet);
    const version = paperKeyVersion(paper);
    const set = testPaperOf(paperSet);
    const longIds = new Set(paper.map((question) => question.long_id));
    // Results of other years share the test paper name; only those answering this paper's questions are ours.
    const answersThisPaper = (responses: Record<string, string>) =>
      Object.keys(responses).some((id) => longIds.has(id));
    setStatus(paperSet, {
      state: 'running',
      rescored: 0,
      total: await store.results.countBySet(set),
      error: undefined,
    });
    let rescored = 0;
    let afterId: string | undefined;
    for (;;) {
      if (stopped) return;
      const batch = await store.results.listBySet(set, { afterId, limit: batchSize, keyVersionBelow: version });
      for (const result of batch) {
        if (!answersThisPaper(result.responses)) continue;
        await store.results.updateScores(result.id, {
          ...score(result.responses, paper),
          keyVersion: version,
          scoredAt: new Date(),
        });
        rescored++;
      }
      setStatus(paperSet, { rescored });
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) break;
      afterId = last.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (quiet.has(paperSet) && rescored === 0) statuses.delete(paperSet);
    else setStatus(paperSet, { state: 'done', rescored });
    quiet.delete(paperSet);
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopped) {
      const paperSet = queue.shift()!;
      try {
        await rescorePaper(paperSet);
      } catch (error) {
        logger.error({ err: error, paperSet }, 're-scoring failed');
        setStatus(paperSet, {
          state: 'failed',
          error: 'Re-scoring stopped on an error; it resumes at the next key change or restart.',
        });
      }
    }
    running = null;
  }

  const schedule = (paperSet: string) => {
    if (stopped) return;
    quiet.delete(paperSet);
    if (!queue.includes(paperSet)) queue.push(paperSet);
    if (statuses.get(paperSet)?.state !== 'running') setStatus(paperSet, { state: 'queued' });
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
  };

  return {
    schedule,
    async resumeAll() {
      for (const paperSet of Object.keys(await store.questions.listAll())) {
        if (statuses.has(paperSet)) continue;
        schedule(paperSet);
        quiet.add(paperSet);
      }
    },
    statuses: () => [...statuses.values()].sort((a, b) => a.paperSet.localeCompare(b.paperSet)),
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queue.length = 0;
      await running;
    },
  };
}
