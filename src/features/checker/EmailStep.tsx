import type { FormEvent } from 'react';
import { Spinner, TextField } from '../../lib/ui/FormFields';
import type { CheckerForm } from './checker-draft';
import { checkerSchemas } from './checker-schemas';
import { ResponseLinkField } from './ScoreStep';
import { useCheckerFields } from './use-checker-fields';

const schemas = checkerSchemas(window.location.origin);

interface EmailStepProps {
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  busy: boolean;
  /** Seconds until another mail may go to this address about this sheet; 0 when it may. */
  secondsBeforeResend: number;
  onSend: (email: string) => void;
  /** Leaves an uploaded page's e-mail step for the score form. */
  onCheckAnother: () => void;
}

/**
 * The e-mail step: the address a verification link goes to, for the typed link (still editable) or for the page
 * uploaded, which the server holds already.
 */
export function EmailStep({ form, onFormChange, busy, secondsBeforeResend, onSend, onCheckAnother }: EmailStepProps) {
  const fields = useCheckerFields(form.upload ? schemas.uploadEmail : schemas.linkEmail, form, onFormChange);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const request = fields.validateAll();
    if (request) onSend(request.email);
  }

  return (
    <>
      <p className="score-modal__note">
        {form.upload
          ? 'Your saved page is uploaded. Enter your e-mail address: we will send a link to confirm it, then the scorecard of that page opens.'
          : 'Enter your e-mail address: we will send a link to confirm it, then your scorecard opens.'}
      </p>
      <form className="score-modal__form" noValidate onSubmit={submit}>
        {!form.upload && <ResponseLinkField {...fields.field('link')} />}
        <TextField id="gate-email" label="Email" type="email" autoComplete="email" {...fields.field('email')} />
        <button
          type="submit"
          className="button button--primary score-modal__submit"
          disabled={busy || secondsBeforeResend > 0}
          aria-busy={busy}
          aria-describedby={secondsBeforeResend > 0 ? 'form-resend-wait' : undefined}
        >
          {busy && <Spinner />}
          Send Verification Link
        </button>
        {secondsBeforeResend > 0 && (
          <p id="form-resend-wait" className="verification-sent__wait">
            A link went to this address a moment ago. You can send a new one in {secondsBeforeResend} s.
          </p>
        )}
        {form.upload && (
          <button type="button" className="button score-modal__other" onClick={onCheckAnother}>
            Check another response sheet
          </button>
        )}
      </form>
    </>
  );
}
