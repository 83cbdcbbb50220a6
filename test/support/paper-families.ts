import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { fixturesRoot, type FamilySet, type OfficialKeySet } from './fixtures';
import type { ExpectedQuestion } from '../fixture-generator/expected-score';
import { NOT_EVALUATED, isCorrect, type SheetScorecard } from '../../src/domain/gate';

export { familySets, type FamilySet } from './fixtures';

/** Each question as the generator's own scorer expects it. */
export type FamilyQuestion = ExpectedQuestion;

export interface FamilyExpected {
  file: string;
  candidateId: string;
  chosen: string[];
  decidedBy: 'answers' | 'candidate';
  rankedAs: string;
  attempts: number;
  incorrectAttempts: number;
  exact: { positiveThirds: number; negativeThirds: number; totalThirds: number };
  sections: Array<{ id: string; counted: boolean; attempts: number; thirds: number; maxMarks: number }>;
  questions: Record<string, FamilyQuestion>;
}

export interface FamilyRefusal {
  file: string;
  candidateId: string;
  error: { code: string; reason?: string; message: string };
  afterChoice?: { choice: string[]; expected: FamilyExpected };
}

export interface FamilyPaper {
  paper: string;
  year: number;
  name: string;
  /** The sheet's Subject line: 'Civil Engineering (CE1)'. */
  subject: string;
  choose: number;
  sections: Array<{ id: string; label: string; keySection: string; optional?: boolean }>;
  questions: Array<{
    section: string;
    number: number;
    type: string;
    marks: number;
    questionId: string;
    stem: string;
    options: Record<string, string>;
  }>;
}

/** A set the fixture generator writes: a paper family, or a paper made from an official key. */
type GeneratedSet = FamilySet | OfficialKeySet;

export const familyFile = (set: GeneratedSet, file: string) => readFileSync(path.join(fixturesRoot, set, file), 'utf8');
const familyJson = <T>(set: GeneratedSet, file: string) => JSON.parse(familyFile(set, file)) as T;

export function loadFamilySet(set: GeneratedSet) {
  const expected = familyJson<{ candidates: FamilyExpected[]; master: FamilyExpected; refused: FamilyRefusal[] }>(
    set,
    'expected.json',
  );
  const key = familyJson<{
    keys: Record<string, string>;
    byQuestion: Array<{
      section: string;
      keySection: string;
      number: number;
      questionId: string;
      type: string;
      marks: number;
      key: string;
    }>;
  }>(set, 'key.json');
  return {
    paper: familyJson<FamilyPaper>(set, 'paper.json'),
    key,
    sheets: [...expected.candidates, expected.master],
    refused: expected.refused,
  };
}

/** A scorecard against the generator's expectation: totals in thirds, every question, and each section's outcome. */
export function expectFamilyScorecard(card: SheetScorecard, expected: FamilyExpected, hasChoice: boolean): void {
  const thirds = (marks: number) => Math.round(marks * 3);
  expect(card.candidate.id).toBe(expected.candidateId);
  expect({
    attempts: card.totalScore.Attempts,
    incorrect: card.totalScore['Incorrect Attempts'],
    positive: thirds(card.totalScore['Final Marks']),
    negative: thirds(card.totalScore['Negative Marks']),
    total: thirds(card.totalScore['Total Marks']),
  }).toEqual({
    attempts: expected.attempts,
    incorrect: expected.incorrectAttempts,
    positive: expected.exact.positiveThirds,
    negative: expected.exact.negativeThirds,
    total: expected.exact.totalThirds,
  });
  expect(card.response.map((question) => question.long_id).sort()).toEqual(Object.keys(expected.questions).sort());
  for (const question of card.response) {
    const want = expected.questions[question.long_id]!;
    expect({
      id: question.long_id,
      number: question.short_id,
      marks: question.marks,
      status: question.status,
      response: question.response_given,
      key: question.answerKey,
      obtained: question.obtained_marks === NOT_EVALUATED ? null : thirds(question.obtained_marks),
      ...(hasChoice ? { section: question.section, chosen: question.chosen } : {}),
    }).toEqual({
      id: question.long_id,
      number: String(want.number),
      marks: want.marks,
      status: want.status,
      response: want.response ?? ' -- ',
      key: want.key,
      obtained: want.obtainedThirds,
      ...(hasChoice ? { section: want.section, chosen: want.counted } : {}),
    });
    if (want.counted) expect(isCorrect(question), question.long_id).toBe(want.response === null ? null : want.correct);
  }
  if (!hasChoice) {
    expect(card.sections).toBeUndefined();
    return;
  }
  expect(card.sections).toMatchObject({
    chosen: expected.chosen,
    decidedBy: expected.decidedBy,
    rankedAs: expected.rankedAs,
  });
  expect(
    card.sections!.sections.map(({ id, chosen, attempts, marks, maxMarks }) => ({
      id,
      counted: chosen,
      attempts,
      thirds: thirds(marks),
      maxMarks,
    })),
  ).toEqual(expected.sections);
}

/** The rows of a set's official key as GATE printed them before 2026: number, session, type, section, key, marks. */
export function officialKeyRows(set: FamilySet): string[][] {
  return loadFamilySet(set).key.byQuestion.map((q) => [
    String(q.number),
    '1',
    q.type,
    q.keySection,
    q.key.replace(/^(\S+):(\S+)$/, '$1 to $2'),
    String(q.marks),
  ]);
}
