import { lazy, Suspense, useEffect, useState } from 'react';
import { externalLinks } from '../../lib/links';
import { ExternalLink } from '../../lib/ui/ExternalLink';
import type { ModalMode } from './ScoreModal';
import { keepDraft, readDraft, type CheckerForm } from './checker-draft';
import { SavedScorecards } from './SavedScorecards';
import { TypingText } from '../../lib/ui/TypingText';
// Files, not inlined data: the home page's script stays smaller and the browser fetches the images lazily.
import examBanner from './assets/banner-exam.svg?no-inline';
import storeBanner from './assets/banner-store.svg?no-inline';
import './checker.css';

/**
 * The score modal (with its form validation) is its own chunk: it loads when the visitor points at, focuses or
 * presses 'Check Now', so the landing does not pay for it up front.
 */
const loadScoreModal = () => import('./ScoreModal');
const ScoreModal = lazy(() => loadScoreModal().then((module) => ({ default: module.ScoreModal })));
const prefetchScoreModal = () => void loadScoreModal().catch(() => undefined);

function Banner({ href, image, label }: { href: string; image: string; label: string }) {
  return (
    <a className="gate-hero__banner" href={href} target="_blank" rel="noopener noreferrer">
      <img src={image} alt={label} width="240" height="320" loading="lazy" decoding="async" />
    </a>
  );
}

function AdPanel({ side, href, title, text }: { side: 'left' | 'right'; href: string; title: string; text: string }) {
  return (
    <aside className={`gate-ad gate-ad--${side}`} aria-label="Advertisement">
      <span className="gate-ad__tag">Ad</span>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <strong>{title}</strong>
        <span>{text}</span>
      </a>
    </aside>
  );
}

/**
 * The GATE score checker landing: banners either side, the title, the typing tagline and 'Check Now'
 * opening the score modal; side ad panels and the store link; scorecards saved on this device below. `openChecker`
 * opens the modal as 'Check Now' does (the home page's `/?check=now`, the advertisement's 'Check my score').
 */
export function GateCheckerHero({ openChecker = false }: { openChecker?: boolean }) {
  // What was typed comes back after leaving (checker-draft.ts), with an uploaded page's e-mail step still waiting.
  const [form, setForm] = useState<CheckerForm>(() => readDraft(localStorage));
  const [modalOpen, setModalOpen] = useState(false);
  // Mounted from the first 'Check Now' on, so closing keeps what the modal holds, as before it was split off.
  const [modalWanted, setModalWanted] = useState(false);
  const [mode, setMode] = useState<ModalMode>(() => (form.upload ? 'verification' : 'score'));
  const changeForm = (next: CheckerForm) => {
    setForm(next);
    keepDraft(localStorage, next);
  };

  useEffect(() => {
    if (!openChecker) return;
    setModalWanted(true);
    setModalOpen(true);
  }, [openChecker]);

  // An uploaded page still waiting for its e-mail keeps the e-mail step; anything else starts from the score form.
  const closeModal = () => {
    setModalOpen(false);
    setMode(form.upload ? 'verification' : 'score');
  };

  return (
    <section className="gate-hero" aria-labelledby="gate-hero-title">
      <AdPanel
        side="left"
        href={externalLinks.store}
        title="GATE mock tests"
        text="Full-length papers with the real interface."
      />
      <div className="gate-hero__stage">
        <Banner href={externalLinks.gateExam} image={examBanner} label="GATE 2025 official exam site" />
        <div className="gate-hero__centre">
          {/* The home page's main heading: the checker is what most visitors come for. */}
          <h1 id="gate-hero-title" className="gate-hero__title">
            Check your GATE Score Now!
          </h1>
          <TypingText className="gate-hero__tagline" text="Authentic, Accurate, Detailed and Insightful!" />
          <p className="gate-hero__lead">
            Paste your response-sheet link: get your marks, question by question, with a rank estimate.
          </p>
          <button
            type="button"
            className="button button--primary gate-hero__cta"
            onPointerEnter={prefetchScoreModal}
            onFocus={prefetchScoreModal}
            onTouchStart={prefetchScoreModal}
            onClick={() => {
              setModalWanted(true);
              setModalOpen(true);
            }}
          >
            Check Now
          </button>
          <ExternalLink className="gate-hero__store" href={externalLinks.store}>
            Visit our store
          </ExternalLink>
        </div>
        <Banner href={externalLinks.store} image={storeBanner} label="HireGate prep store: mock tests and notes" />
      </div>
      <AdPanel
        side="right"
        href={externalLinks.communityChat}
        title="Join the GATE community"
        text="Answer-key discussions and cut-off updates."
      />
      <SavedScorecards />
      {modalWanted && (
        <Suspense fallback={null}>
          <ScoreModal
            open={modalOpen}
            mode={mode}
            form={form}
            onFormChange={changeForm}
            onModeChange={setMode}
            onClose={closeModal}
          />
        </Suspense>
      )}
    </section>
  );
}
