import { describe, expect, it } from 'vitest';
import {
  GateError,
  KEY_INPUT_MESSAGES,
  filterMsqInput,
  filterNatInput,
  importFixtureKey,
  importOfficialKey,
  parseKey,
  validateKeyInput,
  type PaperQuestion,
} from '.';
import { normalizeKeyInput } from './keys';

describe('admin answer entry', () => {
  it('MCQ is always valid', () => {
    expect(validateKeyInput('MCQ', 'C')).toEqual({ valid: true, error: null });
  });

  it('filters MSQ input to A-D, uppercased, repeated semicolons collapsed, a leading one dropped', () => {
    expect(filterMsqInput('a;;c')).toBe('A;C');
    expect(filterMsqInput(';b;e;1;d')).toBe('B;D');
    expect(filterMsqInput(';;;')).toBe('');
    expect(filterMsqInput('ab')).toBe('AB');
  });

  it('gives each MSQ message', () => {
    expect(validateKeyInput('MSQ', ';')).toEqual({ valid: false, error: 'Input cannot be just a semicolon' });
    expect(validateKeyInput('MSQ', 'A;C;')).toEqual({ valid: false, error: 'Input cannot end with a semicolon' });
    expect(validateKeyInput('MSQ', 'AB;C')).toEqual({
      valid: false,
      error: 'Each option must be a single letter, separated by semicolons (e.g., A;B;C;D)',
    });
    expect(validateKeyInput('MSQ', 'A;C')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('MSQ', 'D')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('MSQ', '')).toEqual({ valid: false, error: null });
  });

  it('takes MSQ letters separated by commas or spaces as well as semicolons, stored as A;C', () => {
    // A separator typed last stays (the next letter follows it), so the filter's cases end with a letter.
    for (const typed of ['A,C', 'a, c', 'A C', ' A ; C', 'A;C']) {
      expect([typed, filterMsqInput(typed)]).toEqual([typed, 'A;C']);
      expect([typed, validateKeyInput('MSQ', typed)]).toEqual([typed, { valid: true, error: null }]);
      expect([typed, normalizeKeyInput('MSQ', typed)]).toEqual([typed, 'A;C']);
    }
    expect(normalizeKeyInput('MSQ', ' a , c ')).toBe('A;C');
    expect(filterMsqInput('b, e, 7')).toBe('B;');
    expect(validateKeyInput('MSQ', 'A,')).toEqual({ valid: false, error: 'Input cannot end with a semicolon' });
    expect(validateKeyInput('MSQ', 'A,E').error).toBe(KEY_INPUT_MESSAGES.msqLetters);
    expect(validateKeyInput('MSQ', 'AC').error).toBe(KEY_INPUT_MESSAGES.msqLetters);
    expect(normalizeKeyInput('NAT', ' 2.5:3 ')).toBe('2.5:3');
  });

  it('filters NAT input to digits . - : / with repeated colons collapsed', () => {
    expect(filterNatInput('2.95::3.05')).toBe('2.95:3.05');
    expect(filterNatInput(' 1e5 abc-0.5')).toBe('15-0.5');
    expect(filterNatInput('1/2')).toBe('1/2');
  });

  it('gives each NAT message, and empty input clears the error', () => {
    for (const lone of ['.', '-', ':']) {
      expect(validateKeyInput('NAT', lone)).toEqual({
        valid: false,
        error: 'Input cannot be just a decimal point, minus sign, or colon',
      });
    }
    expect(validateKeyInput('NAT', '2.')).toEqual({
      valid: false,
      error: 'Input cannot end with a decimal point or colon',
    });
    expect(validateKeyInput('NAT', '2.95:')).toEqual({ valid: false, error: KEY_INPUT_MESSAGES.natEndsWithSymbol });
    expect(validateKeyInput('NAT', '1/2')).toEqual({ valid: false, error: 'Each part must be a valid number' });
    expect(validateKeyInput('NAT', '1-2:3')).toEqual({ valid: false, error: KEY_INPUT_MESSAGES.natNumbers });
    expect(validateKeyInput('NAT', '1:2:3')).toEqual({ valid: false, error: KEY_INPUT_MESSAGES.natNumbers });
    expect(validateKeyInput('NAT', '12.5')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('NAT', '3.05:2.95')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('NAT', '-.25')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('NAT', '')).toEqual({ valid: false, error: null });
  });

  it('other types are valid when an answer exists', () => {
    expect(validateKeyInput('Unknown', 'x')).toEqual({ valid: true, error: null });
    expect(validateKeyInput('Unknown', '  ')).toEqual({ valid: false, error: null });
  });
});

describe('parseKey', () => {
  it('reads every key form of the product format', () => {
    expect(parseKey('B', 'MCQ')).toEqual({ kind: 'alternatives', alternatives: [{ kind: 'letters', letters: ['B'] }] });
    expect(parseKey('c;a', 'MSQ')).toEqual({
      kind: 'alternatives',
      alternatives: [{ kind: 'letters', letters: ['A', 'C'] }],
    });
    expect(parseKey('12.5', 'NAT')).toEqual({ kind: 'alternatives', alternatives: [{ kind: 'number', value: 12.5 }] });
    expect(parseKey('3.05:2.95', 'NAT')).toEqual({
      kind: 'alternatives',
      alternatives: [{ kind: 'range', low: 2.95, high: 3.05 }],
    });
    expect(parseKey('MTA')).toEqual({ kind: 'MTA' });
    expect(parseKey('1:2 OR 5:6', 'NAT').kind).toBe('alternatives');
    expect(parseKey('1:2  \t or\n 5:6', 'NAT')).toEqual(parseKey('1:2 OR 5:6', 'NAT'));
  });

  it('reads a key with a 200,000-space run once (a backtracking split took seconds)', () => {
    expect(() => parseKey(`A${' '.repeat(200_000)}B`, 'MCQ')).toThrow(GateError);
  });

  it('refuses keys that do not fit the question type', () => {
    expect(() => parseKey('2.5', 'MCQ')).toThrow(GateError);
    expect(() => parseKey('A', 'NAT')).toThrow("The answer key 'A' is not a valid NAT key.");
    expect(() => parseKey('1:2:3', 'NAT')).toThrow(GateError);
    expect(() => parseKey('E', 'MSQ')).toThrow(GateError);
  });

  it('refuses a number no double holds (a thousand digits read as Infinity), as a key and as typed', () => {
    const thousandDigits = '9'.repeat(1000);
    expect(() => parseKey(thousandDigits, 'NAT')).toThrow(GateError);
    expect(() => parseKey(`1:${thousandDigits}`, 'NAT')).toThrow(GateError);
    expect(() => importFixtureKey({ keys: { '129': thousandDigits } })).toThrow(GateError);
    expect(validateKeyInput('NAT', thousandDigits)).toEqual({ valid: false, error: KEY_INPUT_MESSAGES.natNumbers });
    expect(parseKey(`${'9'.repeat(300)}`, 'NAT')).toEqual({
      kind: 'alternatives',
      alternatives: [{ kind: 'number', value: Number('9'.repeat(300)) }],
    });
  });
});

const paper: PaperQuestion[] = [
  {
    long_id: '100',
    short_id: '1',
    name: 'P',
    type: 'MCQ',
    marks: 1,
    question: 'q1',
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
  },
  {
    long_id: '122',
    short_id: '23',
    name: 'P',
    type: 'MSQ',
    marks: 1,
    question: 'q23',
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
  },
  { long_id: '128', short_id: '29', name: 'P', type: 'NAT', marks: 1, question: 'q29', options: {} },
  { long_id: '129', short_id: '30', name: 'P', type: 'NAT', marks: 1, question: 'q30', options: {} },
];

describe('importOfficialKey', () => {
  it('maps 2026 rows onto Question IDs, turning "lo to hi" into lo:hi and keeping OR alternatives', () => {
    const text = [
      'Q. No. | Q. Type | Section | Key/Range',
      '1 MCQ GA B OR C',
      '23 MSQ DA A;B;C',
      '29 NAT DA 8.90 to 9.10',
      '30\tNAT\tDA\t2 to 2',
    ].join('\n');
    expect(importOfficialKey(text, paper)).toEqual({
      keys: { '100': 'B OR C', '122': 'A;B;C', '128': '8.90:9.10', '129': '2:2' },
      warnings: [],
      missing: [],
    });
  });

  it('reads older keys with Session and Marks columns, MTA* and MTA on a NAT row, and the footnote', () => {
    const text = [
      'Q.No. Session Q.Type Section Key/Range Marks',
      '1 1 MCQ GA MTA* 1',
      '23 1 MSQ CS A, B or B 1',
      '29 1 NAT CS 1.5 to 2.5 OR 3 to 3 1',
      '30 1 NAT CS MTA 1',
      'MTA = Marks to All',
    ].join('\n');
    expect(importOfficialKey(text, paper)).toEqual({
      keys: { '100': 'MTA', '122': 'A;B OR B', '128': '1.5:2.5 OR 3:3', '129': 'MTA' },
      warnings: [],
      missing: [],
    });
  });

  it('applies a document only whole: an unread row or a question without a key refuses it, naming each', () => {
    const whole = ['1 MCQ GA B', '23 MSQ DA A;B;C', '29 NAT DA 8.90 to 9.10', '30 NAT DA 2 to 2'];
    expect(() => importOfficialKey([...whole, '64 MCQ DA A'].join('\n'), paper)).toThrow(
      "The key does not match this paper row for row, so nothing was applied: The key row '64 MCQ DA A' names Q64, which is not in this paper.",
    );
    expect(() => importOfficialKey(whole.slice(0, 3).join('\n'), paper)).toThrow(
      /nothing was applied: No key for Q30\.$/,
    );
    expect(() => importOfficialKey([...whole, '9 MCQ GA'].join('\n'), paper)).toThrow(
      "nothing was applied: The key row '9 MCQ GA' has no key.",
    );
    expect(() => importOfficialKey([...whole, '23 MSQ DA A;C'].join('\n'), paper)).toThrow(/repeats Q23/);
    expect(() => importOfficialKey('hello', paper)).toThrow(/No answer-key rows were found/);
    expect(() => importOfficialKey('23 MSQ DA 7.5', paper)).toThrow(/cannot be read/);
    // Asked for (the CLI's --partial), what could be read comes back with the questions it lacks.
    expect(importOfficialKey(whole.slice(0, 3).join('\n'), paper, undefined, { partial: true })).toMatchObject({
      keys: { '100': 'B', '122': 'A;B;C', '128': '8.90:9.10' },
      missing: ['30'],
    });
  });
});

describe('importFixtureKey', () => {
  it('reads the keys object by Question ID and refuses anything else', () => {
    expect(importFixtureKey({ keys: { '100': 'A', '128': '3.05:2.95', '129': 'MTA' }, byMaster: {} })).toEqual({
      '100': 'A',
      '128': '3.05:2.95',
      '129': 'MTA',
    });
    expect(() => importFixtureKey([])).toThrow(GateError);
    expect(() => importFixtureKey({ keys: { '100': 'A', '101': 'not a key' } })).toThrow(GateError);
  });
});
