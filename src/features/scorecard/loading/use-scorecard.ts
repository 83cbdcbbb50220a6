import { startTransition, useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { keepScorecard, saveOnDevice } from '../../../lib/scorecard/device';
import type { ScorecardData } from '../../../lib/scorecard/types';
import {
  SCORECARD_WAIT_LIMIT_MS,
  scorecardProblem,
  type FoundScorecard,
  type ScorecardProblem,
} from './load-scorecard';
import type { ScorecardLoaderData } from './open-scorecard';
import { imageSource } from '../../../lib/image-source';
import { whenIdle } from '../../../lib/idle';
import { keepImagesOffline } from '../../../lib/scorecard/keep-images';
import { imageUrls } from '../breakdown/scorecard-view';
import { scorecardAddress } from '../../../lib/scorecard/score-api';

export type ScorecardState =
  { status: 'loading' } | ({ status: 'ready' } & FoundScorecard) | { status: 'problem'; problem: ScorecardProblem };

/** The route's id: its path under the pathless site layout (routes.tsx, `id: 'site'`). */
const SCORECARD_ROUTE_ID = '/site/scorecard';

/** Keeps every opened scorecard on the device, so it is listed under 'Saved on this device' and opens offline. */
async function keepOnDevice({ data, source }: FoundScorecard): Promise<void> {
  if (source === 'api') await keepScorecard(data);
  else if (source !== 'indexedDB') await saveOnDevice(data);
}

/**
 * Keeps the scorecard's images too, so it opens offline whole: through the same-origin proxy into the service worker's
 * image cache, and apart from the save so neither can fail the other. Re-opening a saved scorecard re-checks them, so
 * an interrupted warm-up completes later. Skipped where no worker registers (src/app/pwa.ts: development, browsers
 * without service workers), since nothing would serve the cached images there.
 */
async function keepImagesOnDevice(data: ScorecardData): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !('caches' in window)) return;
  const sources = imageUrls(data.response)
    .map((address) => imageSource(address, location.origin))
    .filter((source) => !source.startsWith('data:'));
  const report = await keepImagesOffline(sources, caches);
  if (report.failed > 0) console.warn(`${report.failed} scorecard images could not be kept for offline use`);
}

/**
 * Names the shown scorecard in the address by its result's id alone, in place (no new history entry, no reload): an
 * address the page was opened with (a link and e-mail from an older mail, a verified link handed over) then keeps
 * nothing of the candidate in history, bookmarks or a shared link. The router reads the address again on Back.
 */
function nameInAddress(data: ScorecardData): void {
  const address = data.resultId ? scorecardAddress(data.resultId) : location.pathname;
  if (`${location.pathname}${location.search}` !== address) history.replaceState(history.state, '', address);
}

/**
 * The scorecard the route's loader is looking for (open-scorecard.ts): loading until it is found, then ready, or a
 * problem with a next step (ScorecardMessage) when it is not found, cannot be fetched, or takes too long.
 */
export function useScorecard(): ScorecardState {
  // useRouterState rather than getRouteApi: the latter makes the bundler split the router out of the app's entry.
  const scorecard = useRouterState({
    select: (state) =>
      (
        state.matches.find((match) => match.routeId === SCORECARD_ROUTE_ID)?.loaderData as
          ScorecardLoaderData | undefined
      )?.scorecard,
  });
  const [state, setState] = useState<ScorecardState>({ status: 'loading' });

  useEffect(() => {
    if (!scorecard) return;
    let current = true;
    setState((previous) => (previous.status === 'loading' ? previous : { status: 'loading' }));
    const showProblem = (problem: ScorecardProblem) => current && setState({ status: 'problem', problem });
    const tooLong = setTimeout(() => showProblem({ kind: 'no-response' }), SCORECARD_WAIT_LIMIT_MS);
    scorecard
      .then((result) => {
        clearTimeout(tooLong);
        if (!current) return;
        if (!result) {
          // Nothing to show: log a warning and end the wait with a way to the checker instead of loading forever.
          console.warn('No scorecard data: open the scorecard from the checker, or by its id in the address');
          showProblem({ kind: 'no-scorecard' });
          return;
        }
        nameInAddress(result.data);
        // A transition, so React builds the scorecard in slices and a phone stays responsive while it does.
        startTransition(() => setState({ status: 'ready', ...result }));
        // Keeping it for offline use is background work: it runs when the browser is idle, not amid the rendering.
        whenIdle(() => {
          void keepOnDevice(result).catch((error) => console.warn('Could not keep the scorecard offline', error));
          void keepImagesOnDevice(result.data).catch((error) => console.warn('Could not keep images offline', error));
        });
      })
      .catch((error: unknown) => {
        clearTimeout(tooLong);
        showProblem(scorecardProblem(error, navigator.onLine));
      });
    return () => {
      current = false;
      clearTimeout(tooLong);
    };
  }, [scorecard]);

  return state;
}
