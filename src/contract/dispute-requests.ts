import { number, object, string } from 'yup';
import { plainText } from '../domain/validation/text';
import { KEY_MAX_LENGTH } from './admin-requests';

/** What the dispute calls answer in words. */
export const DISPUTE_MESSAGES = {
  noResult: 'No scorecard is stored for this result: check your score first.',
  noPaper: 'No paper with this id.',
  keyMoved: 'The answer key changed since this list was made. Reload the disputes and look again.',
  noLongerDisputed:
    'The strong candidates no longer agree on this answer against the key: nothing was changed. Reload the disputes.',
  applied: (number: string, answer: string) => `Q${number} is now keyed ${answer}. Stored results are being re-scored.`,
} as const;

/** The key version an applied dispute makes: 'Dispute Q15: D' (the admin's confirmation shows the same name). */
export const disputeVersionLabel = ({ number, answer }: { number: string; answer: string }): string =>
  `Dispute Q${number}: ${answer}`;

const paperIdField = () => plainText(string().trim().required('Name the paper (paperId), e.g. CS1-2026.').max(200));

/** A stored result's disputes, asked for by the device that may see its scorecard (access), or an administrator. */
export const scorecardDisputesRequest = object({
  resultId: plainText(string().trim().required(DISPUTE_MESSAGES.noResult).max(100, DISPUTE_MESSAGES.noResult)),
  access: plainText(string().trim().max(600, "This device's verification (access) is not valid.")),
});

/**
 * A dispute an administrator applies as a key change. It names the key version the list was made under: a key that
 * moved since then is refused, so nobody applies a dispute about a key that is no longer there.
 */
export const applyDisputeRequest = object({
  paperId: paperIdField(),
  questionId: plainText(string().trim().required('Name the disputed question (questionId).').max(100)),
  answer: plainText(string().trim().required('Name the answer to key (answer).').max(KEY_MAX_LENGTH)),
  keyVersion: number()
    .typeError('keyVersion must be a key version number.')
    .integer('keyVersion must be a key version number.')
    .min(1, 'keyVersion must be a key version number.')
    .required('Name the key version the disputes were found under (keyVersion).'),
});
