import type { DocumentCollection } from '../collection';
import { DuplicateError, type JobRepository, type RescoreJob } from '../types';

/** A job as stored: its paper is the document's id. */
export type JobDoc = Omit<RescoreJob, 'paperId'> & { _id: string };

const toJob = ({ _id, ...job }: JobDoc): RescoreJob => ({ paperId: _id, ...job });

/** A job waiting for an instance: asked for again since its last claim, or its holder's lease ran out mid-run. */
function isClaimable(job: JobDoc, now: Date): boolean {
  const waiting = job.requested > job.claimed && job.state !== 'running';
  const abandoned = job.state === 'running' && job.leaseUntil <= now;
  return waiting || abandoned;
}

/** Retries a compare-and-set until it lands (another writer changed the document between read and write). */
async function untilApplied(attempt: () => Promise<boolean>): Promise<void> {
  while (!(await attempt()));
}

/**
 * One re-scoring job per paper, leased by one instance at a time. Every change is a compare-and-set on the
 * fields it read (one updateOne whose filter holds the values seen), so two instances racing for a job, or a key
 * change racing the end of a run, never both win: the loser reads again.
 */
export function jobRepository(jobs: DocumentCollection<JobDoc>): JobRepository {
  /** The filter that matches the document only as it was read. */
  const asRead = (job: JobDoc) => ({ _id: job._id, requested: job.requested, claimed: job.claimed, owner: job.owner });

  return {
    async request(paperId, now = new Date()) {
      await untilApplied(async () => {
        const job = await jobs.findOne({ _id: paperId });
        if (!job) {
          try {
            await jobs.insertOne({
              _id: paperId,
              state: 'queued',
              requested: 1,
              claimed: 0,
              owner: '',
              leaseUntil: new Date(0),
              rescored: 0,
              total: 0,
              updatedAt: now,
            });
            return true;
          } catch (error) {
            if (error instanceof DuplicateError) return false;
            throw error;
          }
        }
        // A running job keeps running; its holder sees the new request when it finishes and queues another pass.
        const state = job.state === 'running' ? 'running' : 'queued';
        return jobs.updateOne(asRead(job), { $set: { requested: job.requested + 1, state, updatedAt: now } });
      });
    },

    async claim(owner, leaseMs, now = new Date()) {
      for (const job of await jobs.find({}, { sort: { updatedAt: 1 } })) {
        if (!isClaimable(job, now)) continue;
        // A taken-over run goes on counting from its last holder's progress; a new pass starts from nothing.
        const progress = job.state === 'running' ? {} : { rescored: 0, total: 0 };
        const lease = { owner, leaseUntil: new Date(now.getTime() + leaseMs), state: 'running' as const, ...progress };
        const claimed = await jobs.updateOne(
          { ...asRead(job), leaseUntil: job.leaseUntil },
          { $set: { ...lease, claimed: job.requested, updatedAt: now }, $unset: { error: true } },
        );
        if (claimed) return toJob({ ...job, ...lease, claimed: job.requested, error: undefined });
      }
      return null;
    },

    async renew(paperId, owner, leaseMs, progress, now = new Date()) {
      return jobs.updateOne(
        { _id: paperId, owner, state: 'running' },
        { $set: { ...progress, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now } },
      );
    },

    async finish(paperId, owner, outcome, now = new Date()) {
      await untilApplied(async () => {
        const job = await jobs.findOne({ _id: paperId });
        if (!job || job.owner !== owner || job.state !== 'running') return true; // no longer ours: nothing to say
        // Asked again while this run worked on an older request: queue the next pass instead of saying done.
        const state = outcome.state === 'done' && job.requested > job.claimed ? 'queued' : outcome.state;
        return jobs.updateOne(asRead(job), {
          $set: { state, error: outcome.error, leaseUntil: now, updatedAt: now },
          ...(outcome.error === undefined ? { $unset: { error: true } } : {}),
        });
      });
    },

    async release(paperId, owner, now = new Date()) {
      await jobs.updateOne({ _id: paperId, owner, state: 'running' }, { $set: { leaseUntil: now, updatedAt: now } });
    },

    async list() {
      return (await jobs.find({}, { sort: { _id: 1 } })).map(toJob);
    },
  };
}
