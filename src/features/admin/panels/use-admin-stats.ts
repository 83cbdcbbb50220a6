import { onlineManager, useQuery } from '@tanstack/react-query';
import { fetchAdminStats } from '../admin-api';
import type { AdminCredentials } from '../../../lib/admin-session';
import { rememberStats } from './last-known-stats';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

const RESCORE_POLL_MS = 2000;

// react-query assumes it starts online and only hears the online/offline events sent after its client mounts, so a
// dashboard opened offline never saw a reconnect to refetch on. Starting from navigator.onLine fixes both.
onlineManager.setEventListener((setOnline) => {
  setOnline(navigator.onLine);
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

/**
 * The dashboard counters and rescoring jobs, polled every 2 s while a rescore is queued or running. Offline the query
 * pauses and runs when the network returns; each answer is kept for the offline dashboard.
 */
export function useAdminStats(credentials: AdminCredentials) {
  return useQuery({
    queryKey: adminStatsQueryKey,
    queryFn: async () => {
      const stats = await fetchAdminStats(credentials);
      rememberStats(localStorage, stats);
      return stats;
    },
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.rescoring.some((job) => job.state === 'queued' || job.state === 'running')
        ? RESCORE_POLL_MS
        : false,
  });
}
