import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { keepScorecard, readStoredScorecard, requestScore } from '../../lib/scorecard-data';
import { findScorecard, type FoundScorecard } from './load-scorecard';
import { imageUrls } from './scorecard-view';

export type ScorecardState = { status: 'loading' } | ({ status: 'ready' } & FoundScorecard);

const database = () => import('../../lib/db');

/** Loads an image the way an <img> does (request destination 'image'), so the service worker's image route sees it. */
function requestImage(url: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = image.onerror = () => resolve();
    image.src = url;
  });
}

/**
 * Chromium counts every opaque (cross-origin, no-CORS) response in Cache Storage as about 7 MB of quota; a scorecard
 * has some 260 images, so caching portal images ahead of time would exhaust the quota and the worker would purge the
 * whole image cache. Only images this site serves itself are requested ahead; the rest are cached as they are viewed.
 */
const isSameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;

/**
 * Keeps every opened scorecard on the device and asks for its images one by one, so the service worker's image cache
 * holds them for offline viewing. Without a controlling worker this would only spend data, so it is skipped.
 */
async function keepOnDevice({ data, source }: FoundScorecard): Promise<void> {
  if (source === 'api') await keepScorecard(data);
  else if (source !== 'indexedDB') await (await database()).saveScorecard(data);
  if (!navigator.serviceWorker?.controller) return;
  for (const url of imageUrls(data.response).filter(isSameOrigin)) await requestImage(url);
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
      savedById: async (id) => (await (await database()).getScorecard(id))?.data,
      savedByLink: async (link) => (await (await database()).findScorecardByLink(link))?.data,
      latestSaved: async () => (await (await database()).listScorecards())[0]?.data,
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
