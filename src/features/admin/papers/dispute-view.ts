import type { DisputeAnswer, DisputesAnswer } from '../../../contract';
import { disputeVersionLabel } from '../../../contract/dispute-requests';
import { dateTimeText } from '../../../domain/dates';
import { keyVersionName, readableKey } from '../../../domain/gate';
import { plural } from '../../../domain/words';

/** A paper's "Disputed answers" in the admin's words: where they stand, each dispute with its counts, the apply step. */

export type PaperDisputes = DisputesAnswer;
export type PaperDispute = DisputeAnswer;

const count = (n: number, one: string, many?: string) => `${n} ${plural(n, one, many)}`;

/** Where the disputes stand, in a sentence: what was found, or why nothing is looked for. */
export function disputeStateText(answer: PaperDisputes): string {
  const key = answer.keyVersion ? keyVersionName(answer.keyVersion.label) : 'Answer key';
  switch (answer.state) {
    case 'no-key':
      return 'No answer key yet: there is nothing to compare the answers with.';
    case 'too-few-results':
      return answer.trustedResults < answer.minTrustedResults
        ? `Too few trusted results to look for disputes: ${answer.trustedResults} of ${answer.minTrustedResults} needed.`
        : `Too few trusted results answered any question to look for disputes (${answer.trustedResults} trusted results).`;
    case 'final-key':
      return `A final key is published: the challenge window is over. ${key}: ${listedText(answer)}`;
    case 'listed':
      return `${key}: ${listedText(answer)}`;
  }
}

function listedText({ disputes, questionsTested }: PaperDisputes): string {
  const tested = count(questionsTested, 'question tested', 'questions tested');
  return disputes.length === 0
    ? `no disputed answer among ${tested}.`
    : `${count(disputes.length, 'disputed answer')} among ${tested}.`;
}

/** 'Found 29 Nov 2026, 01:20 from 51 trusted results; 3 uploads left out (not confirmed by the portal).' */
export function disputeSourceText({ foundAt, trustedResults, ignoredResults }: PaperDisputes): string {
  const read = `Found ${dateTimeText(foundAt)} from ${count(trustedResults, 'trusted result')}`;
  if (ignoredResults === 0) return `${read}; no upload left out.`;
  return `${read}; ${count(ignoredResults, 'upload')} left out (not confirmed by the portal).`;
}

/** 'Q15', or 'Q15 (GA)' on a paper with sections. */
export const disputeQuestionText = ({ number, section }: Pick<PaperDispute, 'number' | 'section'>): string =>
  section ? `Q${number} (${section})` : `Q${number}`;

/** A share of answers as a whole percentage: '73%'. */
export const shareText = (share: number): string => `${Math.round(share * 100)}%`;

/** A p-value as a reader compares it with 0.05: '0.0032', '< 0.0001' (kept on one line). */
export function pValueText(p: number): string {
  if (p < 0.0001) return '<\u00a00.0001';
  return String(Number(p.toPrecision(2)));
}

/** One dispute's lines, each a label and its text, short enough for a 360 px phone. */
export interface DisputeLines {
  title: string;
  key: string;
  answer: string;
  strong: string;
  rest: string;
  pValues: string;
}

export function disputeLines(dispute: PaperDispute): DisputeLines {
  const key = readableKey(dispute.type, dispute.key);
  const answer = readableKey(dispute.type, dispute.answer);
  const { counts } = dispute;
  return {
    title: `${disputeQuestionText(dispute)} · ${dispute.type}`,
    key,
    answer: `${answer} (${shareText(dispute.share)} of the strong who answered)`,
    strong:
      `${counts.strong} strong, ${counts.answered} answered: ` +
      `${counts.choseKey} chose ${key}; ${counts.choseAnswer} chose ${answer}`,
    rest: `${counts.restAnswered} answered: ${counts.restChoseKey} chose ${key}; ${counts.restChoseAnswer} chose ${answer}`,
    pValues: `${pValueText(dispute.pValue)} against the key, ${pValueText(dispute.restPValue)} against the rest`,
  };
}

/** What applying does, said before the admin confirms. */
export function applyConfirmText(dispute: PaperDispute): string {
  const key = readableKey(dispute.type, dispute.key);
  const answer = readableKey(dispute.type, dispute.answer);
  return (
    `This makes a new key version named "${disputeVersionLabel(dispute)}" that keys ${disputeQuestionText(dispute)} ` +
    `${answer} instead of ${key}, re-scores the stored results of this paper, and e-mails the candidates who asked to ` +
    'be told whose total moves.'
  );
}

export const APPLY_NEEDS_CONNECTION =
  'Applying a dispute needs a connection: the server finds the dispute again before it changes the key. Connect and apply it again.';
export const APPLY_FAILED = 'The dispute could not be applied.';

/** Codes the server refuses a stale dispute with: the list is read again. */
const STALE_CODES: ReadonlySet<string | undefined> = new Set(['KEY_MOVED', 'NO_LONGER_DISPUTED']);

/** A failed apply: the toast's words, and whether the list is out of date and read again. */
export function applyFailure(
  error: { status?: number; code?: string; message?: string },
  online: boolean,
): { message: string; reload: boolean } {
  if (!online || error.status === 0) {
    return {
      message: online ? `${APPLY_FAILED} ${error.message ?? ''}`.trim() : APPLY_NEEDS_CONNECTION,
      reload: false,
    };
  }
  if (STALE_CODES.has(error.code)) return { message: error.message || APPLY_FAILED, reload: true };
  return { message: error.message || APPLY_FAILED, reload: false };
}
