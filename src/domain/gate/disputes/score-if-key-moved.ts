import type { ScoringPaper } from '../build-paper';
import type { KeysByLongId } from '../keys';
import { scoreResponses, type ScoringOptions } from '../score';
import { NO_RESPONSE } from '../types';
import type { Dispute } from './find-disputes';

/** A candidate beside a dispute: their own answer (MASTER form, or ' -- '), and their total were the key moved. */
export interface IfKeyMoved {
  answer: string;
  total: number;
}

/** Scores the candidate's responses with the disputed question keyed to the strong candidates' answer. */
export function scoreIfKeyMoved(
  dispute: Pick<Dispute, 'questionId' | 'answer'>,
  paper: ScoringPaper,
  keys: KeysByLongId,
  responses: Record<string, string>,
  options: ScoringOptions = {},
): IfKeyMoved {
  const card = scoreResponses(responses, paper, { ...keys, [dispute.questionId]: dispute.answer }, options);
  const own = card.response.find((question) => question.long_id === dispute.questionId);
  return { answer: own?.response_given ?? NO_RESPONSE, total: card.totalScore['Total Marks'] };
}
