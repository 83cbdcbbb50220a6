import type { RescoreStatus } from '../../../domain/gate/rescore-status';

const STATE_TEXT: Record<RescoreStatus['state'], string> = {
  queued: 'Re-scoring queued',
  running: 'Re-scoring',
  done: 'Results re-scored',
  failed: 'Re-scoring failed',
};

/** After a key change stored results are re-scored in the background; this says how far that got. */
export function RescoreStatusList({ jobs }: { jobs: RescoreStatus[] }) {
  if (jobs.length === 0) return null;
  return (
    <div className="admin-rescore" role="status" aria-live="polite">
      <h2>Re-scoring after key changes</h2>
      <ul>
        {jobs.map((job) => (
          <li key={job.paperSet} className={`admin-rescore__job admin-rescore__job--${job.state}`}>
            <strong>{job.paperSet}</strong>: {STATE_TEXT[job.state]} ({job.rescored} of {job.total} results)
            {job.error ? ` — ${job.error}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
