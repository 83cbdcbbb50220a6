import { describe, expect, it } from 'vitest';
import { checkAnswerKey, KeyRefused, readKeyImport } from './answer-keys';

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
    expect(() => checkAnswerKey(msq, 'A,E')).toThrow(KeyRefused);
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

  it('refuses a document with unread rows, naming each verbatim, and applies a whole one with its warnings', () => {
    const rows = ['1 MCQ GA B', '1 MCQ GA C', '2 MCQ', '2 MXQ GA A', 'GATE 2026 answer key', '3 MCQ GA D'].join('\n');
    expect(() => readKeyImport(paper, { rows })).toThrow(
      "The key does not match this paper row for row, so nothing was applied: The key row '1 MCQ GA C' repeats Q1; the first row for it counts. The key row '2 MCQ' has no section, has no key. The key row '2 MXQ GA A' has no question type (MCQ, MSQ or NAT). No key for Q2.",
    );
    const whole = readKeyImport(paper, {
      rows: ['1 MCQ GA B', '2 MSQ GA A', 'GATE 2026 answer key', '3 MCQ GA D'].join('\n'),
    });
    expect(Object.fromEntries(whole.keys)).toEqual({ q1: 'B', q2: 'A', q3: 'D' });
    expect(whole.warnings).toEqual(["The key row '2 MSQ GA A' says MSQ; the paper has Q2 as MCQ."]);
  });
});
