import { Fragment, useState } from 'react';
import { withQueryClient } from '../../lib/query';
import { ModalDialog } from '../../lib/ui/ModalDialog';
import type { CheckerForm } from './checker-draft';
import { EmailStep } from './EmailStep';
import { LinkHowTo } from './LinkHowTo';
import { ScoreStep } from './ScoreStep';
import { SectionChoiceStep } from './SectionChoiceStep';
import { useScoreFlow, type ModalMode } from './use-score-flow';
import { VerificationSent, VerifiedElsewhere } from './VerificationSent';

export type { ModalMode };

interface ScoreModalProps {
  open: boolean;
  mode: ModalMode;
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  onModeChange: (mode: ModalMode) => void;
  onClose: () => void;
}

/** "Check Your GATE Score": the score step, the sections question, the e-mail step and the "check your inbox" step. */
function ScoreModalSteps({ open, mode, form, onFormChange, onModeChange, onClose }: ScoreModalProps) {
  // Each opening starts its steps afresh (no messages left from the last one); the form's values are the draft's.
  const [opening, setOpening] = useState(0);
  const close = () => {
    flow.forgetQuestion();
    setOpening((count) => count + 1);
    onClose();
  };
  const flow = useScoreFlow({ form, onFormChange, onModeChange, onDone: close });

  /** Leaves the uploaded page's e-mail step for the score form (the upload stays stored; uploading again finds it). */
  const checkAnotherSheet = () => {
    onFormChange({ ...form, upload: undefined });
    onModeChange('score');
  };

  const step =
    mode === 'score' ? (
      flow.asked ? (
        <SectionChoiceStep
          question={flow.asked}
          busy={flow.busy}
          onChoose={flow.answerSections}
          onBack={flow.forgetQuestion}
        />
      ) : (
        <ScoreStep form={form} onFormChange={onFormChange} busy={flow.busy} onRetrieve={flow.retrieve} />
      )
    ) : flow.sentForForm && flow.verifiedElsewhere ? (
      <VerifiedElsewhere busy={flow.busy} onContinue={flow.continueVerified} />
    ) : flow.sentForForm ? (
      <VerificationSent
        email={form.email.trim()}
        secondsLeft={flow.secondsBeforeResend}
        busy={flow.busy}
        onResend={() => flow.sendLink(form.email.trim())}
        onChangeEmail={flow.forgetSent}
        onVerifiedElsewhere={flow.continueVerified}
      />
    ) : (
      <EmailStep
        form={form}
        onFormChange={onFormChange}
        busy={flow.busy}
        secondsBeforeResend={flow.secondsBeforeResend}
        onSend={flow.sendLink}
        onCheckAnother={checkAnotherSheet}
      />
    );

  return (
    <ModalDialog open={open} onClose={close} labelledBy="score-modal-title" className="score-modal">
      <div className="score-modal__panel">
        <div className="score-modal__header">
          <h2 id="score-modal-title">Check Your GATE Score</h2>
          <button type="button" className="score-modal__close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
        <Fragment key={opening}>{step}</Fragment>
        <LinkHowTo />
      </div>
    </ModalDialog>
  );
}

/** Its calls go through react-query, which comes with this chunk: the home page does not download it. */
export const ScoreModal = withQueryClient(ScoreModalSteps);
