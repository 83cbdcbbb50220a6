import { useNavigate } from '@tanstack/react-router';
import { AdOverlay } from './AdOverlay';
import { MarketingSection } from './MarketingSection';

/** /ad-modal: the advertisement on its own address (for campaigns); dismissing it continues to the home page. */
export function AdModalPage() {
  const navigate = useNavigate();
  return (
    <main id="main">
      <AdOverlay open onClose={() => void navigate({ to: '/' })} />
      <MarketingSection />
    </main>
  );
}
