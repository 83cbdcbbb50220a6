import {
  scoreResponses,
  type KeysByLongId,
  type PaperQuestion as EngineQuestion,
  type ScoringPaper,
} from '../../src/domain/gate';
import type { Question, ResultScores } from '../store';

/**
 * The one adapter between stored questions and the engine: every part of the API that scores, compares or reads keys
 * turns a stored paper into the engine's paper here.
 */

/** A stored question as the engine takes it (the master number as text). */
export function toEngineQuestion(question: Question): EngineQuestion {
  const { long_id, short_id, name, type, marks, question: stem, options } = question;
  return { long_id, short_id: String(short_id), name, type, marks, question: stem, options };
}

export function enginePaper(questions: readonly Question[]): ScoringPaper {
  return { testPaper: null, questions: questions.map(toEngineQuestion) };
}

/** Question ID → key of every keyed question. */
export function keysOf(questions: readonly Question[]): KeysByLongId {
  return Object.fromEntries(
    questions.filter((question) => question.answerKey).map((question) => [question.long_id, question.answerKey!]),
  );
}

/** The marks a stored response vector earns against a paper and a key. */
export function scoresOf(
  responses: Record<string, string>,
  paper: ScoringPaper,
  keys: KeysByLongId,
): Omit<ResultScores, 'normMarks' | 'keyVersion' | 'scoredAt'> {
  const { totalScore } = scoreResponses(responses, paper, keys);
  return {
    totalMarks: totalScore['Total Marks'],
    finalMarks: totalScore['Final Marks'],
    negativeMarks: totalScore['Negative Marks'],
    attempts: totalScore.Attempts,
    incorrectAttempts: totalScore['Incorrect Attempts'],
  };
}
