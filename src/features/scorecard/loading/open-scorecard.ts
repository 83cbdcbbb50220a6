import { readStoredScorecard } from '../../../lib/scorecard/device';
import { requestScore, storedScorecard } from '../../../lib/scorecard/score-api';
import { databaseMayExist, mayHaveSavedScorecards } from '../../../lib/db-presence';
import { findScorecard, type FoundScorecard } from './load-scorecard';

/** What of the address the search needs: its history state (the checker's hand-over) and its query string. */
export interface ScorecardAddress {
  state: unknown;
  searchStr: string;
}

/** What the scorecard route's loader hands the page. */
export interface ScorecardLoaderData {
  scorecard: Promise<FoundScorecard | undefined>;
}

const database = () => import('../../../lib/db');

/**
 * The device's saved scorecards, or undefined when this browser has none: a first visit (a candidate following the
 * verification mail) then asks the API at once instead of first loading Dexie (~30 KB) to look in an empty database.
 */
async function savedOnDevice() {
  return (await databaseMayExist()) ? database() : undefined;
}

/**
 * Finds the scorecard an address asks for, on this device or from the API. The route's loader (src/app/routes.tsx)
 * starts it while the page's own code downloads, so the score call is under way before the page first renders.
 */
export function openScorecard({ state, searchStr }: ScorecardAddress): Promise<FoundScorecard | undefined> {
  return findScorecard({
    navigationState: state,
    search: new URLSearchParams(searchStr),
    readStored: () => readStoredScorecard(),
    savedById: async (id) => (await (await savedOnDevice())?.getScorecard(id))?.data,
    // A miss here goes on to the API, so a browser that never saved a scorecard (a first visit following the
    // verification mail) skips IndexedDB, which takes 100–170 ms to answer in a new Chromium profile.
    savedByLink: async (link) =>
      mayHaveSavedScorecards() ? (await (await savedOnDevice())?.findScorecardByLink(link))?.data : undefined,
    latestSaved: async () => (await (await savedOnDevice())?.listScorecards())?.[0]?.data,
    requestScore,
    storedScorecard,
  });
}
