import { useId, useRef, type FormEvent } from 'react';
import { dateTimeText } from '../../../domain/dates';
import { Field, Spinner } from '../../../lib/ui/FormFields';
import { ModalDialog } from '../../../lib/ui/ModalDialog';
import { useSchemaForm } from '../../../lib/ui/use-schema-form';
import { REASON_MAX, moderationReasonSchema } from './moderation-reason';
import { ACTION_LABELS, reportName, type ModerationAction, type ReviewRow } from './review-text';

interface ModerationDialogProps {
  target: { row: ReviewRow; action: ModerationAction } | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

const WHAT_IT_DOES: Record<ModerationAction, string> = {
  quarantine:
    "Quarantined, it counts in no candidate's predicted rank until it is restored. It stays listed here, and its " +
    'reporter still sees it on their scorecard.',
  restore: 'Restored, it counts again as far as its provenance, reporter and distance from the consensus allow.',
};

/** Asks for the reason of a quarantine or a restore (required, kept in the report's moderation log). */
export function ModerationDialog({ target, busy, onClose, onSubmit }: ModerationDialogProps) {
  const titleId = useId();
  return (
    <ModalDialog
      open={target !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="admin-modal official-results__dialog"
    >
      {target && (
        <ReasonForm
          // A new report, or the other action, starts with an empty reason.
          key={`${target.row.resultId}-${target.action}`}
          titleId={titleId}
          row={target.row}
          action={target.action}
          busy={busy}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </ModalDialog>
  );
}

function ReasonForm({
  titleId,
  row,
  action,
  busy,
  onClose,
  onSubmit,
}: {
  titleId: string;
  row: ReviewRow;
  action: ModerationAction;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const form = useSchemaForm(moderationReasonSchema, { reason: '' });
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validateAll();
    if (valid) onSubmit(valid.reason);
    else input.current?.focus();
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className="admin-modal__header">
        <h2 id={titleId}>
          {ACTION_LABELS[action]} {reportName(row)}?
        </h2>
        <button type="button" className="admin-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <p className="official-results__dialog-text">
        Reported {dateTimeText(row.reportedAt)} for GATE {row.year}. {WHAT_IT_DOES[action]}
      </p>
      <Field label="Reason (kept in the moderation log)" error={form.visibleError('reason')}>
        {(control) => (
          <textarea
            {...control}
            ref={input}
            className="field__input official-results__reason"
            rows={3}
            maxLength={REASON_MAX}
            value={form.values.reason}
            required
            onChange={(event) => form.setField('reason', event.target.value)}
            onBlur={() => form.blurField('reason')}
          />
        )}
      </Field>
      <p className="official-results__dialog-count" aria-hidden="true">
        {form.values.reason.length}/{REASON_MAX}
      </p>
      <div className="admin-import__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy && <Spinner />}
          {ACTION_LABELS[action]}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
