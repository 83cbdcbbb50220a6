import { GateError } from './gate-error';
import type { QuestionType } from './types';

/**
 * Answer keys as administrators store them: MCQ 'B'; MSQ 'A;C'; NAT '12.5' (within NAT_TOLERANCE) or 'low:high'
 * (inclusive, either order); 'MTA' = marks to all. Official keys can accept alternatives after challenges
 * ('A OR C', '1.9:2.1 OR 3.9:4.1'): any alternative that matches counts.
 */
export type KeyAlternative =
  | { kind: 'letters'; letters: string[] }
  | { kind: 'number'; value: number }
  | { kind: 'range'; low: number; high: number };

export type ParsedKey = { kind: 'MTA' } | { kind: 'alternatives'; alternatives: KeyAlternative[] };

export const NAT_TOLERANCE = 0.01;
const OPTION_LETTERS = /^[A-D](?:;[A-D])*$/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
/**
 * The alternatives of a key text. Whitespace runs are collapsed first so the split needs no `\s+` around OR: that
 * pattern retries every start inside a long run of spaces, quadratic in the run's length.
 */
export const alternativesOf = (text: string) => text.replace(/\s+/g, ' ').split(/ OR /i);

/** A decimal number as typed, one a double holds: a thousand digits read as Infinity, which no key can mean. */
export function isNumberText(text: string): boolean {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) && Number.isFinite(Number(trimmed));
}

/** 'MTA', 'Marks to all', and 'MTA*' as official keys print it beside a footnote. */
export function isMarksToAll(key: string): boolean {
  return /^\s*(?:MTA|marks\s+to\s+all)\s*\*?\s*$/i.test(key);
}

/** Keys repeat for every candidate of a paper; parsing each once keeps scoring cheap. Bounded: keys come from admins. */
const parsedKeys = new Map<string, ParsedKey>();
const PARSED_KEYS_LIMIT = 5000;

/** Parses a stored key; `type` (when known) decides between letters and numbers. Throws INVALID_KEY. */
export function parseKey(key: string, type?: QuestionType): ParsedKey {
  const cacheKey = `${type ?? ''}|${key}`;
  const cached = parsedKeys.get(cacheKey);
  if (cached) return cached;
  const parsed = parseKeyText(key, type);
  if (parsedKeys.size >= PARSED_KEYS_LIMIT) parsedKeys.clear();
  parsedKeys.set(cacheKey, parsed);
  return parsed;
}

function parseKeyText(key: string, type?: QuestionType): ParsedKey {
  const text = key.trim();
  if (isMarksToAll(text)) return { kind: 'MTA' };
  const alternatives = alternativesOf(text).map((alternative) => parseAlternative(alternative, type));
  if (alternatives.some((alternative) => alternative === null)) {
    throw new GateError('INVALID_KEY', `The answer key '${key}' is not a valid${type ? ` ${type}` : ''} key.`);
  }
  return { kind: 'alternatives', alternatives: alternatives as KeyAlternative[] };
}

function parseAlternative(text: string, type?: QuestionType): KeyAlternative | null {
  const letters = text.toUpperCase().replace(/\s+/g, '');
  if (type !== 'NAT' && OPTION_LETTERS.test(letters)) {
    return { kind: 'letters', letters: [...new Set(letters.split(';'))].sort() };
  }
  if (type === 'MCQ' || type === 'MSQ') return null;
  const [first = '', second, ...more] = text.split(':').map((part) => part.trim());
  if (more.length > 0 || !isNumberText(first)) return null;
  if (second === undefined) return { kind: 'number', value: Number(first) };
  if (!isNumberText(second)) return null;
  const [a, b] = [Number(first), Number(second)];
  return { kind: 'range', low: Math.min(a, b), high: Math.max(a, b) };
}

// ---- Admin answer entry: the filters run on every keystroke, the validation decides the Save button. ----

export const KEY_INPUT_MESSAGES = {
  msqJustSemicolon: 'Input cannot be just a semicolon',
  msqEndsWithSemicolon: 'Input cannot end with a semicolon',
  msqLetters: 'Each option must be a single letter, separated by semicolons (e.g., A;B;C;D)',
  natJustSymbol: 'Input cannot be just a decimal point, minus sign, or colon',
  natEndsWithSymbol: 'Input cannot end with a decimal point or colon',
  natNumbers: 'Each part must be a valid number',
} as const;

export interface KeyInputCheck {
  valid: boolean;
  /** The message to show under the field; null shows none (also for empty input). */
  error: string | null;
}

/**
 * MSQ letters as people type them: 'A;C', 'A,C', 'a, c' or 'A C' all mean 'A;C', the stored form. Keeps a leading
 * or trailing separator, so the validation can say what is wrong with it.
 */
export function msqKeyText(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .split(/[\s,;]+/)
    .join(';');
}

/** The key as it is stored: MSQ separators unified ('A, C' → 'A;C'); other types trimmed. */
export function normalizeKeyInput(type: string, value: string): string {
  return type === 'MSQ' ? msqKeyText(value) : value.trim();
}

/**
 * MSQ input: commas and spaces become semicolons, then letters A-D (uppercased), repeated semicolons collapsed, a
 * leading semicolon dropped.
 */
export function filterMsqInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s,]/g, ';')
    .replace(/[^A-D;]/g, '')
    .replace(/;{2,}/g, ';')
    .replace(/^;/, '');
}

/** NAT input: digits, '.', '-', ':' and '/', repeated colons collapsed. */
export function filterNatInput(raw: string): string {
  return raw.replace(/[^0-9.\-:/]/g, '').replace(/:{2,}/g, ':');
}

export function filterKeyInput(type: string, raw: string): string {
  if (type === 'MSQ') return filterMsqInput(raw);
  if (type === 'NAT') return filterNatInput(raw);
  return raw;
}

/** Whether an admin's answer may be saved for a question of this type, with the spec's message when not. */
export function validateKeyInput(type: string, value: string): KeyInputCheck {
  if (type === 'MCQ') return { valid: true, error: null };
  if (type === 'MSQ') return validateMsq(msqKeyText(value));
  if (type === 'NAT') return validateNat(value);
  return { valid: value.trim() !== '', error: null };
}

function validateMsq(value: string): KeyInputCheck {
  if (value === '') return { valid: false, error: null };
  if (value === ';') return invalid(KEY_INPUT_MESSAGES.msqJustSemicolon);
  if (value.endsWith(';')) return invalid(KEY_INPUT_MESSAGES.msqEndsWithSemicolon);
  if (!value.split(';').every((part) => /^[A-D]$/.test(part))) return invalid(KEY_INPUT_MESSAGES.msqLetters);
  return { valid: true, error: null };
}

function validateNat(value: string): KeyInputCheck {
  if (value === '') return { valid: false, error: null };
  if (value === '.' || value === '-' || value === ':') return invalid(KEY_INPUT_MESSAGES.natJustSymbol);
  if (value.endsWith('.') || value.endsWith(':')) return invalid(KEY_INPUT_MESSAGES.natEndsWithSymbol);
  const parts = value.split(':');
  // A range has two bounds; a third part could never be scored, so it is refused like a non-number.
  if (parts.length > 2 || !parts.every(isNumberText)) return invalid(KEY_INPUT_MESSAGES.natNumbers);
  return { valid: true, error: null };
}

function invalid(error: string): KeyInputCheck {
  return { valid: false, error };
}

// ---- Importers ----

export type KeysByLongId = Record<string, string>;

/** Reads a key file in the fixtures' format: `{ keys: { <Question ID>: <key> } }` (other fields ignored). */
export function importFixtureKey(json: unknown): KeysByLongId {
  const keys = (json as { keys?: unknown } | null)?.keys;
  if (!keys || typeof keys !== 'object' || Array.isArray(keys)) {
    throw new GateError('INVALID_KEY', 'The key file has no "keys" object mapping Question IDs to answers.');
  }
  const result: KeysByLongId = {};
  for (const [longId, key] of Object.entries(keys)) {
    if (key === null || key === undefined || key === '') continue;
    if (typeof key !== 'string' || !/^\d+$/.test(longId)) {
      throw new GateError('INVALID_KEY', `The key file's entry for '${longId}' is not a Question ID with a text key.`);
    }
    parseKey(key);
    result[longId] = key.trim();
  }
  return result;
}
