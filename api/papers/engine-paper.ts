import {
  withKeyMarks,
  type KeysByLongId,
  type PaperQuestion as EngineQuestion,
  type ScoringPaper,
} from '../../src/domain/gate';
import type { KeyVersion, Paper, Question } from '../store';

/**
 * The one adapter between stored questions and the engine: every part of the API that scores, compares or reads keys
 * turns a stored paper into the engine's paper here.
 */

/** A stored question as the engine takes it (the master number as text; its section on a choice paper). */
export function toEngineQuestion(question: Question): EngineQuestion {
  const { long_id, short_id, name, type, marks, question: stem, options, section } = question;
  return {
    long_id,
    short_id: String(short_id),
    name,
    type,
    marks,
    question: stem,
    options,
    ...(section === undefined ? {} : { section }),
  };
}

/**
 * The engine's paper of stored questions: a choice paper's sections from its record, and the marks a key version's
 * Marks column gave (an official key of a paper with parts), which count over the questions' own.
 */
export function enginePaper(
  questions: readonly Question[],
  paper?: Pick<Paper, 'sections'> | null,
  version?: Pick<KeyVersion, 'marks'> | null,
): ScoringPaper {
  const scoring: ScoringPaper = {
    testPaper: null,
    questions: questions.map(toEngineQuestion),
    ...(paper?.sections ? { sections: paper.sections } : {}),
  };
  return version?.marks ? withKeyMarks(scoring, version.marks) : scoring;
}

/** Question ID → key of every keyed question. */
export function keysOf(questions: readonly Question[]): KeysByLongId {
  return Object.fromEntries(
    questions.filter((question) => question.answerKey).map((question) => [question.long_id, question.answerKey!]),
  );
}
