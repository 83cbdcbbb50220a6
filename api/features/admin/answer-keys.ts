import {
  importFixtureKey,
  importOfficialKey,
  isGateError,
  isMarksToAll,
  parseKey,
  validateKeyInput,
  type GateErrorCode,
  type KeysByLongId,
  type PaperSections,
} from '../../../src/domain/gate';
import { normalizeKeyInput } from '../../../src/domain/gate/keys';
import type { Question } from '../../store';
import { KEY_MAX_LENGTH } from '../../../src/contract/admin-requests';

const DEFAULT_LETTERS = ['A', 'B', 'C', 'D'];
/**
 * A key or a key import the administrator must correct (api/error-answers.ts answers it): `field` names the request
 * field it came in, where the answer should; `code` is the engine's, when the engine refused it.
 */
export class KeyRefused extends Error {
  constructor(
    message: string,
    readonly field?: 'keys' | 'rows' | 'marks',
    readonly code?: GateErrorCode,
  ) {
    super(message);
    this.name = 'KeyRefused';
  }
}

/**
 * Refuses a key the question's type cannot use, with the spec's admin-entry messages (the same rules the screen
 * applies as the admin types), and returns it in its stored form ('A, C' → 'A;C'). 'MTA' (marks to all) is accepted
 * for every type.
 */
export function checkAnswerKey(question: Pick<Question, 'type' | 'options' | 'long_id'>, typedKey: string): string {
  if (isMarksToAll(typedKey)) return typedKey.trim();
  const answerKey = normalizeKeyInput(question.type, typedKey);
  const input = validateKeyInput(question.type, answerKey);
  if (!input.valid) {
    throw new KeyRefused(input.error ?? `The answer key is not valid for a ${question.type} question.`);
  }
  if (question.type === 'MCQ') {
    const letters = Object.keys(question.options ?? {});
    if (!(letters.length ? letters : DEFAULT_LETTERS).includes(answerKey)) {
      throw new KeyRefused(`Question ${question.long_id} has no option ${answerKey}.`);
    }
  }
  // A key the engine cannot read is refused by its own error (INVALID_KEY: api/error-answers.ts).
  parseKey(answerKey, question.type);
  return answerKey;
}

export interface KeyImport {
  /** Stored question id → key, every one checked against its question's type. */
  keys: Map<string, string>;
  /** Question IDs in the file that this paper does not have. */
  unknown: string[];
  /**
   * What the import leaves out or decides, for the administrator to check: rows that could not be read, a question
   * named twice (the first row counts), rows for questions the paper lacks, a type that differs, questions without a
   * key.
   */
  warnings: string[];
  /** Question ID → marks, when the key gave them (an official key's Marks column on a paper with parts). */
  marks?: Record<string, number>;
}

const MARKS_FORMAT = 'Send the marks as an object of Question ID → 1 or 2 (marks).';

/** The `marks` a keys import may carry beside them (the key PDF's Marks column, read in the browser). */
function marksOf(raw: unknown, paper: readonly Question[]): Record<string, number> | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new KeyRefused(MARKS_FORMAT);
  const ids = new Set(paper.map((question) => question.long_id));
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.some(([id, marks]) => !ids.has(id) || (marks !== 1 && marks !== 2))) {
    throw new KeyRefused(MARKS_FORMAT, 'marks');
  }
  return Object.fromEntries(entries) as Record<string, number>;
}

/**
 * Reads an import request: `keys` (the fixture key.json format, or the whole key.json; `marks` beside them) or `rows`
 * (official key text rows, mapped by master number, or on a paper with parts by section and number, their Marks
 * column read). Everything is checked before anything is applied; official rows apply only as a whole document (every
 * row read, every question keyed), else the import is refused naming each unread row and each question left out.
 */
export function readKeyImport(
  paper: Question[],
  request: Record<string, unknown>,
  sections?: PaperSections,
): KeyImport {
  let byLongId: KeysByLongId;
  let warnings: string[] = [];
  let marks: Record<string, number> | undefined;
  try {
    if (request.keys !== undefined) {
      byLongId = importFixtureKey({ keys: request.keys });
      marks = marksOf(request.marks, paper);
    } else if (typeof request.rows === 'string' && request.rows.trim()) {
      const enginePaper = paper.map((question) => ({ ...question, short_id: String(question.short_id) }));
      const imported = importOfficialKey(request.rows, enginePaper, sections);
      byLongId = imported.keys;
      marks = imported.marks;
      warnings = imported.warnings;
    } else {
      throw new KeyRefused('Send the key as "keys" (key.json format) or as official key "rows".');
    }
  } catch (error) {
    // Like every refusal of a field, the answer names the field the unreadable key came in.
    const field = request.keys !== undefined ? 'keys' : 'rows';
    if (isGateError(error)) throw new KeyRefused(error.message, field, error.code);
    throw error;
  }
  const byLong = new Map(paper.map((question) => [question.long_id, question]));
  const keys = new Map<string, string>();
  const unknown: string[] = [];
  for (const [longId, answerKey] of Object.entries(byLongId)) {
    const question = byLong.get(longId);
    if (!question) {
      unknown.push(longId);
      continue;
    }
    if (answerKey.length > KEY_MAX_LENGTH) {
      throw new KeyRefused(`The key for Question ID ${longId} is longer than ${KEY_MAX_LENGTH} characters.`);
    }
    try {
      parseKey(answerKey, question.type);
    } catch {
      throw new KeyRefused(`The key '${answerKey}' for Question ID ${longId} is not a valid ${question.type} key.`);
    }
    keys.set(question.id, answerKey);
  }
  if (keys.size === 0) {
    const message = 'None of the keys belongs to a question of this paper.';
    throw new KeyRefused(message, request.keys !== undefined ? 'keys' : 'rows');
  }
  return { keys, unknown, warnings, ...(marks && Object.keys(marks).length > 0 ? { marks } : {}) };
}
