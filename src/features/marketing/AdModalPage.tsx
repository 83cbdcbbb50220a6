import { useNavigate } from '@tanstack/react-router';
import { CHECK_NOW_SEARCH } from '../../lib/links';
import { AdOverlay } from './AdOverlay';
import { MarketingSectionAfterLoad } from './MarketingSectionAfterLoad';

/**
 * /ad-modal: the advertisement on its own address (for campaigns); dismissing it continues to the home page, 'Check
 * my score' to the home page with the checker open.
 */
export function AdModalPage() {
  const navigate = useNavigate();
  return (
    <main id="main">
      <AdOverlay
        open
        onClose={() => void navigate({ to: '/' })}
        onCheckScore={() => void navigate({ to: '/', search: CHECK_NOW_SEARCH })}
      />
      <MarketingSectionAfterLoad />
    </main>
  );
}
