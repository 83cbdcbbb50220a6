import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle';

// Like the saved scorecards below the checker, a chunk that fails to load only logs: the page above it still works.
const MarketingSection = lazy<ComponentType>(() =>
  import('./MarketingSection').then(
    (module) => ({ default: module.MarketingSection }),
    (error: unknown) => {
      console.warn('The marketing section is unavailable', error);
      return { default: () => null };
    },
  ),
);

/** Holds the section's place while it loads, so the footer waits below the fold instead of jumping down. */
const placeholder = <div className="marketing-placeholder" />;

/** Once this page has asked for the section, coming back to the home page shows it at once. */
let requested = false;

/**
 * The marketing section, which sits below the checker's hero and the advertisement: its code and copy load once the
 * page has loaded and the browser is idle, off the home route's first screen (`npm run bench:bundle`).
 */
export function MarketingSectionAfterLoad() {
  const [wanted, setWanted] = useState(requested);
  useEffect(() => {
    if (requested) return;
    let unmounted = false;
    whenIdleAfterLoad(() => {
      requested = true;
      if (!unmounted) setWanted(true);
    });
    return () => {
      unmounted = true;
    };
  }, []);
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MarketingSection />
    </Suspense>
  );
}
