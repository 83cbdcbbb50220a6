import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { KeyVersionStamp } from '../../domain/gate';

/**
 * The scorecard's answer-key-day calls: the paper's current key version (is a saved scorecard's key still current?),
 * and the candidate's score-change e-mails. A stored result is named by its response-sheet link and test paper, which
 * prove the scorecard is the candidate's, as they do for the scorecard itself.
 */

export interface ScorecardIdentity {
  link: string;
  testPaper: string;
}

/** Whether the candidate can be told (a verified e-mail), whether they asked to be, and where the mails go (masked). */
export interface ScoreAlertStatus {
  available: boolean;
  subscribed: boolean;
  email: string | null;
}

export const currentKeyVersionQuery = (paperSet: string) =>
  queryOptions({
    queryKey: ['key-version', paperSet] as const,
    queryFn: () => apiRequest<KeyVersionStamp>(`/api/data/key-version?${new URLSearchParams({ paperSet })}`),
    retry: false,
  });

export const scoreAlertStatusQuery = ({ link, testPaper }: ScorecardIdentity) =>
  queryOptions({
    queryKey: ['score-alerts', link, testPaper] as const,
    queryFn: () =>
      apiRequest<ScoreAlertStatus>('/api/data/score-alerts/status', { method: 'POST', body: { link, testPaper } }),
    retry: false,
    staleTime: Infinity,
  });

export const setScoreAlerts = ({ link, testPaper }: ScorecardIdentity, subscribed: boolean) =>
  apiRequest<ScoreAlertStatus>('/api/data/score-alerts', { method: 'PUT', body: { link, testPaper, subscribed } });
