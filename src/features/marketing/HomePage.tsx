import { useState } from 'react';
import { asksToCheckNow } from '../../lib/scorecard-links';
import { GateCheckerHero } from '../checker/GateCheckerHero';
import { AdOverlay } from './AdOverlay';
import { MarketingSection } from './MarketingSection';

// The GATE checker owns the landing hero. It comes in this route's chunk: its heavy parts (the score modal, Dexie,
// the form validation) load on demand, so what is left is small and one round trip sooner than a chunk of its own.
// `/?check=now` opens the checker's dialog instead of the advertisement, and so does the advertisement's 'Check my
// score'. The address is read once, as the page opens: no router hook (it would cost the home route a chunk).
export function HomePage() {
  const [checkNow, setCheckNow] = useState(() => asksToCheckNow(window.location.search));
  const [adOpen, setAdOpen] = useState(!checkNow);
  const checkScore = () => {
    setAdOpen(false);
    setCheckNow(true);
  };
  return (
    <main id="main">
      <AdOverlay open={adOpen} onClose={() => setAdOpen(false)} onCheckScore={checkScore} />
      <GateCheckerHero openChecker={checkNow} />
      <MarketingSection />
    </main>
  );
}

// /ad-modal shares this route's chunk: the overlay and the marketing section are most of both pages.
export { AdModalPage } from './AdModalPage';
