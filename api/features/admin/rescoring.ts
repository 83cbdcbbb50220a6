import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { RESCORE_LEASE_MS, RESCORE_POLL_MS } from '../../config';
import { paperKeyVersion, type Question, type RescoreJob, type ResultScores, type Store } from '../../store';
import { testPaperOf } from './paper-set';
import type { RescoreStatus } from '../../../src/domain/gate/rescore-status';

/** Marks computed from a stored response vector against a paper's current keys. */
export type ScoreStoredResponses = (
  responses: Record<string, string>,
  paper: Question[],
) => Omit<ResultScores, 'keyVersion' | 'scoredAt'>;

export interface Rescorer {
  /** Asks for the paper set's stored results to be re-scored (by whichever instance claims the job). */
  schedule(paperSet: string): Promise<void>;
  /** Asks for every paper set with results left on an older key version (from before jobs were recorded). */
  resumeAll(): Promise<void>;
  /** Every paper set's job as the store has it: the same on every instance. */
  statuses(): Promise<RescoreStatus[]>;
  /** Resolves once this instance has no job running (tests). */
  idle(): Promise<void>;
  /** Stops polling, ends the current batch and gives its lease up, so another instance takes over at once. */
  stop(): Promise<void>;
}

export interface RescorerOptions {
  batchSize?: number;
  /** How long a claimed job stays this instance's without a renewal. */
  leaseMs?: number;
  /** How often an idle instance looks for a waiting or abandoned job. */
  pollMs?: number;
}

export const RESCORE_BATCH_SIZE = 200;

const asStatus = ({ paperSet, state, rescored, total, updatedAt, error }: RescoreJob): RescoreStatus => ({
  paperSet,
  state,
  rescored,
  total,
  updatedAt: updatedAt.toISOString(),
  ...(error === undefined ? {} : { error }),
});

/**
 * The background re-scoring worker of one instance. The jobs live in the store (store.jobs): every instance polls
 * for one that waits or whose holder's lease ran out, claims it (one wins), renews the lease between batches and
 * records its progress there. What a pass must do is in the results themselves — each records the key version it
 * was scored with — so a pass taken over from a killed instance only fetches the results still below the version,
 * and a write is refused unless the result is still older (a late write of a lost lease changes nothing).
 */
export function createRescorer(
  store: Store,
  score: ScoreStoredResponses,
  logger: Logger,
  { batchSize = RESCORE_BATCH_SIZE, leaseMs = RESCORE_LEASE_MS, pollMs = RESCORE_POLL_MS }: RescorerOptions = {},
): Rescorer {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  /** Re-scores one batch after another; false when the lease was lost (another instance has the job now). */
  async function rescorePaper(job: RescoreJob): Promise<boolean> {
    const { paperSet } = job;
    const paper = await store.questions.listByPaperSet(paperSet);
    const version = paperKeyVersion(paper);
    const set = testPaperOf(paperSet);
    const longIds = new Set(paper.map((question) => question.long_id));
    // Results of other years share the test paper name; only those answering this paper's questions are ours.
    const answersThisPaper = (responses: Record<string, string>) =>
      Object.keys(responses).some((id) => longIds.has(id));
    const total = await store.results.countBySet(set);
    // A taken-over job goes on counting from where its last holder got (claim starts a new pass from 0).
    let rescored = Math.min(job.rescored, total);
    // What is left, read once as ids, then fetched by id a batch at a time: a query per batch for the next results
    // below the version would be a scan of every result on mongo-java-server, which indexes exact lookups only.
    const left = await store.results.idsScoredBelow(set, version);
    for (let start = 0; start < left.length; start += batchSize) {
      if (stopped || !(await store.jobs.renew(paperSet, owner, leaseMs, { rescored, total }))) return false;
      const batch = await store.results.findByIds(left.slice(start, start + batchSize));
      const updates = batch
        .filter((result) => answersThisPaper(result.responses))
        .map(({ id, responses }) => ({
          id,
          scores: { ...score(responses, paper), keyVersion: version, scoredAt: new Date() },
        }));
      rescored += (await store.results.updateScoresOf(updates, { keyVersionBelow: version })).length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.jobs.renew(paperSet, owner, leaseMs, { rescored: Math.min(rescored, total), total });
    return true;
  }

  async function runClaimedJobs(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const job = await store.jobs.claim(owner, leaseMs);
      if (!job) return;
      logger.info({ paperSet: job.paperSet, takenOver: job.rescored > 0 }, 're-scoring started');
      try {
        if (await rescorePaper(job)) await store.jobs.finish(job.paperSet, owner, { state: 'done' });
        else if (stopped) await store.jobs.release(job.paperSet, owner);
      } catch (error) {
        logger.error({ err: error, paperSet: job.paperSet }, 're-scoring failed');
        await store.jobs
          .finish(job.paperSet, owner, {
            state: 'failed',
            error: 'Re-scoring stopped on an error; it resumes at the next key change or restart.',
          })
          .catch((finishError: unknown) => logger.error({ err: finishError }, 'could not record the failure'));
      }
    }
  }

  /** Looks for work now (after a key change here) and then every pollMs (changes elsewhere, abandoned leases). */
  function poll(): void {
    clearTimeout(timer);
    if (stopped) return;
    running ??= runClaimedJobs()
      .catch((error: unknown) => logger.error({ err: error }, 're-scoring could not look for jobs'))
      .finally(() => {
        running = null;
      });
    timer = setTimeout(poll, pollMs);
    timer.unref();
  }
  setImmediate(poll);

  async function schedule(paperSet: string): Promise<void> {
    await store.jobs.request(paperSet);
    if (!running) poll();
  }

  return {
    schedule,
    async resumeAll() {
      for (const [paperSet, paper] of Object.entries(await store.questions.listAll())) {
        const version = paperKeyVersion(paper);
        const left = await store.results.listBySet(testPaperOf(paperSet), { limit: 1, keyVersionBelow: version });
        if (left.length > 0) await schedule(paperSet);
      }
    },
    statuses: async () => (await store.jobs.list()).map(asStatus),
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
