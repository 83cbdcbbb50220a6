import { expect } from 'vitest';
import { fixtureSets, readFixtureJson, readFixtureText, type FixtureSet, type FixtureUrls } from './fixtures';
import {
  buildPaper,
  importFixtureKey,
  isCorrect,
  parseResponseSheet,
  type SheetScorecard,
} from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';

/** Shared by the engine's fixture tests and the CLI tests: the fixture sets and their expected.json, read once. */
export interface ExpectedQuestion {
  master: number;
  type: string;
  marks: number;
  status: string;
  displayNo: number;
  response: string | number | null;
  key: string | null;
  correct: boolean | null;
  obtainedMarks: number;
}

export interface ExpectedCandidate {
  candidateId: string;
  name: string;
  attempts: number;
  incorrectAttempts: number;
  positiveMarks: number;
  negativeMarks: number;
  totalMarks: number;
  exact: { positiveThirds: number; negativeThirds: number; totalThirds: number };
  questions: Record<string, ExpectedQuestion>;
}

export interface FixturePaper {
  name: string;
  questions: Array<{
    master: number;
    type: string;
    marks: number;
    questionId: string;
    stem: string;
    options: Record<string, string>;
  }>;
}

export function loadFixtureSet(set: FixtureSet) {
  const urls = readFixtureJson<FixtureUrls>(set, 'urls.json');
  const expected = readFixtureJson<{ candidates: ExpectedCandidate[]; master: ExpectedCandidate }>(
    set,
    'expected.json',
  );
  const paper = buildPaper(parseResponseSheet(readFixtureText(set, urls.master.file)));
  const keys = importFixtureKey(readFixtureJson(set, 'key.json'));
  const sheets = [
    ...urls.sheets.map((sheet, i) => ({ file: sheet.file, url: sheet.url, expected: itemAt(expected.candidates, i) })),
    { file: urls.master.file, url: urls.master.url, expected: expected.master },
  ];
  return { paper, keys, sheets };
}

/** The fixtures give responses in MASTER terms with MSQ letters joined by ';' and NAT as a JSON number. */
function expectedResponseGiven(question: ExpectedQuestion): string {
  if (question.response === null) return ' -- ';
  return question.type === 'MSQ' ? String(question.response).split(';').join(',') : String(question.response);
}

export function expectScorecardMatches(card: SheetScorecard, expected: ExpectedCandidate): void {
  expect(card.candidate.id).toBe(expected.candidateId);
  expect(card.totalScore.Attempts).toBe(expected.attempts);
  expect(card.totalScore['Incorrect Attempts']).toBe(expected.incorrectAttempts);
  expect(card.totalScore['Final Marks']).toBeCloseTo(expected.exact.positiveThirds / 3, 2);
  expect(card.totalScore['Negative Marks']).toBeCloseTo(expected.exact.negativeThirds / 3, 2);
  expect(card.totalScore['Total Marks']).toBeCloseTo(expected.exact.totalThirds / 3, 2);
  expect(card.response.map((q) => q.long_id).sort()).toEqual(Object.keys(expected.questions).sort());
  for (const question of card.response) {
    const want = expected.questions[question.long_id];
    if (!want) throw new Error(`expected.json has no question ${question.long_id}`);
    expect({ id: question.long_id, master: question.short_id, marks: question.marks, status: question.status }).toEqual(
      { id: question.long_id, master: String(want.master), marks: want.marks, status: want.status },
    );
    expect(question.response_given, question.long_id).toBe(expectedResponseGiven(want));
    expect(question.answerKey, question.long_id).toBe(want.key);
    expect(Math.round(Number(question.obtained_marks) * 3), question.long_id).toBe(Math.round(want.obtainedMarks * 3));
    // The icon hides for unanswered questions even when MTA pays them; everywhere else it agrees.
    const icon = want.key === 'MTA' && want.response === null ? null : want.correct;
    expect(isCorrect(question), question.long_id).toBe(icon);
  }
}

export { fixtureSets, readFixtureJson, readFixtureText };
