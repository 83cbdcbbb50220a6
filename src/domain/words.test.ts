import { describe, expect, it } from 'vitest';
import { plural } from './words';

describe('plural', () => {
  it('uses the singular for exactly one, the plural for everything else', () => {
    expect([0, 1, 2, 1.5].map((count) => `${count} ${plural(count, 'result')}`)).toEqual([
      '0 results',
      '1 result',
      '2 results',
      '1.5 results',
    ]);
    expect(plural(1, 'question is', 'questions are')).toBe('question is');
    expect(plural(4, 'question is', 'questions are')).toBe('questions are');
  });
});
