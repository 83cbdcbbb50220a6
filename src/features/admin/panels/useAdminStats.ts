import { useQuery } from '@tanstack/react-query';
import { fetchAdminStats } from '../adminApi';
import type { AdminCredentials } from '../session/adminSession';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

const RESCORE_POLL_MS = 2000;

/** The dashboard counters and rescoring jobs, polled every 2 s while a rescore is queued or running. */
export function useAdminStats(credentials: AdminCredentials) {
  return useQuery({
    queryKey: adminStatsQueryKey,
    queryFn: () => fetchAdminStats(credentials),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.rescoring.some((job) => job.state === 'queued' || job.state === 'running')
        ? RESCORE_POLL_MS
        : false,
  });
}
