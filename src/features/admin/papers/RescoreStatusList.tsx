import type { RescoreStatus } from '../../../domain/gate/rescore-status';

const STATE_TEXT: Record<RescoreStatus['state'], string> = {
  queued: 'Re-scoring queued',
  running: 'Re-scoring',
  done: 'Results re-scored',
  failed: 'Re-scoring failed',
};

/** 'Re-scoring (3 of 40 results)', with the error of a failed job. */
export function rescoreText(job: RescoreStatus): string {
  return `${STATE_TEXT[job.state]} (${job.rescored} of ${job.total} results)${job.error ? ` — ${job.error}` : ''}`;
}

/**
 * After a key change stored results are re-scored in the background; this says how far that got. `names`: paper id →
 * the paper's name (a paper no longer listed keeps its id).
 */
export function RescoreStatusList({ jobs, names }: { jobs: RescoreStatus[]; names: ReadonlyMap<string, string> }) {
  if (jobs.length === 0) return null;
  return (
    <div className="admin-rescore" role="status" aria-live="polite">
      <h2>Re-scoring after key changes</h2>
      <ul>
        {jobs.map((job) => (
          <li key={job.paperId} className={`admin-rescore__job admin-rescore__job--${job.state}`}>
            <strong>{names.get(job.paperId) ?? job.paperId}</strong>: {rescoreText(job)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One paper's re-scoring, on a line the paper keeps free from the start: saving a key changes the text, never the
 * place of the questions below it.
 */
export function RescoreLine({ job }: { job: RescoreStatus | undefined }) {
  return (
    <p
      className={`admin-rescore-line ${job ? `admin-rescore__job--${job.state}` : ''}`}
      role="status"
      aria-live="polite"
    >
      {job ? rescoreText(job) : ''}
    </p>
  );
}
