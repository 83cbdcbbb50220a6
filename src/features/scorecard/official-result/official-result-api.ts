import { queryOptions } from '@tanstack/react-query';
import { accessToken, api } from '../../../lib/api';
import type { OfficialResultAnswer } from '../../../contract';

/**
 * The scorecard's official-result calls (docs/official-results.md): whether this device may add one to the stored
 * result, the one it added, and adding it. They speak for the address this device verified (its access token).
 */

/** An official result beside the prediction the scorecard showed when it was added. */
export type OfficialResultReport = OfficialResultAnswer;

/**
 * What the form sends: the typed AIR and score, or those the official scorecard PDF gave with its marks, paper, year
 * and registration number.
 */
export interface OfficialResultEntry {
  rank: number;
  score: number;
  source: 'typed' | 'pdf';
  marks?: number;
  paper?: string;
  year?: number;
  registration?: string;
}

export const officialResultStatusQuery = (resultId: string) =>
  queryOptions({
    queryKey: ['official-result', resultId] as const,
    queryFn: () => api.call('officialResultStatus', { body: { resultId, access: accessToken() } }),
    retry: false,
    staleTime: Infinity,
  });

export const addOfficialResult = (resultId: string, entry: OfficialResultEntry) =>
  api.call('addOfficialResult', { body: { resultId, access: accessToken(), consent: true, ...entry } });
