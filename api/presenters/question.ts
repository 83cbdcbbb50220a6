import { inMasterOrder } from '../../src/domain/gate';
import { toEngineQuestion } from '../papers/engine-paper';
import type { Paper, Question } from '../store';
import type { AllPapersAnswer, QuestionAnswer } from '../../src/contract';

/** A question as the admin screens read it (the spec's Question): the engine's question with its id, paper and key. */
export function presentQuestion(question: Question): QuestionAnswer {
  const { id, paperId, answerKey } = question;
  return {
    _id: id,
    ...toEngineQuestion(question),
    paperId,
    ...(answerKey !== undefined ? { answerKey } : {}),
  };
}

/**
 * The admin's view of every stored paper: paper id → its questions (each naming its paper in `name`), in master order:
 * a choice paper's sections one after another (GG numbers Part B1 and Part B2 alike).
 */
export function presentPapers(papers: Record<string, Question[]>, records: readonly Paper[] = []): AllPapersAnswer {
  const sectionsOf = new Map(records.map((paper) => [paper.id, paper.sections]));
  return Object.fromEntries(
    Object.entries(papers).map(([set, questions]) => [
      set,
      inMasterOrder(questions, sectionsOf.get(set)).map(presentQuestion),
    ]),
  );
}
