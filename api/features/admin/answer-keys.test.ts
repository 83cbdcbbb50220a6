import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { checkAnswerKey } from './answer-keys';

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
