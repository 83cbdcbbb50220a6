import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { RESCORE_LEASE_MS, RESCORE_POLL_MS } from '../config';
import type { RescoreJob, Result, ResultScores, Store } from '../store';
import { createPollLoop } from '../poll-loop';
import type { RescoreStatus } from '../../src/domain/gate/rescore-status';
import { loadKeyedPaper, type KeyedPaper } from './keyed-papers';

/** What a re-scoring stores for a result against a paper's published key (scoring.ts: rescoredScores). */
export type ScoreStoredResponses = (
  result: Pick<Result, 'responses' | 'chosenSections' | 'statuses' | 'rankedAs'>,
  paper: KeyedPaper,
) => Promise<Omit<ResultScores, 'keyVersion' | 'scoredAt'>>;

export interface Rescorer {
  /**
   * Begins the work: looks for a job now and every pollMs (changes on other instances, abandoned leases), and asks
   * for every paper with results left on an older key version (a run a restart cut short).
   */
  start(): void;
  /** Asks for the paper's stored results to be re-scored (by whichever instance claims the job). */
  schedule(paperId: string): Promise<void>;
  /** Every paper's job as the store has it: the same on every instance. */
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
  score: ScoreStoredResponses;
}

export const RESCORE_BATCH_SIZE = 200;

const asStatus = ({ paperId, state, rescored, total, updatedAt, error }: RescoreJob): RescoreStatus => ({
  paperId,
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
  logger: Logger,
  { batchSize = RESCORE_BATCH_SIZE, leaseMs = RESCORE_LEASE_MS, pollMs = RESCORE_POLL_MS, score }: RescorerOptions,
): Rescorer {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let stopped = false;

  /** Re-scores one batch after another; false when the lease was lost (another instance has the job now). */
  async function rescorePaper(job: RescoreJob): Promise<boolean> {
    const { paperId } = job;
    const paper = await loadKeyedPaper(store, paperId);
    if (!paper) return true;
    const version = paper.paper.keyVersion;
    // Uploads are re-scored too (idsScoredBelow holds them), so they are counted in what the job says it did.
    const total = await store.results.countByPaper(paperId, { withUploads: true });
    // A taken-over job goes on counting from where its last holder got (claim starts a new pass from 0).
    let rescored = Math.min(job.rescored, total);
    // What is left, read once as ids, then fetched by id a batch at a time: a query per batch for the next results
    // below the version would be a scan of every result on mongo-java-server, which indexes exact lookups only.
    const left = await store.results.idsScoredBelow(paperId, version);
    for (let start = 0; start < left.length; start += batchSize) {
      if (stopped || !(await store.jobs.renew(paperId, owner, leaseMs, { rescored, total }))) return false;
      const batch = await store.results.findByIds(left.slice(start, start + batchSize));
      const updates = await Promise.all(
        batch.map(async (result) => ({
          id: result.id,
          scores: { ...(await score(result, paper)), keyVersion: version, scoredAt: new Date() },
        })),
      );
      rescored += (await store.results.updateScoresOf(updates, { keyVersionBelow: version })).length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.jobs.renew(paperId, owner, leaseMs, { rescored: Math.min(rescored, total), total });
    return true;
  }

  async function runClaimedJobs(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const job = await store.jobs.claim(owner, leaseMs);
      if (!job) return;
      logger.info({ paperId: job.paperId, takenOver: job.rescored > 0 }, 're-scoring started');
      try {
        if (await rescorePaper(job)) await store.jobs.finish(job.paperId, owner, { state: 'done' });
        else if (stopped) await store.jobs.release(job.paperId, owner);
      } catch (error) {
        logger.error({ err: error, paperId: job.paperId }, 're-scoring failed');
        await store.jobs
          .finish(job.paperId, owner, {
            state: 'failed',
            error: 'Re-scoring stopped on an error; it resumes at the next key change or restart.',
          })
          .catch((finishError: unknown) => logger.error({ err: finishError }, 'could not record the failure'));
      }
    }
  }

  /** Looks for work now (after a key change here) and then every pollMs (changes elsewhere, abandoned leases). */
  const loop = createPollLoop(runClaimedJobs, {
    intervalMs: pollMs,
    onError: (error) => logger.error({ err: error }, 're-scoring could not look for jobs'),
  });

  async function schedule(paperId: string): Promise<void> {
    await store.jobs.request(paperId);
    if (!loop.running) loop.poll();
  }

  async function resumeAll(): Promise<void> {
    for (const paper of await store.papers.list()) {
      const left = await store.results.listByPaper(paper.id, { limit: 1, keyVersionBelow: paper.keyVersion });
      if (left.length > 0) await schedule(paper.id);
    }
  }

  return {
    start() {
      loop.poll();
      resumeAll().catch((error: unknown) => logger.error({ err: error }, 'could not resume re-scoring'));
    },
    schedule,
    statuses: async () => (await store.jobs.list()).map(asStatus),
    idle: () => loop.idle(),
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
