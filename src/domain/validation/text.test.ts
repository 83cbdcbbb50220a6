import { describe, expect, it } from 'vitest';
import { string, type Schema } from 'yup';
import { BROKEN_TEXT, CONTROL_CHARACTERS, plainText } from './text';

const problem = (schema: Schema, value: string) => {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('plainText', () => {
  const line = plainText(string());
  const text = plainText(string(), { multiLine: true });

  it.each([
    ['NUL', 'a\u0000b', CONTROL_CHARACTERS, CONTROL_CHARACTERS],
    ['escape', 'a\u001bb', CONTROL_CHARACTERS, CONTROL_CHARACTERS],
    ['DEL', 'a\u007fb', CONTROL_CHARACTERS, CONTROL_CHARACTERS],
    ['a C1 control', 'a\u0085b', CONTROL_CHARACTERS, CONTROL_CHARACTERS],
    ['tab and new lines', 'a\tb\r\nc', CONTROL_CHARACTERS, null],
    ['a lone high surrogate', 'a\uD83D', BROKEN_TEXT, BROKEN_TEXT],
    ['a lone low surrogate', '\uDE00a', BROKEN_TEXT, BROKEN_TEXT],
    ['a whole emoji and accents', 'Zoë 😀', null, null],
  ])('%s: one line says %s, multi-line text says %s', (_, value, oneLine, multiLine) => {
    expect(problem(line, value)).toBe(oneLine);
    expect(problem(text, value)).toBe(multiLine);
  });
});
