import { queryOptions } from '@tanstack/react-query';
import { accessToken, api } from '../../../lib/api';
import type { ScoreAlertStatusAnswer } from '../../../contract';

/**
 * The scorecard's answer-key-day calls: the paper's current key version (is a saved scorecard's key still current?),
 * and the candidate's score-change e-mails. The switch speaks for the address this device verified (its access
 * token), for the stored result the scorecard names.
 */

/** Whether the candidate can be told (a verified e-mail), whether they asked to be, and where the mails go (masked). */
export type ScoreAlertStatus = ScoreAlertStatusAnswer;

export const currentKeyVersionQuery = (paperId: string) =>
  queryOptions({
    queryKey: ['key-version', paperId] as const,
    queryFn: () => api.call('keyVersion', { query: { paperId } }),
    retry: false,
  });

export const scoreAlertStatusQuery = (resultId: string) =>
  queryOptions({
    queryKey: ['score-alerts', resultId] as const,
    queryFn: () => api.call('scoreAlertStatus', { body: { resultId, access: accessToken() } }),
    retry: false,
    staleTime: Infinity,
  });

export const setScoreAlerts = (resultId: string, subscribed: boolean) =>
  api.call('setScoreAlert', { body: { resultId, access: accessToken(), subscribed } });
