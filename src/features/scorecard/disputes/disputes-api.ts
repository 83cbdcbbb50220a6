import { queryOptions } from '@tanstack/react-query';
import type { DisputesAnswer } from '../../../contract';
import { accessToken, api, ApiError } from '../../../lib/api';
import { keepDisputes, keptDisputes } from '../../../lib/db';

/**
 * The scorecard's disputed answers (docs/gate/disputes.md), asked for the device that may see the result (its access
 * token). Each answer is kept on the device beside the saved scorecard, so offline the scorecard shows the last one.
 */

/** An answer to show, and when this device got it if it came from the device rather than the server. */
export interface ShownDisputes {
  answer: DisputesAnswer;
  keptAt: number | null;
}

const askServer = (resultId: string): Promise<DisputesAnswer> =>
  api.call('scorecardDisputes', { body: { resultId, access: accessToken() } });

/** No server answered (offline), or it failed: the kept answer stands in. A refusal (403, 404, 429) does not. */
const unanswered = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** The server's answer, kept in place of the last one; else the last one kept, or null when there is none. */
export async function disputesOfScorecard(resultId: string, ask = askServer): Promise<ShownDisputes | null> {
  let answer: DisputesAnswer;
  try {
    answer = await ask(resultId);
  } catch (error) {
    if (!unanswered(error)) throw error;
    const kept = await keptDisputes(resultId);
    return kept ? { answer: kept.answer, keptAt: kept.keptAt } : null;
  }
  await keepDisputes(resultId, answer).catch((error: unknown) =>
    console.warn('Could not keep the disputes on this device', error),
  );
  return { answer, keptAt: null };
}

/** Asked again under each key version, since a refreshed scorecard's key may have settled a dispute. */
export const scorecardDisputesQuery = (resultId: string, keyVersion: number | undefined) =>
  queryOptions({
    queryKey: ['disputes', resultId, keyVersion ?? null] as const,
    queryFn: () => disputesOfScorecard(resultId),
    retry: false,
    staleTime: Infinity,
    // Offline it answers from the device, so it runs rather than waiting for the network.
    networkMode: 'always',
  });
