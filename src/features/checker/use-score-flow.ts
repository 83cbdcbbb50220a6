import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SAYS_OFFLINE_ITSELF } from '../../lib/query';
import { keepScorecard } from '../../lib/scorecard/device';
import {
  requestScore,
  scorecardAddress,
  storedScorecard,
  uploadResponseSheet,
  type ScoreOutcome,
} from '../../lib/scorecard/score-api';
import { rememberSections, sectionChoiceOf, type SectionChoice } from '../../lib/scorecard/section-choice';
import { toast } from '../../lib/ui/toast';
import { resendWaitSeconds, sendVerification, type VerificationSubject } from './checker-api';
import type { CheckerForm } from './checker-draft';
import { openInNewTab } from './open-in-new-tab';
import { resendKey, useResendCooldown } from './use-resend-cooldown';
import { WAIT_LIMITS_MS, WAIT_MESSAGES, within } from './waits';

export type ModalMode = 'score' | 'verification';

const scoreWait = { offline: WAIT_MESSAGES.offline, timeout: WAIT_MESSAGES.retrieveTimeout };
const sendWait = { offline: WAIT_MESSAGES.offline, timeout: WAIT_MESSAGES.sendTimeout };

const messageOf = (error: unknown, fallback: string) => (error as Error | undefined)?.message || fallback;

/** What a verification mail's cool-down is counted by, with the address: the link, or the uploaded page. */
const subjectName = (subject: VerificationSubject) => ('upload' in subject ? `upload ${subject.upload}` : subject.link);

/** One score request: a typed link's, or a saved page's, with the sections chosen when the API asked for them. */
export type ScoreAttempt = { link: string; testPaper: string; email?: string } | { html: string; testPaper: string };

interface ScoreCall {
  attempt: ScoreAttempt;
  sections?: string;
}

interface FlowProps {
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  onModeChange: (mode: ModalMode) => void;
  /** The modal closes: the scorecard opened in its tab. */
  onDone: () => void;
}

/**
 * The checker's calls and where they lead: Retrieve Score (a link or a saved page), the sections question a paper with
 * parts may ask, the e-mail step and its cool-down, and the scorecard opening in a new tab.
 */
export function useScoreFlow({ form, onFormChange, onModeChange, onDone }: FlowProps) {
  // The link + address the "check your inbox" step is about; it shows while the form still holds that pair.
  const [sentKey, setSentKey] = useState<string>();
  const cooldown = useResendCooldown();
  // A paper with parts whose sheet does not show the sections chosen: the question, and the call it answers.
  const [asked, setAsked] = useState<{ question: SectionChoice; call: ScoreCall }>();
  // The mailed link was opened in another tab, and this tab could not bring the scorecard by itself.
  const [verifiedElsewhere, setVerifiedElsewhere] = useState(false);

  /** The scorecard opens in a new tab named by its result's id (nothing of the candidate in the address). */
  async function showOutcome(outcome: ScoreOutcome, link?: string) {
    if (outcome.kind === 'verify-email') {
      onFormChange({ ...form, upload: outcome.upload });
      onModeChange('verification');
      toast.info('Please verify your email first.');
      return;
    }
    await keepScorecard(outcome.data, link);
    openInNewTab(outcome.data.resultId ? scorecardAddress(outcome.data.resultId) : '/scorecard');
    // The uploaded page's e-mail step is done with; the link and paper stay for the next check.
    if (form.upload) onFormChange({ ...form, upload: undefined });
    onDone();
  }

  const score = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: async ({ attempt, sections }: ScoreCall) => {
      const outcome = await within(
        () =>
          'html' in attempt
            ? uploadResponseSheet(attempt.html, {
                testPaper: attempt.testPaper,
                email: form.email || undefined,
                // The link (when typed) is what an e-mail was verified for, and lets admins re-open the result.
                link: form.gateLink.trim() || undefined,
                sections,
              })
            : requestScore({ ...attempt, sections }),
        WAIT_LIMITS_MS.retrieve,
        scoreWait,
      );
      await showOutcome(outcome, 'link' in attempt ? attempt.link : undefined);
    },
    onSuccess: () => setAsked(undefined),
    onError: (error, call) => {
      // The API asks which sections the candidate chose: the answer is the modal's next step, then the same call.
      const question = sectionChoiceOf(error);
      if (question) setAsked({ question, call });
      else toast.error(messageOf(error, 'An error occurred'));
    },
  });

  /** The chosen sections are kept on this device for the link, so the request after the e-mail step says them too. */
  function answerSections(chosen: string[]) {
    if (!asked) return;
    const { attempt } = asked.call;
    if ('link' in attempt) rememberSections(attempt.link, chosen);
    score.mutate({ attempt, sections: chosen.join(',') });
  }

  /** This device holds the proof already: the scorecard at once, the stored upload's or the link's. */
  const verifiedScorecard = (verified: VerificationSubject) =>
    'upload' in verified
      ? storedScorecard(verified.upload)
      : requestScore({ link: verified.link, testPaper: verified.testPaper });

  const send = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: async ({ subject, email }: { subject: VerificationSubject; email: string }) => {
      const outcome = await within(() => sendVerification(subject, email), WAIT_LIMITS_MS.send, sendWait);
      if (!outcome.alreadyVerified) return outcome.resendAfterSeconds;
      const scorecard = await within(() => verifiedScorecard(subject), WAIT_LIMITS_MS.retrieve, scoreWait);
      await showOutcome(scorecard, 'link' in subject ? subject.link : undefined);
      return undefined;
    },
    onSuccess: (resendAfterSeconds, { subject, email }) => {
      if (resendAfterSeconds === undefined) return;
      const key = resendKey(subjectName(subject), email);
      cooldown.start(key, resendAfterSeconds);
      setSentKey(key);
      toast.success('Verification link sent to your email');
    },
    onError: (error, { subject, email }) => {
      // Already sent within the cool-down: the same step, with the server's time left.
      const wait = resendWaitSeconds(error);
      if (wait === undefined) {
        toast.error(messageOf(error, 'Verification failed'));
        return;
      }
      const key = resendKey(subjectName(subject), email);
      cooldown.start(key, wait);
      setSentKey(key);
      toast.info(messageOf(error, ''));
    },
  });

  /**
   * Another tab may have verified the address: the scorecard, as 'Send Verification Link' brings it once verified.
   * When that fails here (offline, a slow portal), the step says the address is verified, with a button to try again.
   */
  // A new proof heard while a check is under way (a second verification, a tap on Continue): one check, one tab.
  const checkingVerified = useRef(false);
  const afterVerifiedElsewhere = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: async (verified: VerificationSubject) => {
      const scorecard = await within(() => verifiedScorecard(verified), WAIT_LIMITS_MS.retrieve, scoreWait);
      // Another sheet or address was verified over there: this one still waits for its own mail.
      if (scorecard.kind === 'verify-email') return;
      setVerifiedElsewhere(false);
      await showOutcome(scorecard, 'link' in verified ? verified.link : undefined);
    },
    onError: (error) => {
      if (verifiedElsewhere) toast.error(messageOf(error, 'An error occurred'));
      else setVerifiedElsewhere(true);
    },
    onSettled: () => {
      checkingVerified.current = false;
    },
  });

  // The e-mail step is for the uploaded page when one waits (no link asked for), else for the typed link.
  const subject: VerificationSubject = form.upload
    ? { upload: form.upload }
    : { link: form.gateLink.trim(), testPaper: form.testPaper || undefined };
  const formKey = resendKey(subjectName(subject), form.email);

  return {
    busy: score.isPending || send.isPending || afterVerifiedElsewhere.isPending,
    asked: asked?.question,
    answerSections,
    forgetQuestion: () => setAsked(undefined),
    retrieve: (attempt: ScoreAttempt) => score.mutate({ attempt }),
    /** Sends the verification mail about the form's link or uploaded page. */
    sendLink: (email: string) => send.mutate({ subject, email }),
    /** Whether the "check your inbox" step is about what the form holds now. */
    sentForForm: sentKey === formKey,
    forgetSent: () => {
      setSentKey(undefined);
      setVerifiedElsewhere(false);
    },
    verifiedElsewhere,
    /** Goes on to the scorecard after a verification in another tab; a check already under way is not repeated. */
    continueVerified: () => {
      if (checkingVerified.current) return;
      checkingVerified.current = true;
      afterVerifiedElsewhere.mutate(subject);
    },
    secondsBeforeResend: cooldown.secondsLeft(formKey),
  };
}
