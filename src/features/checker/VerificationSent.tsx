import { useEffect, useEffectEvent, useRef } from 'react';
import { watchVerifiedElsewhere } from './verified-elsewhere';

interface VerificationSentProps {
  email: string;
  /** Seconds until another mail may be sent; 0 when it may. */
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
  /** The mailed link may have been opened in another tab of this browser. */
  onVerifiedElsewhere: () => void;
}

/**
 * Beyond the spec: after 'Send Verification Link' the modal says where the mail went and what to do with it, and
 * holds the button for the server's cool-down with the time left in view, so a second click does not send another
 * mail. Wording in docs/behaviour.md. When the mail's link is opened in another tab, this one goes on by itself.
 */
export function VerificationSent({
  email,
  secondsLeft,
  busy,
  onResend,
  onChangeEmail,
  onVerifiedElsewhere,
}: VerificationSentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the step's heading takes it, so a screen reader reads the step from there.
  useEffect(() => heading.current?.focus(), []);
  // Watched from the step's first showing: the proof this tab has seen then is what a later one is compared with.
  const verifiedElsewhere = useEffectEvent(onVerifiedElsewhere);
  useEffect(() => watchVerifiedElsewhere(() => verifiedElsewhere()), []);

  return (
    <div className="verification-sent">
      <h3 ref={heading} tabIndex={-1} className="verification-sent__title">
        Check your inbox
      </h3>
      <p>
        We sent a verification link to <strong className="verification-sent__email">{email}</strong>. Open that e-mail
        and tap the link within 24 hours: your scorecard opens after that.
      </p>
      <p className="verification-sent__hint">No e-mail after a few minutes? Look in your spam or promotions folder.</p>
      <button
        type="button"
        className="button button--primary score-modal__submit"
        disabled={busy || secondsLeft > 0}
        aria-busy={busy}
        aria-describedby="resend-wait"
        onClick={onResend}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        Send Verification Link
      </button>
      <p id="resend-wait" className="verification-sent__wait">
        {secondsLeft > 0 ? `You can send a new link in ${secondsLeft} s.` : 'You can send a new link now.'}
      </p>
      <button type="button" className="score-modal__text-button" onClick={onChangeEmail}>
        Use another e-mail address
      </button>
    </div>
  );
}

interface VerifiedElsewhereProps {
  busy: boolean;
  onContinue: () => void;
}

/** Beyond the spec: the address was verified in another tab, and this one could not open the scorecard by itself. */
export function VerifiedElsewhere({ busy, onContinue }: VerifiedElsewhereProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="verification-sent">
      <h3 ref={heading} tabIndex={-1} className="verification-sent__title">
        Your e-mail is verified
      </h3>
      <p>You verified it in another tab. Continue to open your scorecard here.</p>
      <button
        type="button"
        className="button button--primary score-modal__submit"
        disabled={busy}
        aria-busy={busy}
        onClick={onContinue}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        Continue to your scorecard
      </button>
    </div>
  );
}
