import { lazy, Suspense, useState } from 'react';
import { AdOverlay } from './AdOverlay';
import { MarketingSection } from './MarketingSection';

// The GATE checker owns the landing hero; it loads as its own chunk so the home page paints without waiting.
const GateCheckerHero = lazy(() =>
  import('../checker/GateCheckerHero').then((module) => ({ default: module.GateCheckerHero })),
);

export function HomePage() {
  const [adOpen, setAdOpen] = useState(true);
  return (
    <main id="main">
      <AdOverlay open={adOpen} onClose={() => setAdOpen(false)} />
      <Suspense fallback={<div className="hero-slot" aria-hidden="true" />}>
        <GateCheckerHero />
      </Suspense>
      <MarketingSection />
    </main>
  );
}
