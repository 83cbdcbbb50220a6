import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { AdminCredentials } from '../../../lib/admin-session';
import { TypingText } from '../../../lib/ui/TypingText';
import { RescoreStatusList } from '../papers/RescoreStatusList';
import { PaperStates } from '../papers/PaperStates';
import { useAdminStats } from './use-admin-stats';
import { dashboardFigures, readLastKnownStats } from './last-known-stats';
import { officialResultsText } from './official-results-text';

const TAGLINE = 'Upload question papers, set answer keys and follow every candidate result.';
const TAGLINE_MS_PER_CHARACTER = 45;

const subscribeOnline = (notify: () => void) => onlineManager.subscribe(() => notify());
const useOnline = () => useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());

/**
 * Welcome, a typing tagline, and the two counters: a spinner while loading, 0 when the call fails, and offline the
 * last figures this device saw, with their time.
 */
export function DashboardPanel({ credentials }: { credentials: AdminCredentials }) {
  const stats = useAdminStats(credentials);
  const online = useOnline();
  const figures = dashboardFigures(stats, readLastKnownStats(localStorage), online);

  return (
    <section className="admin-panel" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">Welcome to the Admin Dashboard</h1>
      <TypingText className="admin-tagline" text={TAGLINE} msPerCharacter={TAGLINE_MS_PER_CHARACTER} />
      <div className="admin-counters">
        <Counter title="Total Question Papers" loading={figures.loading} value={figures.paperCount} />
        <Counter title="Total Results Present" loading={figures.loading} value={figures.results} />
      </div>
      <p className="admin-counters__note" role="status" data-testid="admin-figures-note">
        {figures.note}
      </p>
      {stats.data?.officialResults && (
        <p className="admin-counters__note" data-testid="official-results">
          {officialResultsText(stats.data.officialResults)}
        </p>
      )}
      {stats.data?.papers && <PaperStates papers={stats.data.papers} />}
      {stats.data && (
        <RescoreStatusList
          jobs={stats.data.rescoring}
          names={new Map((stats.data.papers ?? []).map((paper) => [paper.id, paper.name]))}
        />
      )}
    </section>
  );
}

function Counter({ title, loading, value }: { title: string; loading: boolean; value: number | null }) {
  return (
    <div className="admin-counter">
      <h2>{title}</h2>
      {loading ? (
        <span className="admin-spinner" role="status" aria-label={`Loading ${title}`} />
      ) : (
        <p className="admin-counter__value" data-testid={title}>
          {value ?? '–'}
        </p>
      )}
    </div>
  );
}
