import type { StringSchema } from 'yup';

/**
 * Text rules every free-text field shares, in the browser and in the API: no control characters (they break logs,
 * e-mails and the stored files, and nobody types them) and no UTF-16 half of a character without its other half
 * (it cannot be encoded as UTF-8, so it would be stored as something else than what was sent).
 */

export const CONTROL_CHARACTERS = 'Must not contain control characters';
export const BROKEN_TEXT = 'Must be valid text';

/** C0 controls, DEL and C1 controls; multi-line text may keep tab, line feed and carriage return. */
/* eslint-disable no-control-regex -- finding control characters is these patterns' purpose */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * Adds the shared text rules to a string schema (after its own rules, so a form's first message stays its own).
 * Use `{ multiLine: true }` for text that may span lines.
 */
export function plainText<S extends StringSchema<string | undefined>>(
  schema: S,
  options: { multiLine?: boolean } = {},
): S {
  return schema
    .test(
      'no-control-characters',
      CONTROL_CHARACTERS,
      (value) => !value || !hasControlCharacters(value, options.multiLine),
    )
    .test('well-formed', BROKEN_TEXT, (value) => !value || !hasLoneSurrogate(value));
}

/** Too-long message in the house style ("Must be at most 254 characters long"). */
export const atMost = (characters: number) => `Must be at most ${characters} characters long`;
