import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { checkAdminSession, readAdminCredentials, type AdminCredentials } from '../../lib/admin-session';
import {
  fetchAdminStats,
  fetchKeyVersionComparison,
  fetchKeyVersions,
  fetchOfficialResultsReview,
  fetchAllPapers,
  fetchPaperDisputes,
  fetchResults,
} from './admin-api';
import { rememberStats } from './panels/last-known-stats';

/**
 * The admin area's reads, one query (key, fetcher and options) each: hooks read them, and writes invalidate or update
 * them by the same key. A separate module from admin-api.ts, which the service worker's outbox reaches and which
 * must not bring react-query with it.
 */

const RESCORE_POLL_MS = 2000;

// Module constants: a key keeps its identity across renders, so hooks can depend on it.
const STATS_KEY = ['admin', 'stats'] as const;
const PAPERS_KEY = ['admin', 'papers'] as const;
const RESULTS_KEY = ['admin', 'results'] as const;
/** Every year's official results under review: a quarantine or restore invalidates them by this prefix. */
export const OFFICIAL_RESULTS_KEY = ['admin', 'official-results'] as const;
/** Every paper's key versions and their comparisons: a key change anywhere invalidates them by this prefix. */
export const KEY_VERSIONS_KEY = ['admin', 'key-versions'] as const;
/** Every paper's disputed answers: a key change anywhere invalidates them by this prefix. */
export const DISPUTES_KEY = ['admin', 'disputes'] as const;

/**
 * The dashboard counters and rescoring jobs, polled every 2 s while a rescore is queued or running; each answer is
 * kept for the offline dashboard.
 */
export const adminStatsQuery = (credentials: AdminCredentials) =>
  queryOptions({
    queryKey: STATS_KEY,
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

export const allPapersQuery = (credentials: AdminCredentials) =>
  queryOptions({ queryKey: PAPERS_KEY, queryFn: () => fetchAllPapers(credentials), retry: false });

export const resultsQuery = (credentials: AdminCredentials) =>
  queryOptions({ queryKey: RESULTS_KEY, queryFn: () => fetchResults(credentials), retry: false });

export const keyVersionsQuery = (credentials: AdminCredentials, paperId: string) =>
  queryOptions({
    queryKey: [...KEY_VERSIONS_KEY, paperId] as const,
    queryFn: () => fetchKeyVersions(credentials, paperId),
    retry: false,
  });

/**
 * A paper's disputed answers. The server keeps them a minute per key version (docs/gate/disputes.md), so asking again
 * sooner only reads its copy; an applied dispute, or a refusal that says the list is stale, refetches this key.
 */
export const paperDisputesQuery = (credentials: AdminCredentials, paperId: string) =>
  queryOptions({
    queryKey: [...DISPUTES_KEY, paperId] as const,
    queryFn: () => fetchPaperDisputes(credentials, paperId),
    retry: false,
  });

/** A year's official results with their standing (the Official results panel). */
export const officialResultsReviewQuery = (credentials: AdminCredentials, year: number) =>
  queryOptions({
    queryKey: [...OFFICIAL_RESULTS_KEY, year] as const,
    queryFn: () => fetchOfficialResultsReview(credentials, year),
    retry: false,
  });

/**
 * Two versions compared. The server scores every stored result of the paper under both keys (seconds on a big paper),
 * so an answer is kept while the admin flips between pairs; a new key version invalidates it with the list.
 */
export const keyVersionComparisonQuery = (credentials: AdminCredentials, paperId: string, from: number, to: number) =>
  queryOptions({
    queryKey: [...KEY_VERSIONS_KEY, paperId, 'compare', from, to] as const,
    queryFn: () => fetchKeyVersionComparison(credentials, paperId, from, to),
    retry: false,
    staleTime: 60_000,
  });

/**
 * The dashboard route's loader: asks for the counters while the dashboard's code downloads, so they show with its
 * first paint (the panels read the same query). Nothing without a live session: the page then sends the visitor to
 * sign in.
 */
export function prefetchAdminStats(queryClient: QueryClient, storage: Storage = sessionStorage, now = Date.now()) {
  const credentials = checkAdminSession(storage, now) === 'active' ? readAdminCredentials(storage) : null;
  if (credentials) void queryClient.prefetchQuery(adminStatsQuery(credentials));
}
