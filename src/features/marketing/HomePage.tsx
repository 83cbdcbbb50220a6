import { useState, type ReactNode } from 'react';
import { asksToCheckNow } from '../../lib/links';
import { AdOverlay, takeAdTurn } from './AdOverlay';
import { MarketingSectionAfterLoad } from './MarketingSectionAfterLoad';

// The landing hero belongs to another feature (the GATE checker), so src/app passes it in: `hero(openChecker)`.
// `/?check=now` opens the checker's dialog instead of the advertisement, and so does the advertisement's 'Check my
// score'. The address is read once, as the page opens: no router hook (it would cost the home route a chunk).
export function HomePage({ hero }: { hero: (openChecker: boolean) => ReactNode }) {
  const [checkNow, setCheckNow] = useState(() => asksToCheckNow(window.location.search));
  // React keeps the first result of an initializer (StrictMode's second, development-only call is discarded).
  const [adOpen, setAdOpen] = useState(() => !checkNow && takeAdTurn());
  const checkScore = () => {
    setAdOpen(false);
    setCheckNow(true);
  };
  return (
    <main id="main">
      <AdOverlay open={adOpen} onClose={() => setAdOpen(false)} onCheckScore={checkScore} />
      {hero(checkNow)}
      <MarketingSectionAfterLoad />
    </main>
  );
}
