import { onlineManager, useQuery } from '@tanstack/react-query';
import { adminStatsQuery } from '../admin-queries';
import type { AdminCredentials } from '../../../lib/admin-session';

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

/** The dashboard's counters (adminStatsQuery). Offline the query pauses and runs when the network returns. */
export function useAdminStats(credentials: AdminCredentials) {
  return useQuery(adminStatsQuery(credentials));
}
