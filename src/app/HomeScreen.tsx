import { GateCheckerHero } from '../features/checker/GateCheckerHero';
import { HomePage } from '../features/marketing/HomePage';

/**
 * The home route: the marketing page with the GATE checker's hero, composed here so neither feature imports the other.
 * The hero comes in this route's chunk: its heavy parts (the score modal, Dexie, the form validation) load on demand,
 * so what is left is small and one round trip sooner than a chunk of its own.
 */
export function HomeScreen() {
  return <HomePage hero={(openChecker) => <GateCheckerHero openChecker={openChecker} />} />;
}

// /ad-modal shares this route's chunk: the overlay and the marketing section are most of both pages.
export { AdModalPage } from '../features/marketing/AdModalPage';
