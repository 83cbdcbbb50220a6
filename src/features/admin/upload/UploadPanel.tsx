import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SAYS_OFFLINE_ITSELF } from '../../../lib/query';
import { paperLinkFormSchema } from '../../../domain/validation/paper-link-form';
import { Field, Spinner } from '../../../lib/ui/FormFields';
import { ModalDialog } from '../../../lib/ui/ModalDialog';
import { useSchemaForm } from '../../../lib/ui/use-schema-form';
import { ApiError } from '../../../lib/api';
import { processPaper, type AdminQuestion } from '../admin-api';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';
import { QuestionItem } from '../questions/QuestionItem';
import { QuestionSkeleton } from '../questions/QuestionSkeleton';
import { useAnswerSaving } from '../questions/use-answer-saving';
import { usePendingAnswerIds } from '../outbox/use-pending-answers';
import { clearUploadState, paperTitle, readUploadState, writeUploadState, type UploadState } from './upload-state';

export const UPLOAD_SUCCESS_MESSAGE = 'Question paper uploaded successfully!';
export const UPLOAD_FAILED_MESSAGE = 'An error occurred while uploading the paper.';
export const PAPER_REMOVED_MESSAGE = 'Question paper removed';
/** How long the skeleton stays after the call ends. */
export const SKELETON_HOLD_MS = 1500;

/** Upload Answer Keys: intro → modal with the paper link → the processed questions to mark and save. */
export function UploadPanel({ credentials }: { credentials: AdminCredentials }) {
  const [state, setState] = useState<UploadState>(() => readUploadState(localStorage));
  const [modalOpen, setModalOpen] = useState(false);
  // The skeleton: from the call's start until SKELETON_HOLD_MS after it ends.
  const [loading, setLoading] = useState(false);
  const pending = usePendingAnswerIds();

  useEffect(() => writeUploadState(localStorage, state), [state]);

  const updateQuestion = useCallback((id: string, change: Partial<AdminQuestion>) => {
    setState((current) => ({
      ...current,
      questions: current.questions.map((q) => (q._id === id ? { ...q, ...change } : q)),
    }));
  }, []);
  const { saving, save } = useAnswerSaving(credentials, {
    markSavedOnFailure: true,
    onSaved: useCallback(
      (question: AdminQuestion) => updateQuestion(question._id, { answerKeySaved: true }),
      [updateQuestion],
    ),
  });

  const upload = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: (paperLink: string) => processPaper(credentials, paperLink),
    onMutate: () => setLoading(true),
    onSuccess: ({ questions, message }, paperLink) => {
      setState({
        message,
        formData: { paperLink, testPaper: questions[0]?.paperId ?? '' },
        // A paper processed again keeps its stored keys: those count as saved.
        questions: questions.map((question) => ({ ...question, answerKeySaved: Boolean(question.answerKey) })),
        showAnswers: true,
        paperUploaded: true,
      });
      setModalOpen(false);
      adminToast.success(UPLOAD_SUCCESS_MESSAGE);
    },
    onError: (error) => adminToast.error((error instanceof ApiError && error.message) || UPLOAD_FAILED_MESSAGE),
    onSettled: () => window.setTimeout(() => setLoading(false), SKELETON_HOLD_MS),
  });

  const removePaper = () => {
    clearUploadState(localStorage);
    setState(readUploadState(localStorage));
    adminToast.info(PAPER_REMOVED_MESSAGE);
  };

  return (
    <section className="admin-panel" aria-labelledby="upload-heading">
      {!state.paperUploaded && !loading && (
        <div className="admin-intro">
          <h1 id="upload-heading">Upload Answer Keys</h1>
          <p>
            Upload a question paper by the link of its master response sheet, then set the correct answer of every
            question. Saved keys score every candidate of that paper.
          </p>
          <button type="button" className="button button--primary" onClick={() => setModalOpen(true)}>
            Upload Question Paper
          </button>
        </div>
      )}
      {loading && <QuestionSkeleton />}
      {!loading && state.paperUploaded && state.showAnswers && (
        <div className="admin-answers">
          <div className="admin-answers__header">
            <h1 id="upload-heading">
              Mark Answers for: <span>{paperTitle(state.questions)}</span>
            </h1>
            <button type="button" className="admin-close" aria-label="Remove question paper" onClick={removePaper}>
              ×
            </button>
          </div>
          {state.message && (
            <p className="admin-alert admin-alert--info" role="status">
              {state.message}
            </p>
          )}
          <p className="admin-answers__count">Total Questions: {state.questions.length}</p>
          {state.questions.map((question, index) => (
            <QuestionItem
              key={question._id}
              question={question}
              answer={question.answerKey ?? ''}
              number={index + 1}
              statusTag="saved"
              saving={saving.has(question._id)}
              pendingSync={pending.has(question._id)}
              onAnswerChange={(answerKey) => updateQuestion(question._id, { answerKey, answerKeySaved: false })}
              onSave={() => void save(question, question.answerKey ?? '')}
            />
          ))}
        </div>
      )}
      <UploadModal
        open={modalOpen}
        busy={upload.isPending}
        onClose={() => setModalOpen(false)}
        onSubmit={upload.mutate}
      />
    </section>
  );
}

interface UploadModalProps {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (paperLink: string) => void;
}

function UploadModal({ open, busy, onClose, onSubmit }: UploadModalProps) {
  const titleId = useId();
  const form = useSchemaForm(paperLinkFormSchema, { paperLink: '' });
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validateAll();
    if (valid) onSubmit(valid.paperLink);
    else input.current?.focus();
  };

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} className="admin-modal">
      <form onSubmit={submit} noValidate>
        <div className="admin-modal__header">
          <h2 id={titleId}>Upload Question Paper</h2>
          <button type="button" className="admin-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <Field label="Question Paper Link" error={form.visibleError('paperLink')}>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="url"
              value={form.values.paperLink}
              required
              onChange={(event) => form.setField('paperLink', event.target.value)}
              onBlur={() => form.blurField('paperLink')}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy && <Spinner />}
          Upload and Process
        </button>
      </form>
    </ModalDialog>
  );
}
