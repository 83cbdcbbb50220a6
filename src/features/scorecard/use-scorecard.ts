import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { toast } from '../../lib/ui/toast';
import { keepScorecard, readStoredScorecard, requestScore } from '../../lib/scorecard-data';
import type { ScorecardData } from '../../lib/scorecard-types';
import { findScorecard, type FoundScorecard } from './load-scorecard';
import { imageSource } from '../../lib/image-source';
import { databaseMayExist } from '../../lib/db-presence';
import { keepImagesOffline } from './keep-images';
import { imageUrls } from './scorecard-view';

export type ScorecardState = { status: 'loading' } | ({ status: 'ready' } & FoundScorecard);

const database = () => import('../../lib/db');

/**
 * The device's saved scorecards, or undefined when this browser has none: a first visit (a candidate following the
 * verification mail) then asks the API at once instead of first loading Dexie (~30 KB) to look in an empty database.
 */
async function savedOnDevice() {
  return (await databaseMayExist()) ? database() : undefined;
}

/** Keeps every opened scorecard on the device, so it is listed under 'Saved on this device' and opens offline. */
async function keepOnDevice({ data, source }: FoundScorecard): Promise<void> {
  if (source === 'api') await keepScorecard(data);
  else if (source !== 'indexedDB') await (await database()).saveScorecard(data);
}

/**
 * Keeps the scorecard's images too, so it opens offline whole: through the same-origin proxy into the service worker's
 * image cache, in the background once the scorecard shows, and apart from the save so neither can fail the other. Re-opening a saved scorecard re-checks
 * them, so an interrupted warm-up completes later. Skipped where no worker registers (src/app/pwa.ts: development,
 * browsers without service workers), since nothing would serve the cached images there.
 */
async function keepImagesOnDevice(data: ScorecardData): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !('caches' in window)) return;
  const sources = imageUrls(data.response)
    .map((address) => imageSource(address, location.origin))
    .filter((source) => !source.startsWith('data:'));
  const report = await keepImagesOffline(sources, caches);
  if (report.failed > 0) console.warn(`${report.failed} scorecard images could not be kept for offline use`);
}

export function useScorecard(): ScorecardState {
  const navigationState = useRouterState({ select: (state) => state.location.state });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [state, setState] = useState<ScorecardState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    findScorecard({
      navigationState,
      search: new URLSearchParams(searchStr),
      readStored: () => readStoredScorecard(),
      savedById: async (id) => (await (await savedOnDevice())?.getScorecard(id))?.data,
      savedByLink: async (link) => (await (await savedOnDevice())?.findScorecardByLink(link))?.data,
      latestSaved: async () => (await (await savedOnDevice())?.listScorecards())?.[0]?.data,
      requestScore,
    })
      .then((result) => {
        if (!current) return;
        if (!result) {
          // Spec §4: without data the page keeps its loading view; the reason goes to the console only.
          console.warn('No scorecard data: open the scorecard from the checker, or with link and email in the address');
          return;
        }
        setState({ status: 'ready', ...result });
        void keepOnDevice(result).catch((error) => console.warn('Could not keep the scorecard offline', error));
        void keepImagesOnDevice(result.data).catch((error) => console.warn('Could not keep images offline', error));
      })
      .catch((error: Error) => {
        if (current) toast.error(error.message || 'An error occurred');
      });
    return () => {
      current = false;
    };
  }, [navigationState, searchStr]);

  return state;
}
