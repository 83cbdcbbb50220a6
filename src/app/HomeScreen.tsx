import { GateCheckerHero } from '../features/checker/GateCheckerHero';
import { HomePage } from '../features/marketing/HomePage';

/**
 * The home route: the marketing page with the GATE checker's hero, composed here so neither feature imports the other.
 * It comes in the entry chunk (routes.tsx): the hero's heavy parts (the score modal, Dexie, the form validation) load
 * on demand, and the marketing section after idle, so what is left is small.
 */
export function HomeScreen() {
  return <HomePage hero={(openChecker) => <GateCheckerHero openChecker={openChecker} />} />;
}

// /ad-modal shares this route's code: the overlay and the marketing section are most of both pages.
export { AdModalPage } from '../features/marketing/AdModalPage';
