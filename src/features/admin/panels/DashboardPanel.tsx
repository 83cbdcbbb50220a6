import type { AdminCredentials } from '../session/adminSession';
import { useTypingText } from '../../../lib/useTypingText';
import { RescoreStatusList } from '../papers/RescoreStatusList';
import { useAdminStats } from './useAdminStats';

const TAGLINE = 'Upload question papers, set answer keys and follow every candidate result.';
const TAGLINE_MS_PER_CHARACTER = 45;

/** Welcome, a typing tagline, and the two counters (spinner while loading, 0 when the call fails). */
export function DashboardPanel({ credentials }: { credentials: AdminCredentials }) {
  const tagline = useTypingText(TAGLINE, TAGLINE_MS_PER_CHARACTER);
  const stats = useAdminStats(credentials);

  return (
    <section className="admin-panel" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">Welcome to the Admin Dashboard</h1>
      <p className="admin-tagline" aria-label={TAGLINE}>
        <span aria-hidden="true">{tagline}</span>
        <span className="admin-caret" aria-hidden="true" />
      </p>
      <div className="admin-counters">
        <Counter title="Total Question Papers" loading={stats.isPending} value={stats.data?.paperSets ?? 0} />
        <Counter title="Total Results Present" loading={stats.isPending} value={stats.data?.results ?? 0} />
      </div>
      {stats.data && <RescoreStatusList jobs={stats.data.rescoring} />}
    </section>
  );
}

function Counter({ title, loading, value }: { title: string; loading: boolean; value: number }) {
  return (
    <div className="admin-counter">
      <h2>{title}</h2>
      {loading ? (
        <span className="admin-spinner" role="status" aria-label={`Loading ${title}`} />
      ) : (
        <p className="admin-counter__value" data-testid={title}>
          {value}
        </p>
      )}
    </div>
  );
}
