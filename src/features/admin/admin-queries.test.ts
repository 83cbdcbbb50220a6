import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/support/memory-storage';
import { startAdminSession } from '../../lib/admin-session';
import { adminStatsQuery, prefetchAdminStats } from './admin-queries';

const credentials = { email: 'admin@example.com', password: 'Secret#123' };
const start = Date.parse('2026-03-01T09:00:00Z');

describe("the dashboard route's loader", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the counters with the live session, under the key the dashboard reads', () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requests.push(url);
      return new Promise<never>(() => undefined);
    });
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    startAdminSession(credentials, start);
    const queryClient = new QueryClient();
    prefetchAdminStats(queryClient, sessionStorage, start + 1000);
    expect(requests).toHaveLength(1);
    expect(queryClient.getQueryState(adminStatsQuery(credentials).queryKey)?.fetchStatus).toBe('fetching');
  });

  it('asks nothing without a session or once it expired', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    const queryClient = new QueryClient();
    prefetchAdminStats(queryClient, sessionStorage, start);
    startAdminSession(credentials, start);
    prefetchAdminStats(queryClient, sessionStorage, start + 2 * 60 * 60 * 1000);
    expect(fetch).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(adminStatsQuery(credentials).queryKey)).toBeUndefined();
  });
});
