import { useState } from 'react';
import { GateCheckerHero } from '../checker/GateCheckerHero';
import { AdOverlay } from './AdOverlay';
import { MarketingSection } from './MarketingSection';

// The GATE checker owns the landing hero. It comes in this route's chunk: its heavy parts (the score modal, Dexie,
// the form validation) load on demand, so what is left is small and one round trip sooner than a chunk of its own.
export function HomePage() {
  const [adOpen, setAdOpen] = useState(true);
  return (
    <main id="main">
      <AdOverlay open={adOpen} onClose={() => setAdOpen(false)} />
      <GateCheckerHero />
      <MarketingSection />
    </main>
  );
}

// /ad-modal shares this route's chunk: the overlay and the marketing section are most of both pages.
export { AdModalPage } from './AdModalPage';
