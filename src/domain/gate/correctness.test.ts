import { describe, expect, it } from 'vitest';
import { isCorrect } from '.';

const answered = (type: string, response_given: string, answerKey: string | null) => ({
  type,
  status: 'Answered',
  response_given,
  answerKey,
});

describe('isCorrect: the scorecard icon', () => {
  it('MCQ: correct when the response equals the key', () => {
    expect(isCorrect(answered('MCQ', 'B', 'B'))).toBe(true);
    expect(isCorrect(answered('MCQ', 'C', 'B'))).toBe(false);
    expect(isCorrect(answered('MCQ', 'C', 'B OR C'))).toBe(true);
  });

  it('MSQ: correct when the comma-separated responses and the semicolon-separated keys are the same set', () => {
    expect(isCorrect(answered('MSQ', 'C,A', 'A;C'))).toBe(true);
    expect(isCorrect(answered('MSQ', 'A', 'A;C'))).toBe(false);
    expect(isCorrect(answered('MSQ', 'A,C,D', 'A;C'))).toBe(false);
    expect(isCorrect(answered('MSQ', 'D', 'D'))).toBe(true);
  });

  it('NAT: within 0.01 of a single key; inside a range given in either order', () => {
    expect(isCorrect(answered('NAT', '2.96', '2.95'))).toBe(true);
    expect(isCorrect(answered('NAT', '2.94', '2.95'))).toBe(true);
    expect(isCorrect(answered('NAT', '2.97', '2.95'))).toBe(false);
    expect(isCorrect(answered('NAT', '3.05', '3.05:2.95'))).toBe(true);
    expect(isCorrect(answered('NAT', '2.95', '2.95:3.05'))).toBe(true);
    expect(isCorrect(answered('NAT', '3.06', '2.95:3.05'))).toBe(false);
    expect(isCorrect(answered('NAT', '-0.25', '-.25'))).toBe(true);
  });

  it('no icon without a key', () => {
    expect(isCorrect(answered('MCQ', 'B', null))).toBeNull();
    expect(isCorrect(answered('MCQ', 'B', ''))).toBeNull();
  });

  it('no icon for the statuses Not Answered and Not Attempted and Marked For Review', () => {
    expect(isCorrect({ ...answered('MCQ', 'B', 'B'), status: 'Not Answered' })).toBeNull();
    expect(isCorrect({ ...answered('MCQ', 'B', 'B'), status: 'Not Attempted and Marked For Review' })).toBeNull();
    expect(isCorrect({ ...answered('MCQ', 'B', 'B'), status: 'Marked For Review' })).toBe(true);
  });

  it("no icon when the response is ' -- '", () => {
    expect(isCorrect(answered('NAT', ' -- ', '2'))).toBeNull();
    expect(isCorrect(answered('MSQ', '--', 'A'))).toBeNull();
  });

  it('an MTA question shows correct for whoever answered it', () => {
    expect(isCorrect(answered('MCQ', 'D', 'MTA'))).toBe(true);
  });
});
