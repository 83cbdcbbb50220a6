import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { checkAnswerKey, readKeyImport } from './answer-keys';

const msq = {
  type: 'MSQ' as const,
  long_id: '8078201720512',
  options: { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' },
};

describe('checkAnswerKey: the server takes what the admin form takes', () => {
  it('accepts MSQ letters separated by commas or spaces and returns them in the stored form', () => {
    for (const typed of ['A,C', 'a, c', 'A C', 'A;C'])
      expect([typed, checkAnswerKey(msq, typed)]).toEqual([typed, 'A;C']);
  });

  it('still refuses what the form refuses, with its message', () => {
    expect(() => checkAnswerKey(msq, 'A,E')).toThrow(HttpError);
    expect(() => checkAnswerKey(msq, 'A,')).toThrow('Input cannot end with a semicolon');
  });
});

describe('readKeyImport: what an import leaves out is told', () => {
  const paper = [1, 2, 3].map((master) => ({
    id: `q${master}`,
    long_id: String(1000 + master),
    short_id: master,
    type: 'MCQ' as const,
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
  })) as unknown as Parameters<typeof readKeyImport>[0];

  it('warns about a question named twice with another key and about rows it cannot read', () => {
    const rows = ['1 MCQ GA B', '1 MCQ GA C', '2 MCQ', '2 MXQ GA A', 'GATE 2026 answer key', '3 MCQ GA D'].join('\n');
    const { keys, warnings } = readKeyImport(paper, { rows });
    expect(Object.fromEntries(keys)).toEqual({ q1: 'B', q3: 'D' });
    expect(warnings).toEqual([
      "The line '2 MCQ' looks like a key row but could not be read; it was left out.",
      "The line '2 MXQ GA A' looks like a key row but could not be read; it was left out.",
      "The key row '1 MCQ GA C' repeats Q1; the first row for it counts.",
      'No key for Q2.',
    ]);
  });
});
