import { describe, expect, it } from 'vitest';
import { buildEngineQuestion } from '../../../../test/support/builders';
import type { ResultProvenance } from '../result-provenance';
import { scoreResponses } from '../score';
import { NO_RESPONSE } from '../types';
import { findDisputes, scoreIfKeyMoved, type DisputeResult } from '.';

/** Q1-Q10 MCQ keyed A, Q11 MSQ keyed A;C, Q12 NAT keyed 2.95:3.05, one mark each (Question IDs 1001-1012). */
const paper = {
  testPaper: 'CS 1' as const,
  questions: [
    ...Array.from({ length: 10 }, (_, index) => buildEngineQuestion(index + 1, 'MCQ', 1)),
    buildEngineQuestion(11, 'MSQ', 1),
    buildEngineQuestion(12, 'NAT', 1),
  ],
};
const keys: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [String(1001 + index), 'A'])),
  '1011': 'A;C',
  '1012': '2.95:3.05',
};
const RIGHT: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 10 }, (_, index) => [String(1001 + index), 'A'])),
  '1011': 'A,C',
  '1012': '3',
};

/**
 * A crowd of 60: the 20 strong answer every other question right, the 40 others half of them (and B to the rest).
 * On `questionId` each answers as listed (strong first, then the rest; ' -- ' for none).
 */
function crowd(
  questionId: string,
  strong: readonly string[],
  rest: readonly string[],
  provenance: ResultProvenance = 'portal',
): DisputeResult[] {
  const others = Object.keys(RIGHT).filter((id) => id !== questionId);
  const results = [...strong, ...rest].map((answer, index): DisputeResult => {
    const responses = Object.fromEntries(
      others.map((id, at) => [id, index < strong.length || at % 2 === 0 ? RIGHT[id]! : 'B']),
    );
    if (answer !== NO_RESPONSE) responses[questionId] = answer;
    return { id: `R${String(index).padStart(2, '0')}`, responses, provenance };
  });
  return results;
}

const times = (count: number, answer: string) => Array<string>(count).fill(answer);

describe('findDisputes', () => {
  it('names an MCQ whose strong candidates chose another letter, with the counts behind it', () => {
    const results = crowd(
      '1001',
      [...times(16, 'D'), ...times(2, 'A'), ...times(2, NO_RESPONSE)],
      [...times(10, 'D'), ...times(20, 'A'), ...times(10, 'B')],
    );

    const report = findDisputes(paper, keys, results);

    expect(report.disputes).toEqual([
      expect.objectContaining({
        number: '1',
        questionId: '1001',
        type: 'MCQ',
        key: 'A',
        answer: 'D',
        share: 16 / 18,
        counts: {
          strong: 20,
          answered: 18,
          choseKey: 2,
          choseAnswer: 16,
          restAnswered: 40,
          restChoseKey: 20,
          restChoseAnswer: 10,
        },
      }),
    ]);
    expect(report).toMatchObject({ trustedResults: 60, ignoredResults: 0, questionsTested: 12 });
    expect(report.unchecked).toBeUndefined();
  });

  it('names an MSQ set, and a cluster of NAT answers outside the key as one answer', () => {
    const msq = crowd(
      '1011',
      [...times(15, 'A,B,C'), ...times(2, 'A,C'), ...times(3, NO_RESPONSE)],
      [...times(8, 'A,B,C'), ...times(20, 'A,C'), ...times(12, 'B')],
    );
    const nat = crowd(
      '1012',
      [...times(6, '4.1'), ...times(5, '4.12'), ...times(4, '4.11'), '7', ...times(2, '3'), ...times(2, NO_RESPONSE)],
      [...times(5, '4.1'), ...times(25, '3'), ...times(10, NO_RESPONSE)],
    );

    expect(findDisputes(paper, keys, msq).disputes).toEqual([
      expect.objectContaining({ number: '11', key: 'A;C', answer: 'A;B;C', share: 15 / 17 }),
    ]);
    const natDisputes = findDisputes(paper, keys, nat).disputes;
    expect(natDisputes).toEqual([expect.objectContaining({ number: '12', key: '2.95:3.05', answer: '4.1:4.12' })]);
    expect(natDisputes[0]?.counts).toMatchObject({ answered: 18, choseKey: 2, choseAnswer: 15 });
  });

  it('finds nothing when the strong candidates chose the key', () => {
    const results = crowd(
      '1001',
      [...times(17, 'A'), ...times(3, 'B')],
      [...times(15, 'A'), ...times(15, 'B'), ...times(10, 'C')],
    );

    const report = findDisputes(paper, keys, results);

    expect(report.disputes).toEqual([]);
    expect(report.questionsTested).toBe(12);
  });

  it('finds nothing when the strong candidates split between other answers', () => {
    const results = crowd(
      '1001',
      [...times(6, 'B'), ...times(6, 'C'), ...times(6, 'D'), ...times(2, 'A')],
      [...times(10, 'B'), ...times(10, 'C'), ...times(10, 'D'), ...times(10, 'A')],
    );

    expect(findDisputes(paper, keys, results).disputes).toEqual([]);
  });

  it('finds nothing in a trap that catches the rest more than the strong', () => {
    const results = crowd(
      '1001',
      [...times(14, 'D'), ...times(4, 'A'), ...times(2, NO_RESPONSE)],
      [...times(36, 'D'), ...times(4, NO_RESPONSE)],
    );

    expect(findDisputes(paper, keys, results).disputes).toEqual([]);
  });

  it('finds nothing on a hard question whose few right answers come mostly from the strong', () => {
    const results = crowd(
      '1001',
      [...times(16, 'D'), ...times(3, 'A'), 'B'],
      [...times(10, 'D'), 'A', ...times(29, 'C')],
    );

    expect(findDisputes(paper, keys, results).disputes).toEqual([]);
  });

  it('tests no question that too few strong candidates answered, and says so when none could be', () => {
    const fewAnswered = crowd('1001', [...times(9, 'D'), ...times(11, NO_RESPONSE)], times(40, 'A'));
    const nine = crowd('1001', times(9, 'D'), []);

    expect(findDisputes(paper, keys, fewAnswered)).toMatchObject({ disputes: [], questionsTested: 11 });
    expect(findDisputes(paper, keys, nine)).toMatchObject({
      disputes: [],
      trustedResults: 9,
      questionsTested: 0,
      unchecked: 'too-few-answers',
    });
  });

  it('reads only trusted results: uploads the portal has not confirmed are left out', () => {
    const strong = [...times(16, 'D'), ...times(2, 'A'), ...times(2, NO_RESPONSE)];
    const rest = [...times(10, 'D'), ...times(20, 'A'), ...times(10, 'B')];
    const uploaded = crowd('1001', strong, rest, 'uploaded');
    const confirmed = crowd('1001', strong, rest, 'confirmed');
    const honest = crowd('1001', times(20, 'A'), times(40, 'A')).map((result) => ({
      ...result,
      id: `H${result.id}`,
    }));

    expect(findDisputes(paper, keys, uploaded)).toEqual({
      disputes: [],
      trustedResults: 0,
      ignoredResults: 60,
      questionsTested: 0,
      unchecked: 'no-trusted-results',
    });
    expect(findDisputes(paper, keys, [...honest, ...uploaded])).toMatchObject({
      disputes: [],
      trustedResults: 60,
      ignoredResults: 60,
    });
    expect(findDisputes(paper, keys, confirmed).disputes).toHaveLength(1);
  });

  it('gives the same answer whatever the order of the results', () => {
    const results = crowd(
      '1001',
      [...times(16, 'D'), ...times(2, 'A'), ...times(2, NO_RESPONSE)],
      [...times(10, 'D'), ...times(20, 'A'), ...times(10, 'B')],
    );

    expect(findDisputes(paper, keys, [...results].reverse())).toEqual(findDisputes(paper, keys, results));
  });
});

describe('scoreIfKeyMoved', () => {
  it("gives a candidate's own answer and their total with the key moved to the strong candidates' answer", () => {
    const results = crowd(
      '1012',
      [...times(6, '4.1'), ...times(5, '4.12'), ...times(4, '4.11'), '7', ...times(2, '3'), ...times(2, NO_RESPONSE)],
      [...times(5, '4.1'), ...times(25, '3'), ...times(10, NO_RESPONSE)],
    );
    const [dispute] = findDisputes(paper, keys, results).disputes;
    const clustered = results[6]!.responses;
    const keyed = results[16]!.responses;
    const totalNow = (responses: Record<string, string>) =>
      scoreResponses(responses, paper, keys).totalScore['Total Marks'];

    expect(scoreIfKeyMoved(dispute!, paper, keys, clustered)).toEqual({
      answer: '4.12',
      total: totalNow(clustered) + 1,
    });
    expect(scoreIfKeyMoved(dispute!, paper, keys, keyed)).toEqual({ answer: '3', total: totalNow(keyed) - 1 });
    expect(scoreIfKeyMoved(dispute!, paper, keys, results[19]!.responses).answer).toBe(NO_RESPONSE);
  });
});
