import { GateError } from './errors';
import { alternativesOf, isMarksToAll, parseKey, type KeysByLongId } from './keys';
import type { PaperSections } from './sections';
import type { PaperQuestion, QuestionType } from './types';

/**
 * Official answer keys (GATE's key PDFs and rows copied from them): columns `Q. No. | Q. Type | Section | Key/Range`,
 * before 2026 also Session and Marks. Rows are read into the product's key format and matched onto a paper's
 * Question IDs by master number, each row with what disagrees with the paper.
 */

/** The cells of one table row as printed (Session and Marks only in older keys). */
export interface OfficialKeyCells {
  number?: string;
  session?: string;
  type?: string;
  section?: string;
  key?: string;
  marks?: string;
}

/** A row of an official key; `line` is the row as printed, for messages. */
export interface OfficialKeyRow {
  line: string;
  cells: OfficialKeyCells;
}

/** What reading a key needs of a paper's question (and its section and marks, on a paper with parts). */
export type KeyPaperQuestion = Pick<PaperQuestion, 'long_id' | 'short_id' | 'type'> &
  Partial<Pick<PaperQuestion, 'section' | 'marks'>>;

export type KeyRowFlag = 'unreadable' | 'unknown-question' | 'type-differs' | 'repeated' | 'marks-differ';

/** One row read against the paper: what it says, the question it names, and every disagreement. */
export interface KeyRowReading {
  line: string;
  /** The paper's master number (1-65) the row names, once its number and section are read. */
  master?: number;
  type?: QuestionType;
  section?: string;
  /** The key in the product's format ('A;C', '8.9:9.1', 'B OR C', 'MTA'). */
  key?: string;
  /** The paper's question the row names. */
  question?: KeyPaperQuestion;
  flags: KeyRowFlag[];
  /** One sentence per flag, written for the admin. */
  problems: string[];
}

export interface OfficialKeyReading {
  rows: KeyRowReading[];
  /** What an import applies: each question's key, read for the question's stored type. */
  keys: KeysByLongId;
  /** Master numbers of the paper's questions no row covers. */
  missing: string[];
  /** Every row's problems, then the questions without a key. */
  warnings: string[];
  /** On a paper with parts: each question's marks as the key's Marks column gives them (they count over the paper's). */
  marks?: Record<string, number>;
}

const TYPES: Record<string, QuestionType> = { MCQ: 'MCQ', MSQ: 'MSQ', NAT: 'NAT', SA: 'NAT' };
const SUBJECT_QUESTIONS_OFFSET = 10;

/**
 * A key cell in the product's format: `lo to hi` → `lo:hi`, 'OR' alternatives kept, MSQ letters joined by ';', and
 * several letters for an MCQ (accepted after challenges) made alternatives, since an MCQ answer is one letter.
 */
export function officialKeyText(text: string, type: QuestionType): string {
  if (isMarksToAll(text)) return 'MTA';
  return alternativesOf(text.trim())
    .flatMap((alternative) => {
      const range = /^(\S+)\s+to\s+(\S+)$/i.exec(alternative.trim());
      if (range) return [`${range[1]}:${range[2]}`];
      if (type === 'NAT') return [alternative.trim()];
      const letters = alternative.toUpperCase().replace(/\s+/g, '').replace(/,/g, ';');
      return type === 'MCQ' ? letters.split(';') : [letters];
    })
    .join(' OR ');
}

interface ReadRow {
  line: string;
  number?: number;
  type?: QuestionType;
  section?: string;
  keyText?: string;
  marks?: string;
  problems: string[];
}

function readCells({ line, cells }: OfficialKeyRow): ReadRow {
  const number = /^\d{1,3}$/.test(cells.number?.trim() ?? '') ? Number(cells.number) : undefined;
  const type = TYPES[cells.type?.trim().toUpperCase() ?? ''];
  const section = cells.section?.trim().toUpperCase() || undefined;
  const keyText = cells.key?.trim() || undefined;
  const problems = [
    number === undefined && `has no question number`,
    !type && `has no question type (MCQ, MSQ or NAT)`,
    !section && `has no section`,
    !keyText && `has no key`,
  ].filter((problem): problem is string => problem !== false);
  return { line, number, type, section, keyText, marks: cells.marks?.trim() || undefined, problems };
}

/** Where a key row points in the paper: the question, and how the row names it in messages ('Q47', 'B1 Q47'). */
type RowLocator = (
  row: ReadRow & { number: number; section: string },
) => { question: KeyPaperQuestion; master: number; label: string } | { problem: string; master?: number };

/**
 * Reads official key rows against a paper. Older keys number the subject section 1-55 where the paper numbers it
 * 11-65; a subject row numbered 10 or less shows which numbering a key uses. On a paper with parts (`sections`), a
 * row names its question by section ('GE-B-SI', 'XE-B', 'GG1') and number, and its Marks cell gives the marks.
 */
export function readOfficialKey(
  rows: readonly OfficialKeyRow[],
  paper: readonly KeyPaperQuestion[],
  sections?: PaperSections,
): OfficialKeyReading {
  const read = rows.map(readCells);
  const locate = sections ? sectionLocator(paper, sections) : masterLocator(read, paper);
  const keys: KeysByLongId = {};
  const marks: Record<string, number> = {};
  const readings = read.map((row): KeyRowReading => {
    const reading: KeyRowReading = { line: row.line, type: row.type, section: row.section, flags: [], problems: [] };
    const flag = (kind: KeyRowFlag, problem: string) => {
      reading.flags.push(kind);
      reading.problems.push(problem);
    };
    if (row.number === undefined || !row.type || !row.section || !row.keyText) {
      flag('unreadable', `The key row '${row.line}' ${row.problems.join(', ')}.`);
      return reading;
    }
    reading.key = officialKeyText(row.keyText, row.type);
    const located = locate({ ...row, number: row.number, section: row.section });
    reading.master = located.master;
    if ('problem' in located) {
      flag('unknown-question', `The key row '${row.line}' ${located.problem}.`);
      return reading;
    }
    const { question, label } = located;
    reading.question = { long_id: question.long_id, short_id: question.short_id, type: question.type };
    if (question.type !== row.type) {
      flag('type-differs', `The key row '${row.line}' says ${row.type}; the paper has ${label} as ${question.type}.`);
      // The paper's type scores it, so the key is read as that type: 'A;C' is one MSQ answer but two MCQ answers.
      reading.key = officialKeyText(row.keyText, question.type);
    }
    if (question.long_id in keys) {
      flag('repeated', `The key row '${row.line}' repeats ${label}; the first row for it counts.`);
      return reading;
    }
    try {
      parseKey(reading.key, question.type);
      keys[question.long_id] = reading.key;
    } catch {
      flag('unreadable', `The key row '${row.line}' has an answer that cannot be read as a ${question.type} key.`);
      return reading;
    }
    const rowMarks = Number(row.marks);
    if (sections && row.marks !== undefined && Number.isFinite(rowMarks) && rowMarks > 0) {
      marks[question.long_id] = rowMarks;
      if (question.marks !== undefined && question.marks !== rowMarks) {
        flag(
          'marks-differ',
          `The key row '${row.line}' gives ${label} ${rowMarks} marks; the paper had ${question.marks}: the key's marks count.`,
        );
      }
    }
    return reading;
  });
  const unkeyed = paper.filter((question) => !(question.long_id in keys));
  const missing = unkeyed.map((question) => question.short_id);
  const warnings = readings.flatMap((reading) => reading.problems);
  if (missing.length && !sections) warnings.push(`No key for Q${missing.join(', Q')}.`);
  if (missing.length && sections) {
    warnings.push(`No key for ${unkeyed.map((question) => `${question.section} Q${question.short_id}`).join(', ')}.`);
  }
  return { rows: readings, keys, missing, warnings, ...(sections ? { marks } : {}) };
}

/** A paper without parts: rows name master numbers, the subject maybe counted from 1. */
function masterLocator(read: readonly ReadRow[], paper: readonly KeyPaperQuestion[]): RowLocator {
  const numbersSubjectFromOne = read.some(
    (row) => row.section && row.section !== 'GA' && row.number !== undefined && row.number <= 10,
  );
  const subjectOffset = numbersSubjectFromOne ? SUBJECT_QUESTIONS_OFFSET : 0;
  const byMaster = new Map(paper.map((question) => [Number(question.short_id), question]));
  return (row) => {
    const master = row.section === 'GA' ? row.number : row.number + subjectOffset;
    const question = byMaster.get(master);
    return question
      ? { question, master, label: `Q${master}` }
      : { problem: `names Q${master}, which is not in this paper`, master };
  };
}

/** A paper with parts: the row's Section cell names the section (by the key's names for it), then the number. */
function sectionLocator(paper: readonly KeyPaperQuestion[], sections: PaperSections): RowLocator {
  const sectionIds = new Map<string, string>();
  for (const section of sections.sections) {
    for (const name of [section.id, `${sections.paper}-${section.id}`, ...(section.keySections ?? [])]) {
      sectionIds.set(name.toUpperCase(), section.id);
    }
  }
  const byNumber = new Map(paper.map((question) => [`${question.section ?? ''} ${question.short_id}`, question]));
  return (row) => {
    const section = sectionIds.get(row.section);
    if (section === undefined)
      return { problem: `names section ${row.section}, which ${sections.paper} does not have` };
    const question = byNumber.get(`${section} ${row.number}`);
    const label = `${section} Q${row.number}`;
    return question
      ? { question, master: row.number, label }
      : { problem: `names ${label}, which is not in this paper`, master: row.number };
  };
}

/** '23 MSQ DA A;B;C', '47 1 MCQ GE-B-SI C 1' (older keys: Session and Marks), '154 NAT XE-H 2.1 to 2.3 2'. */
const OFFICIAL_ROW = /^(\d{1,3})\s+(?:(\d)\s+)?(MCQ|MSQ|NAT|SA)\s+([A-Z]{2}\d?(?:-[A-Z]+\d?)*)\s+(.+)$/i;

/**
 * Official key rows in text (as copied from the PDF, '|' or tabs between cells); other lines (titles, headers) are
 * skipped. Keys with a Marks column end each row with the marks.
 */
export function officialRowsOfText(text: string): OfficialKeyRow[] {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/[|\t]/g, ' ').replace(/\s+/g, ' ').trim());
  const hasMarksColumn = lines.some((line) => /\bmarks\b/i.test(line) && /\bkey\b/i.test(line));
  return lines.flatMap((line): OfficialKeyRow[] => {
    const match = OFFICIAL_ROW.exec(line);
    if (!match) return [];
    const [, number, session, type, section, rest = ''] = match;
    const marks = hasMarksColumn ? /\s+(\d+(?:\.\d+)?)$/.exec(rest) : null;
    const key = marks ? rest.slice(0, marks.index) : rest;
    return [{ line, cells: { number, session, type, section, key, marks: marks?.[1] } }];
  });
}

export interface ImportedKeys {
  keys: KeysByLongId;
  warnings: string[];
  /** On a paper with parts: the marks the key's Marks column gives (see OfficialKeyReading). */
  marks?: Record<string, number>;
}

/**
 * Reads official key text onto the paper's Question IDs for an import that applies all or nothing: rows naming other
 * questions and types that differ are warnings, an answer that cannot be read refuses the whole key.
 */
export function importOfficialKey(
  text: string,
  paper: readonly KeyPaperQuestion[],
  sections?: PaperSections,
): ImportedKeys {
  const rows = officialRowsOfText(text);
  if (rows.length === 0) {
    throw new GateError('INVALID_KEY', 'No answer-key rows were found (expected rows like "23 MSQ DA A;B;C").');
  }
  const reading = readOfficialKey(rows, paper, sections);
  const unreadable = reading.rows.find((row) => row.flags.includes('unreadable'));
  if (unreadable)
    throw new GateError('INVALID_KEY', `The key row '${unreadable.line}' has an answer that cannot be read.`);
  return { keys: reading.keys, warnings: reading.warnings, ...(reading.marks ? { marks: reading.marks } : {}) };
}
