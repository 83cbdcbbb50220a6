import { ModalDialog } from '../../lib/ui/ModalDialog';

const SEEN_KEY = 'hiregate.adSeen';

/**
 * Whether the home page opens under the advertisement: once per visit (the tab's session, marked seen by this call),
 * and never in the installed app, which people open to use it. Called once, as the home page first renders.
 */
export function takeAdTurn(): boolean {
  try {
    if (sessionStorage.getItem(SEEN_KEY) || matchMedia('(display-mode: standalone)').matches) return false;
    sessionStorage.setItem(SEEN_KEY, '1');
    return true;
  } catch {
    // Storage blocked: no advertisement, rather than one on every page load.
    return false;
  }
}

interface AdOverlayProps {
  open: boolean;
  onClose: () => void;
  /** 'Check my score': open the checker's dialog (the home page at `/?check=now`). */
  onCheckScore: () => void;
}

/**
 * The advertisement shown over the home page at load (takeAdTurn): close button, backdrop click or Escape dismiss it;
 * 'Check my score' does what it says.
 */
export function AdOverlay({ open, onClose, onCheckScore }: AdOverlayProps) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="ad-title" className="ad-overlay">
      <div className="ad-overlay__content">
        <button
          type="button"
          className="icon-button ad-overlay__close"
          aria-label="Close advertisement"
          onClick={onClose}
        >
          ×
        </button>
        <p className="ad-overlay__eyebrow">Free for GATE candidates</p>
        <h2 id="ad-title" className="ad-overlay__title">
          Your GATE score and predicted rank, in seconds
        </h2>
        <p>
          Paste the link to your GATE response sheet, pick your paper and get a question-by-question scorecard with a
          predicted rank. No account to create: we may ask you to confirm your e-mail address through a link we send.
        </p>
        <button type="button" className="button button--accent" onClick={onCheckScore}>
          Check my score
        </button>
      </div>
    </ModalDialog>
  );
}
