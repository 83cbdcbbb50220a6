import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/ui/toast';
import { firstErrors } from '../../domain/validation/accounts';
import { scoreRequestSchema, sheetLinkProblem, verificationRequestSchema } from '../../domain/validation/score-request';
import { Field, Spinner } from '../../lib/ui/FormFields';
import { ModalDialog } from '../../lib/ui/ModalDialog';
import { keepScorecard } from '../../lib/scorecard/device';
import {
  requestScore,
  scorecardAddress,
  storedScorecard,
  uploadResponseSheet,
  type ScoreOutcome,
} from '../../lib/scorecard/score-api';
import { rememberSections, sectionChoiceOf, type SectionChoice } from '../../lib/scorecard/section-choice';
import type { ScorecardData } from '../../lib/scorecard/types';
import { resendWaitSeconds, sendVerification, type VerificationSubject } from './checker-api';
import type { CheckerForm } from './checker-draft';
import { SavedPageUpload } from './SavedPageUpload';
import { SectionChoiceStep } from './SectionChoiceStep';
import { TestPaperField } from './TestPaperField';
import { openInNewTab } from './open-in-new-tab';
import { resendKey, useResendCooldown } from './use-resend-cooldown';
import { VerificationSent } from './VerificationSent';
import { WAIT_LIMITS_MS, WAIT_MESSAGES, within } from './waits';

export type ModalMode = 'score' | 'verification';

interface ScoreModalProps {
  open: boolean;
  mode: ModalMode;
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  onModeChange: (mode: ModalMode) => void;
  onClose: () => void;
}

function messageOf(error: unknown, fallback: string): string {
  return (error as Error | undefined)?.message || fallback;
}

const scoreWait = { offline: WAIT_MESSAGES.offline, timeout: WAIT_MESSAGES.retrieveTimeout };
const sendWait = { offline: WAIT_MESSAGES.offline, timeout: WAIT_MESSAGES.sendTimeout };

/** The rule the server applies too, before an e-mail is asked for: the demo's sample sheets are on this origin. */
const linkProblem = (link: string) => sheetLinkProblem(link, [window.location.origin]);

/** What a verification mail's cool-down is counted by, with the address: the link, or the uploaded page. */
const subjectName = (subject: VerificationSubject) => ('upload' in subject ? `upload ${subject.upload}` : subject.link);

/** "Check Your GATE Score": score mode, verification mode, and the saved-page upload. */
export function ScoreModal({ open, mode, form, onFormChange, onModeChange, onClose }: ScoreModalProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The link + address the "check your inbox" step is about; it shows while the form still holds that pair.
  const [sentKey, setSentKey] = useState<string>();
  const cooldown = useResendCooldown();
  // The e-mail step is for the uploaded page when one waits (no link asked for), else for the typed link.
  const subject: VerificationSubject = form.upload
    ? { upload: form.upload }
    : { link: form.gateLink.trim(), testPaper: form.testPaper || undefined };
  const formKey = resendKey(subjectName(subject), form.email);
  const showSent = mode === 'verification' && sentKey === formKey;
  // A paper with parts whose sheet does not show the sections chosen: the question, and how to answer it.
  const [asked, setAsked] = useState<{ question: SectionChoice; answer: (sections: string[]) => void }>();

  const close = () => {
    setErrors({});
    setAsked(undefined);
    onClose();
  };
  const update = (field: keyof CheckerForm) => (value: string) => {
    onFormChange({ ...form, [field]: value });
    if (errors[field === 'gateLink' ? 'link' : field]) setErrors({});
  };

  /** The scorecard opens in a new tab named by its result's id (nothing of the candidate in the address). */
  async function showScorecard(data: ScorecardData, link?: string) {
    await keepScorecard(data, link);
    openInNewTab(data.resultId ? scorecardAddress(data.resultId) : '/scorecard');
    // The uploaded page's e-mail step is done with; the link and paper stay for the next check.
    if (form.upload) onFormChange({ ...form, upload: undefined });
    close();
  }

  async function handleOutcome(outcome: ScoreOutcome, link?: string) {
    if (outcome.kind === 'verify-email') {
      onFormChange({ ...form, upload: outcome.upload });
      onModeChange('verification');
      toast.info('Please verify your email first.');
      return;
    }
    await showScorecard(outcome.data, link);
  }

  /**
   * One score request; when the API asks which sections the candidate chose, the answer is the modal's next step, then
   * the same request again with it (kept on this device for the link, so the request after the e-mail step says it too).
   */
  async function scoreOrAsk(attempt: (sections?: string) => Promise<void>, link?: string, sections?: string) {
    try {
      await attempt(sections);
      setAsked(undefined);
    } catch (error) {
      const question = sectionChoiceOf(error);
      if (!question) throw error;
      const answer = (chosen: string[]) =>
        void run(async () => {
          if (link) rememberSections(link, chosen);
          await scoreOrAsk(attempt, link, chosen.join(','));
        }, 'An error occurred');
      setAsked({ question, answer });
    }
  }

  /** Leaves the uploaded page's e-mail step for the score form (the upload stays stored; uploading again finds it). */
  function checkAnotherSheet() {
    setErrors({});
    onFormChange({ ...form, upload: undefined });
    onModeChange('score');
  }

  /** This device holds the proof already: the scorecard at once, the stored upload's or the link's. */
  const verifiedScorecard = (verified: VerificationSubject) =>
    'upload' in verified
      ? storedScorecard(verified.upload)
      : requestScore({ link: verified.link, testPaper: verified.testPaper });

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

  /** The schema's rules, and a typed link must be one that can be a response sheet (said under the field). */
  async function validate<T>(
    schema: { validate: (v: unknown, o: object) => Promise<T> },
    values: { link?: string; [field: string]: unknown },
  ) {
    let valid: T | undefined;
    let found: Record<string, string> = {};
    try {
      valid = await schema.validate(values, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      found = firstErrors(error);
    }
    const problem = values.link?.trim() ? linkProblem(values.link) : undefined;
    if (problem && !found.link) found = { link: problem, ...found };
    setErrors(found);
    return Object.keys(found).length === 0 ? valid : undefined;
  }

  async function sendLink(verified: VerificationSubject, email: string) {
    const key = resendKey(subjectName(verified), email);
    await run(async () => {
      try {
        const outcome = await within(() => sendVerification(verified, email), WAIT_LIMITS_MS.send, sendWait);
        if (outcome.alreadyVerified) {
          const scorecard = await within(() => verifiedScorecard(verified), WAIT_LIMITS_MS.retrieve, scoreWait);
          await handleOutcome(scorecard, 'link' in verified ? verified.link : undefined);
          return;
        }
        cooldown.start(key, outcome.resendAfterSeconds);
        setSentKey(key);
        toast.success('Verification link sent to your email');
      } catch (error) {
        // Already sent within the cool-down: the same step, with the server's time left.
        const wait = resendWaitSeconds(error);
        if (wait === undefined) throw error;
        cooldown.start(key, wait);
        setSentKey(key);
        toast.info(messageOf(error, ''));
      }
    }, 'Verification failed');
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
      if (!request) return;
      await run(async () => {
        await scoreOrAsk(async (sections) => {
          const outcome = await within(
            () => requestScore({ ...request, sections }),
            WAIT_LIMITS_MS.retrieve,
            scoreWait,
          );
          await handleOutcome(outcome, request.link);
        }, request.link);
      }, 'An error occurred');
      return;
    }
    if (form.upload) {
      const request = await validate(verificationRequestSchema.pick(['email']), { email: form.email });
      if (request) await sendLink(subject, request.email);
      return;
    }
    const request = await validate(verificationRequestSchema, { link: form.gateLink, email: form.email });
    if (request) await sendLink({ ...subject, link: request.link }, request.email);
  }

  async function uploadSavedPage(file: File) {
    // The link is optional here, but one typed must be a response sheet's: an e-mail is verified for it.
    const request = await validate(scoreRequestSchema.pick(['testPaper']), {
      testPaper: form.testPaper,
      link: form.gateLink,
    });
    if (!request) return;
    const html = await file.text();
    await run(async () => {
      await scoreOrAsk(async (sections) => {
        const upload = () =>
          uploadResponseSheet(html, {
            testPaper: request.testPaper,
            email: form.email || undefined,
            // The link (when typed) is what an e-mail was verified for, and lets admins re-open the result.
            link: form.gateLink.trim() || undefined,
            sections,
          });
        await handleOutcome(await within(upload, WAIT_LIMITS_MS.retrieve, scoreWait));
      });
    }, 'An error occurred');
  }

  const linkError = errors.link;
  const waitForResend = mode === 'verification' ? cooldown.secondsLeft(formKey) : 0;
  return (
    <ModalDialog open={open} onClose={close} labelledBy="score-modal-title" className="score-modal">
      <div className="score-modal__panel">
        <div className="score-modal__header">
          <h2 id="score-modal-title">Check Your GATE Score</h2>
          <button type="button" className="score-modal__close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
        {asked && mode === 'score' ? (
          <SectionChoiceStep
            question={asked.question}
            busy={busy}
            onChoose={asked.answer}
            onBack={() => setAsked(undefined)}
          />
        ) : showSent ? (
          <VerificationSent
            email={form.email.trim()}
            secondsLeft={waitForResend}
            busy={busy}
            onResend={() => void sendLink(subject, form.email.trim())}
            onChangeEmail={() => setSentKey(undefined)}
          />
        ) : (
          <>
            {mode === 'verification' && (
              <p className="score-modal__note">
                {form.upload
                  ? 'Your saved page is uploaded. Enter your e-mail address: we will send a link to confirm it, then the scorecard of that page opens.'
                  : 'Enter your e-mail address: we will send a link to confirm it, then your scorecard opens.'}
              </p>
            )}
            <form className="score-modal__form" noValidate onSubmit={(event) => void submit(event)}>
              {!(mode === 'verification' && form.upload) && (
                <Field id="gate-link" label="GATE Response Link" error={linkError}>
                  {(control) => (
                    <input
                      {...control}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      placeholder="https://cdn.digialm.com/…"
                      value={form.gateLink}
                      onChange={(event) => update('gateLink')(event.target.value)}
                    />
                  )}
                </Field>
              )}
              {mode === 'score' ? (
                <TestPaperField
                  value={form.testPaper}
                  error={errors.testPaper}
                  onChange={update('testPaper')}
                  link={form.gateLink}
                />
              ) : (
                <Field id="gate-email" label="Email" error={errors.email}>
                  {(control) => (
                    <input
                      {...control}
                      type="email"
                      autoComplete="email"
                      value={form.email}
                      onChange={(event) => update('email')(event.target.value)}
                    />
                  )}
                </Field>
              )}
              <button
                type="submit"
                className="button button--primary score-modal__submit"
                disabled={busy || waitForResend > 0}
                aria-busy={busy}
                aria-describedby={waitForResend > 0 ? 'form-resend-wait' : undefined}
              >
                {busy && <Spinner />}
                {mode === 'score' ? 'Retrieve Score' : 'Send Verification Link'}
              </button>
              {waitForResend > 0 && (
                <p id="form-resend-wait" className="verification-sent__wait">
                  A link went to this address a moment ago. You can send a new one in {waitForResend} s.
                </p>
              )}
              {mode === 'verification' && form.upload && (
                <button type="button" className="button score-modal__other" onClick={checkAnotherSheet}>
                  Check another response sheet
                </button>
              )}
            </form>
          </>
        )}
        {mode === 'score' && !asked && <SavedPageUpload busy={busy} onFile={uploadSavedPage} />}
        <LinkHowTo />
      </div>
    </ModalDialog>
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
