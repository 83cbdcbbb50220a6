import { useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { asksToCheckNow, CHECK_NOW_SEARCH } from '../../lib/scorecard-links';
import { GateCheckerHero } from '../checker/GateCheckerHero';
import { AdOverlay } from './AdOverlay';
import { MarketingSection } from './MarketingSection';

// The GATE checker owns the landing hero. It comes in this route's chunk: its heavy parts (the score modal, Dexie,
// the form validation) load on demand, so what is left is small and one round trip sooner than a chunk of its own.
// `/?check=now` opens the checker's dialog instead of the advertisement; the advertisement's 'Check my score' leads
// there too.
export function HomePage() {
  const navigate = useNavigate();
  const checkNow = useRouterState({ select: (state) => asksToCheckNow(state.location.search) });
  const [adOpen, setAdOpen] = useState(!checkNow);
  const checkScore = () => {
    setAdOpen(false);
    void navigate({ to: '/', search: CHECK_NOW_SEARCH, replace: true });
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
