import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import type { AdminCredentials } from '../../../lib/admin-session';
import { SAYS_OFFLINE_ITSELF } from '../../../lib/query';
import { Spinner } from '../../../lib/ui/FormFields';
import { applyDispute } from '../admin-api';
import { paperDisputesQuery } from '../admin-queries';
import { adminToast } from '../admin-toast';
import { disputeVersionLabel } from '../../../contract/dispute-requests';
import {
  applyConfirmText,
  applyFailure,
  disputeLines,
  disputeSourceText,
  disputeStateText,
  type PaperDispute,
} from './dispute-view';
import './disputes.css';
import { LoadFailed } from '../LoadFailed';

interface DisputedAnswersProps {
  credentials: AdminCredentials;
  paperId: string;
  /** A dispute became a key version: the paper's key, versions, figures and this list are worth reading again. */
  onApplied: () => void;
}

/**
 * A paper's 'Disputed answers' (docs/gate/disputes.md): where its strongest trusted candidates agree on an answer the
 * key does not give, with the counts behind each, and 'Apply as a key change' after a confirmation. Nothing is asked
 * before the part is opened.
 */
export function DisputedAnswers({ credentials, paperId, onApplied }: DisputedAnswersProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="paper-part disputes" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="paper-part__summary">Disputed answers</summary>
      {open && <DisputesBody credentials={credentials} paperId={paperId} onApplied={onApplied} />}
    </details>
  );
}

function DisputesBody({ credentials, paperId, onApplied }: DisputedAnswersProps) {
  const disputes = useQuery(paperDisputesQuery(credentials, paperId));
  const [confirming, setConfirming] = useState<string | null>(null);
  const applying = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: ({ dispute, keyVersion }: { dispute: PaperDispute; keyVersion: number }) =>
      applyDispute(credentials, paperId, dispute, keyVersion),
    onSuccess: ({ message }) => {
      adminToast.success(message);
      setConfirming(null);
      onApplied();
    },
    onError: (error) => {
      const failure = applyFailure(error instanceof ApiError ? error : {}, navigator.onLine);
      adminToast.error(failure.message);
      if (failure.reload) {
        setConfirming(null);
        void disputes.refetch();
      }
    },
  });

  if (disputes.isPending) {
    return (
      <p className="disputes__status" role="status">
        <Spinner /> Looking for disputed answers…
      </p>
    );
  }
  if (disputes.isError) {
    return (
      <LoadFailed
        className="disputes__status"
        what="The disputed answers could not be loaded."
        error={disputes.error}
        onRetry={() => void disputes.refetch()}
      />
    );
  }
  const answer = disputes.data;
  const keyVersion = answer.keyVersion?.version;
  return (
    <div className="disputes__body">
      <p className="disputes__state" role="status">
        {disputeStateText(answer)}
      </p>
      <p className="disputes__source">{disputeSourceText(answer)}</p>
      {answer.disputes.length > 0 && (
        <ol className="disputes__list">
          {answer.disputes.map((dispute) => (
            <DisputeItem
              key={`${dispute.questionId}-${dispute.answer}`}
              dispute={dispute}
              confirming={confirming === dispute.questionId}
              busy={applying.isPending}
              canApply={keyVersion !== undefined}
              onAsk={() => setConfirming(dispute.questionId)}
              onCancel={() => setConfirming(null)}
              onConfirm={() => keyVersion !== undefined && applying.mutate({ dispute, keyVersion })}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface DisputeItemProps {
  dispute: PaperDispute;
  confirming: boolean;
  busy: boolean;
  canApply: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function DisputeItem({ dispute, confirming, busy, canApply, onAsk, onCancel, onConfirm }: DisputeItemProps) {
  const lines = disputeLines(dispute);
  return (
    <li className="dispute">
      <h3 className="dispute__title">{lines.title}</h3>
      <dl className="dispute__facts">
        <div>
          <dt>Key</dt>
          <dd>{lines.key}</dd>
        </div>
        <div>
          <dt>Strong candidates chose</dt>
          <dd>{lines.answer}</dd>
        </div>
        <div>
          <dt>Strong candidates</dt>
          <dd>{lines.strong}</dd>
        </div>
        <div>
          <dt>The rest</dt>
          <dd>{lines.rest}</dd>
        </div>
        <div>
          <dt>p-values</dt>
          <dd>{lines.pValues}</dd>
        </div>
      </dl>
      {canApply && !confirming && (
        <button type="button" className="button" onClick={onAsk}>
          Apply as a key change
        </button>
      )}
      {confirming && (
        <div className="dispute__confirm" role="group" aria-label={`Apply ${disputeVersionLabel(dispute)}`}>
          <p>{applyConfirmText(dispute)}</p>
          <div className="admin-import__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
              {busy && <Spinner />}
              Apply {disputeVersionLabel(dispute)}
            </button>
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
