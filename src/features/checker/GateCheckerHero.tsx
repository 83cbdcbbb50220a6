import { useState } from 'react';
import { externalLinks } from '../../app/links';
import { ScoreModal, type CheckerForm, type ModalMode } from './ScoreModal';
import { SavedScorecards } from './SavedScorecards';
import { TypingText } from './TypingText';
import examBanner from './assets/banner-exam.svg';
import storeBanner from './assets/banner-store.svg';
import './checker.css';

const EMPTY_FORM: CheckerForm = { gateLink: '', testPaper: '', email: '' };

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
 * The GATE score checker landing (spec §2): banners either side, the title, the typing tagline and 'Check Now'
 * opening the score modal; side ad panels and the store link; scorecards saved on this device below.
 */
export function GateCheckerHero() {
  const [form, setForm] = useState<CheckerForm>(EMPTY_FORM);
  const [modalOpen, setModalOpen] = useState(false);
  const [mode, setMode] = useState<ModalMode>('score');

  const closeModal = () => {
    setModalOpen(false);
    setMode('score');
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
          <h2 id="gate-hero-title" className="gate-hero__title">
            Check your GATE Score Now!
          </h2>
          <TypingText className="gate-hero__tagline" text="Authentic, Accurate, Detailed and Insightful!" />
          <p className="gate-hero__lead">
            Paste your response-sheet link: get your marks, question by question, with a rank estimate.
          </p>
          <button type="button" className="button button--primary gate-hero__cta" onClick={() => setModalOpen(true)}>
            Check Now
          </button>
          <a className="gate-hero__store" href={externalLinks.store} target="_blank" rel="noopener noreferrer">
            Visit our store<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
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
      <ScoreModal
        open={modalOpen}
        mode={mode}
        form={form}
        onFormChange={setForm}
        onModeChange={setMode}
        onClose={closeModal}
      />
    </section>
  );
}
