import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/ui/toast';
import { TEST_PAPERS, TEST_PAPER_LABELS } from '../../domain/gate';
import { firstErrors } from '../../domain/validation/accounts';
import { scoreRequestSchema, verificationRequestSchema } from '../../domain/validation/score-request';
import { ModalDialog } from '../../lib/ui/ModalDialog';
import { keepScorecard, requestScore, uploadResponseSheet, type ScoreOutcome } from '../../lib/scorecard-data';
import type { ScorecardData } from '../../lib/scorecard-types';
import { scorecardAddress, sendVerification } from './checker-api';
import { SavedPageUpload } from './SavedPageUpload';
import { openInNewTab } from './open-in-new-tab';

export interface CheckerForm {
  gateLink: string;
  testPaper: string;
  email: string;
}

export type ModalMode = 'score' | 'verification';

interface ScoreModalProps {
  open: boolean;
  mode: ModalMode;
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  onModeChange: (mode: ModalMode) => void;
  onClose: () => void;
}

const OPEN_AFTER_VERIFIED_MS = 100;

function messageOf(error: unknown, fallback: string): string {
  return (error as Error | undefined)?.message || fallback;
}

/** Spec §2/§4 "Check Your GATE Score": score mode, verification mode, and the saved-page upload beyond the spec. */
export function ScoreModal({ open, mode, form, onFormChange, onModeChange, onClose }: ScoreModalProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setErrors({});
    onClose();
  };
  const update = (field: keyof CheckerForm) => (value: string) => {
    onFormChange({ ...form, [field]: value });
    if (errors[field === 'gateLink' ? 'link' : field]) setErrors({});
  };

  async function showScorecard(data: ScorecardData, link?: string) {
    await keepScorecard(data, link);
    openInNewTab('/scorecard');
    close();
  }

  async function handleOutcome(outcome: ScoreOutcome, link?: string) {
    if (outcome.kind === 'verify-email') {
      onModeChange('verification');
      toast.info('Please verify your email first.');
      return;
    }
    await showScorecard(outcome.data, link);
  }

  async function run(task: () => Promise<void>, fallbackMessage: string) {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      toast.error(messageOf(error, fallbackMessage));
    } finally {
      setBusy(false);
    }
  }

  async function validate<T>(schema: { validate: (v: unknown, o: object) => Promise<T> }, values: unknown) {
    try {
      const valid = await schema.validate(values, { abortEarly: false, stripUnknown: true });
      setErrors({});
      return valid;
    } catch (error) {
      setErrors(firstErrors(error));
      return undefined;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (mode === 'score') {
      const request = await validate(scoreRequestSchema, {
        link: form.gateLink,
        testPaper: form.testPaper,
        email: form.email || undefined,
      });
      if (request) await run(async () => handleOutcome(await requestScore(request), request.link), 'An error occurred');
      return;
    }
    const request = await validate(verificationRequestSchema, { link: form.gateLink, email: form.email });
    if (!request) return;
    await run(async () => {
      const { alreadyVerified } = await sendVerification(request.link, request.email);
      if (!alreadyVerified) {
        toast.success('Verification link sent to your email');
        return;
      }
      const address = scorecardAddress({ ...request, testPaper: form.testPaper });
      close();
      setTimeout(() => openInNewTab(address), OPEN_AFTER_VERIFIED_MS);
    }, 'Verification failed');
  }

  async function uploadSavedPage(file: File) {
    const request = await validate(scoreRequestSchema.pick(['testPaper']), { testPaper: form.testPaper });
    if (!request) return;
    await run(
      async () =>
        handleOutcome(
          await uploadResponseSheet(await file.text(), {
            testPaper: request.testPaper,
            email: form.email || undefined,
            // The link (when typed) is what an e-mail was verified for, and lets admins re-open the result.
            link: form.gateLink.trim() || undefined,
          }),
        ),
      'An error occurred',
    );
  }

  const linkError = errors.link;
  return (
    <ModalDialog open={open} onClose={close} labelledBy="score-modal-title" className="score-modal">
      <div className="score-modal__panel">
        <div className="score-modal__header">
          <h2 id="score-modal-title">Check Your GATE Score</h2>
          <button type="button" className="score-modal__close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
        {mode === 'verification' && (
          <p className="score-modal__note">
            Enter your e-mail address: we will send a link to confirm it, then your scorecard opens.
          </p>
        )}
        <form className="score-modal__form" noValidate onSubmit={submit}>
          <label className="field">
            <span className="field__label">GATE Response Link</span>
            <input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://cdn.digialm.com/…"
              value={form.gateLink}
              onChange={(event) => update('gateLink')(event.target.value)}
              aria-invalid={Boolean(linkError)}
              aria-describedby={linkError ? 'gate-link-error' : undefined}
            />
            {linkError && (
              <span className="field__error" id="gate-link-error">
                {linkError}
              </span>
            )}
          </label>
          {mode === 'score' ? (
            <TestPaperSelect value={form.testPaper} error={errors.testPaper} onChange={update('testPaper')} />
          ) : (
            <label className="field">
              <span className="field__label">Email</span>
              <input
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={(event) => update('email')(event.target.value)}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'gate-email-error' : undefined}
              />
              {errors.email && (
                <span className="field__error" id="gate-email-error">
                  {errors.email}
                </span>
              )}
            </label>
          )}
          <button type="submit" className="button button--primary score-modal__submit" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {mode === 'score' ? 'Retrieve Score' : 'Send Verification Link'}
          </button>
        </form>
        {mode === 'score' && <SavedPageUpload busy={busy} onFile={uploadSavedPage} />}
        <LinkHowTo />
      </div>
    </ModalDialog>
  );
}

function TestPaperSelect({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <label className="field">
      <span className="field__label">Test Paper</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'test-paper-error' : undefined}
      >
        <option value="">Select your test paper</option>
        {TEST_PAPERS.map((paper) => (
          <option key={paper} value={paper}>
            {paper} {TEST_PAPER_LABELS[paper]}
          </option>
        ))}
      </select>
      {error && (
        <span className="field__error" id="test-paper-error">
          {error}
        </span>
      )}
    </label>
  );
}

function LinkHowTo() {
  return (
    <details className="score-modal__howto">
      <summary>Where do I find my response link?</summary>
      <ol>
        <li>Sign in to the GATE candidate portal (GOAPS) and open the response sheet (&ldquo;View Response&rdquo;).</li>
        <li>
          The sheet opens on a page whose address starts with <code>https://cdn.digialm.com/</code>: copy that whole
          address from the browser&rsquo;s address bar.
        </li>
        <li>Paste it above, pick your test paper and choose Retrieve Score.</li>
      </ol>
      <p>
        Portal slow or blocked? Save the response-sheet page (Ctrl+S or &ldquo;Save page as&rdquo;) and upload the saved
        file instead.
      </p>
    </details>
  );
}
