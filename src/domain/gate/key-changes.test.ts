import { describe, expect, it } from 'vitest';
import { scoreResponses } from '.';
import { buildEngineQuestion } from '../../../test/support/builders';
import {
  changedQuestions,
  classifyKeyChange,
  diffKeys,
  keyVersionName,
  readableKey,
  summariseImpact,
  thirdsMoved,
} from './key-changes';

describe('classifyKeyChange', () => {
  it('names each kind of change an official final key makes', () => {
    expect(classifyKeyChange('MCQ', 'B', 'C')).toEqual({
      kind: 'answer-changed',
      before: 'B',
      after: 'C',
      text: 'Answer changed from B to C',
    });
    expect(classifyKeyChange('MCQ', 'B', 'MTA')?.text).toBe('Marks to all (the key was B)');
    expect(classifyKeyChange('NAT', '7.78:7.88', '7.7:7.9')).toMatchObject({
      kind: 'range-widened',
      text: 'Range widened from 7.78 to 7.88 to 7.7 to 7.9',
    });
    expect(classifyKeyChange('NAT', '7.7:7.9', '7.8:7.85')?.kind).toBe('range-narrowed');
    expect(classifyKeyChange('NAT', '5', '4.9:5.1')?.kind).toBe('range-widened');
    expect(classifyKeyChange('NAT', '1:2', '1:2 OR 3:4')?.kind).toBe('range-widened');
    expect(classifyKeyChange('MCQ', 'A', 'A OR C')).toMatchObject({
      kind: 'answer-added',
      text: 'Now also accepted: A or C (was A)',
    });
    expect(classifyKeyChange('MSQ', 'A;C', 'A;B;C')?.kind).toBe('answer-changed');
    expect(classifyKeyChange('MSQ', null, 'A;C')).toMatchObject({ kind: 'key-added', text: 'Key published: A, C' });
    expect(classifyKeyChange('MSQ', 'A;C', '')).toMatchObject({ kind: 'key-removed', after: null });
    expect(classifyKeyChange('MCQ', 'MTA', 'B')?.kind).toBe('answer-changed');
  });

  it('sees no change where the same answers are accepted', () => {
    expect(classifyKeyChange('MSQ', 'C;A', 'A;C')).toBeNull();
    expect(classifyKeyChange('NAT', '7.88:7.78', '7.78:7.88')).toBeNull();
    expect(classifyKeyChange('MCQ', 'MTA', 'marks to all')).toBeNull();
    expect(classifyKeyChange('NAT', undefined, '  ')).toBeNull();
  });
});

describe('readableKey and keyVersionName', () => {
  it('read as the scorecard shows keys and versions', () => {
    expect(readableKey('NAT', '2.95:3.05 OR 4')).toBe('2.95 to 3.05 or 4');
    expect(readableKey('MSQ', 'A;C')).toBe('A, C');
    expect(readableKey('MCQ', 'MTA')).toBe('Marks to all (MTA)');
    expect(readableKey('MCQ', null)).toBe('--');
    expect(keyVersionName('final')).toBe('Final key');
    expect(keyVersionName(' Provisional ')).toBe('Provisional key');
    expect(keyVersionName('After challenge 2')).toBe('After challenge 2');
  });
});

describe('diffKeys', () => {
  it('lists the changed questions of a paper in its order, leaving unchanged ones out', () => {
    const questions = [
      { long_id: '1030', short_id: '30', type: 'NAT' as const },
      { long_id: '1002', short_id: 2, type: 'MCQ' as const },
      { long_id: '1005', short_id: '5', type: 'MCQ' as const },
    ];
    const changes = diffKeys(
      questions,
      { '1030': '3', '1002': 'A', '1005': 'B' },
      { '1030': '2.9:3.1', '1002': 'MTA', '1005': 'B' },
    );
    expect(changes.map((change) => [change.short_id, change.kind])).toEqual([
      ['2', 'marks-to-all'],
      ['30', 'range-widened'],
    ]);
  });
});

describe('changedQuestions', () => {
  const paper = {
    testPaper: 'CS 1' as const,
    questions: [
      buildEngineQuestion(1, 'MCQ', 2),
      buildEngineQuestion(2, 'MSQ', 1),
      buildEngineQuestion(3, 'NAT', 2),
      buildEngineQuestion(4, 'MCQ', 1),
    ],
  };
  const responses = { '1001': 'B', '1002': 'A,C', '1003': '7.75', '1004': 'D' };
  const provisional = { '1001': 'B', '1002': 'A;C', '1003': '7.78:7.88', '1004': 'A' };
  const final = { '1001': 'C', '1002': 'A;C', '1003': '7.7:7.9', '1004': 'B' };

  it("tells, for one candidate's scorecard, each key change with the marks before and after", () => {
    const before = scoreResponses(responses, paper, provisional);
    const after = scoreResponses(responses, paper, final);
    expect(changedQuestions(before.response, after.response)).toEqual([
      expect.objectContaining({ short_id: '1', kind: 'answer-changed', marksBefore: 2, marksAfter: -2 / 3 }),
      expect.objectContaining({ short_id: '3', kind: 'range-widened', marksBefore: 0, marksAfter: 2 }),
      // Their answer D was wrong under both keys: the change is listed, the marks stay.
      expect.objectContaining({ short_id: '4', kind: 'answer-changed', marksBefore: -1 / 3, marksAfter: -1 / 3 }),
    ]);
    expect([before.totalScore['Total Marks'], after.totalScore['Total Marks']]).toEqual([2.67, 2]);
  });

  it('says nothing changed when the same key scores the same', () => {
    const card = scoreResponses(responses, paper, final);
    expect(changedQuestions(card.response, card.response)).toEqual([]);
  });
});

describe('summariseImpact', () => {
  it('counts a move of 4/3 as one move whatever the rounding of the totals, and sums up the rest', () => {
    const moves = new Map<number, number>();
    for (const [before, after] of [
      [41.67, 40.33],
      [41.66, 40.33],
      [10, 12],
      [12, 12],
      [7.33, 9.33],
    ] as const) {
      const thirds = thirdsMoved(before, after);
      moves.set(thirds, (moves.get(thirds) ?? 0) + 1);
    }
    expect(summariseImpact(5, moves)).toEqual({
      compared: 5,
      changed: 4,
      rose: 2,
      fell: 2,
      meanChange: 0.33,
      largestRise: 2,
      largestFall: -1.33,
      changes: [
        { change: -1.33, count: 2 },
        { change: 2, count: 2 },
      ],
    });
    expect(summariseImpact(3, new Map())).toMatchObject({ changed: 0, meanChange: 0, largestRise: 0, largestFall: 0 });
  });
});
