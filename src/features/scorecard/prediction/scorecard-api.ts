import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DistributionAnswer, RankAnswer } from '../../../contract';

/** The scorecard page's own reads: the rank among stored results and the spread of stored marks. */

export type RankResponse = RankAnswer;

export async function fetchRank(resultId: string, testPaper: string): Promise<RankResponse> {
  try {
    return await api.call('rank', { params: { resultId, testPaper } });
  } catch (error) {
    // The call reports 'Failed to fetch rank'; the page shows 'Failed to load rank'.
    console.warn('Failed to fetch rank', error);
    throw new Error('Failed to load rank', { cause: error });
  }
}

export type Distribution = DistributionAnswer;

/** The marks of the paper's stored results: by the paper's id, or (a scorecard saved before it named it) its test paper. */
export function fetchDistribution(paper: string): Promise<Distribution> {
  return api.call('distribution', { params: { paper } });
}

/** The rank among stored results; without a stored result there is nothing to ask. */
export const rankQuery = (resultId: string | undefined, testPaper: string) =>
  queryOptions({
    queryKey: ['rank', resultId, testPaper] as const,
    queryFn: () => (resultId ? fetchRank(resultId, testPaper) : Promise.reject(new Error('Failed to load rank'))),
    enabled: Boolean(resultId && testPaper),
    retry: false,
  });

export const distributionQuery = (paper: string) =>
  queryOptions({
    queryKey: ['distribution', paper] as const,
    queryFn: () => fetchDistribution(paper),
    retry: false,
    staleTime: 5 * 60_000,
  });
