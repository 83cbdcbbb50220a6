import { useCallback, useState } from 'react';
import type { AdminQuestion } from '../admin-api';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';
import { flushAndFind, queueAnswerSave } from '../outbox/outbox';

export const savedMessage = (longId: string) => `Answer saved successfully for question ID: ${longId}`;
export const SAVE_FAILED_MESSAGE = 'Failed to save answer for question ID';
export const SAVE_QUEUED_MESSAGE = 'You are offline. The answer will be saved when the connection returns.';

interface SavingOptions {
  /** On the upload screen a question counts as saved even when the save call fails. */
  markSavedOnFailure: boolean;
  onSaved: (question: AdminQuestion, answerKey: string) => void;
}

/**
 * Every save goes through the outbox, so it survives going offline, then is flushed at once: online it reaches the
 * server before the toast; offline it stays 'Pending sync' and the outbox sends it when the network returns.
 */
export function useAnswerSaving(credentials: AdminCredentials, { markSavedOnFailure, onSaved }: SavingOptions) {
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const save = useCallback(
    async (question: AdminQuestion, answerKey: string) => {
      setSaving((ids) => new Set(ids).add(question._id));
      try {
        const opId = await queueAnswerSave(
          { questionId: question._id, longId: question.long_id, answerKey },
          credentials,
        );
        const outcome = await flushAndFind(opId);
        if (outcome.state === 'sent') {
          adminToast.success(savedMessage(outcome.longId || question.long_id));
          onSaved(question, answerKey);
        } else if (outcome.state === 'pending') {
          adminToast.info(SAVE_QUEUED_MESSAGE);
          onSaved(question, answerKey);
        } else {
          adminToast.error(SAVE_FAILED_MESSAGE);
          if (markSavedOnFailure) onSaved(question, answerKey);
        }
      } catch (error) {
        console.warn('Could not queue the answer save', error);
        adminToast.error(SAVE_FAILED_MESSAGE);
        if (markSavedOnFailure) onSaved(question, answerKey);
      } finally {
        setSaving((ids) => {
          const next = new Set(ids);
          next.delete(question._id);
          return next;
        });
      }
    },
    [credentials, markSavedOnFailure, onSaved],
  );

  return { saving, save };
}
