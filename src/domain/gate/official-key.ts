import { GateError } from './gate-error';
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
  /**
   * Rows not read into a key (unreadable, naming a question the paper lacks, or repeating one), each with its text as
   * printed and the reason. A document applies whole only when this and `missing` are empty (see `whole`).
   */
  unread: KeyRowReading[];
  /** The rows match the paper's questions one for one: every row read, every question keyed. */
  whole: boolean;
}

/** Flags that leave a row out of the key: the document then no longer matches the paper row for row. */
const UNREAD_FLAGS: readonly KeyRowFlag[] = ['unreadable', 'unknown-question', 'repeated'];

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
  const unread = readings.filter((reading) => reading.flags.some((flag) => UNREAD_FLAGS.includes(flag)));
  const whole = unread.length === 0 && missing.length === 0;
  return { rows: readings, keys, missing, warnings, ...(sections ? { marks } : {}), unread, whole };
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

/** A section cell: 'GA', 'CS', 'CS-1', 'CS1', 'GE-B-SI', 'XE-B', 'GG1' (never 'MTA', which is a key). */
const SECTION = String.raw`(?!MTA\b)[A-Z]{2,3}\d?(?:-(?:[A-Z]+\d?|\d))*`;
/**
 * A row read by what its cells hold, not by a header: a question number, maybe a session number, the type, the
 * section, then the key and maybe the marks. A row with a cell missing still reads (and is flagged for it), so every
 * line that starts like a row is accounted for.
 */
const ROW = new RegExp(
  String.raw`^(\d{1,3})(?:\s+(\d{1,2})(?=\s|$))?(?:\s+(MCQ|MSQ|NAT|SA|mcq|msq|nat)(?=\s|$))?(?:\s+(${SECTION})(?=\s|$))?(?:\s+(.*\S))?\s*$`,
);
/** '1 of 2', '2 / 2': a page footer, not a row. */
const PAGE_NUMBER = /^\d+\s*(?:of|\/)\s*\d+$/i;
/** A Marks cell at the end of a row: 1 or 2 (a whole or decimal number of one or two digits). */
const TRAILING_MARKS = /^(.*\S)\s+(\d{1,2}(?:\.\d+)?)$/;

/** A line as one run of cells: '|' and tabs (copied tables) and whitespace runs as one space. */
export const rowLineText = (line: string) => line.replace(/[|\t]/g, ' ').replace(/\s+/g, ' ').trim();

/** The cells of a line that starts like a key row ('23 MSQ DA A;B;C'), or null for any other line. */
export function rowCellsOf(line: string): OfficialKeyCells | null {
  const match = ROW.exec(line);
  if (!match || PAGE_NUMBER.test(line)) return null;
  const [, number, session, type, section, key] = match;
  return { number, session, type: type?.toUpperCase(), section, key };
}

/** Whether key text (as printed, without marks) reads as a key of the row's type. */
function readsAsKey(text: string | undefined, type: string | undefined): boolean {
  const known = TYPES[type?.toUpperCase() ?? ''];
  if (!text?.trim()) return false;
  try {
    parseKey(officialKeyText(text, known ?? 'MSQ'), known);
    return true;
  } catch {
    return false;
  }
}

/** The key and marks of a row's last cells when its last number is a Marks cell: what is left still reads as a key. */
function marksSplit(cells: OfficialKeyCells): { key: string; marks: string } | null {
  const match = TRAILING_MARKS.exec(cells.key ?? '');
  return match && readsAsKey(match[1], cells.type) ? { key: match[1]!, marks: match[2]! } : null;
}

/**
 * Splits off the Marks cell by content. A document has a Marks column when most of its rows end in a number that is
 * not part of their key ('B 1', '2 to 2 2', but not the '1' of '1 to 1'); then each row whose last number can be its
 * marks gives them. Without a Marks column (2026) a row's last number stays in its key, unless the key cannot be read
 * with it ('B 1'): a document may mix both layouts. Rows whose marks were placed already keep them.
 */
export function withMarksCells(rows: readonly OfficialKeyRow[]): OfficialKeyRow[] {
  const splits = rows.map((row) => (row.cells.marks === undefined ? marksSplit(row.cells) : null));
  const keyed = rows.filter((row) => row.cells.key).length;
  const withMarks = rows.filter((row, index) => row.cells.marks !== undefined || splits[index]).length;
  const hasMarksColumn = withMarks * 2 > keyed;
  return rows.map((row, index) => {
    const split = splits[index];
    if (!split || (!hasMarksColumn && readsAsKey(row.cells.key, row.cells.type))) return row;
    return { line: row.line, cells: { ...row.cells, key: split.key, marks: split.marks } };
  });
}

const definedCells = (cells: OfficialKeyCells): OfficialKeyCells =>
  Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Official key rows in text (as copied from the PDF, '|' or tabs between cells). Titles, headers, page footers and
 * footnotes ('MTA = Marks to All') are skipped; every line that starts like a row (a question number, then more) is
 * a row, read or flagged with the cell it lacks. The Marks column, where there is one, is found by content.
 */
export function officialRowsOfText(text: string): OfficialKeyRow[] {
  const rows = text.split(/\r?\n/).flatMap((raw): OfficialKeyRow[] => {
    const line = rowLineText(raw);
    const cells = rowCellsOf(line);
    return cells ? [{ line, cells: definedCells(cells) }] : [];
  });
  return withMarksCells(rows);
}

export interface ImportedKeys {
  keys: KeysByLongId;
  warnings: string[];
  /** On a paper with parts: the marks the key's Marks column gives (see OfficialKeyReading). */
  marks?: Record<string, number>;
  /** The questions without a key (only when a partial key was asked for). */
  missing: string[];
}

/**
 * Why a document cannot be applied whole, in the admin's words: every row not read into a key, verbatim with its
 * reason, then the questions no row covers. Empty when the rows match the paper's questions one for one.
 */
export function notWholeReasons(reading: OfficialKeyReading): string[] {
  const rows = reading.unread.flatMap((row) => row.problems.filter((problem) => problem.includes(`'${row.line}'`)));
  return [...rows, ...reading.warnings.filter((warning) => warning.startsWith('No key for '))];
}

/**
 * Reads official key text onto the paper's Question IDs for an import that applies all or nothing: a document applies
 * only whole, every row read into a key and every question of the paper keyed; otherwise it is refused with every
 * unread row and every question left without a key named. Types and marks that differ from the paper's are warnings
 * (the paper's type reads the key, the key's marks count). `partial` (the CLI's --partial) takes what could be read.
 */
export function importOfficialKey(
  text: string,
  paper: readonly KeyPaperQuestion[],
  sections?: PaperSections,
  { partial = false }: { partial?: boolean } = {},
): ImportedKeys {
  const rows = officialRowsOfText(text);
  if (rows.length === 0) {
    throw new GateError('INVALID_KEY', 'No answer-key rows were found (expected rows like "23 MSQ DA A;B;C").');
  }
  const reading = readOfficialKey(rows, paper, sections);
  if (!reading.whole && !partial) {
    throw new GateError(
      'INVALID_KEY',
      `The key does not match this paper row for row, so nothing was applied: ${notWholeReasons(reading).join(' ')}`,
    );
  }
  return {
    keys: reading.keys,
    warnings: reading.warnings,
    missing: reading.missing,
    ...(reading.marks ? { marks: reading.marks } : {}),
  };
}

/** What a key document says of itself: provisional or final, and the date it gives, where it prints them. */
export interface KeyDocumentVersion {
  status?: 'provisional' | 'final';
  /** The date printed on the document, as ISO 'YYYY-MM-DD'. */
  date?: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const iso = (year: number, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31
    ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    : undefined;

/** '25 February 2025', '25 Feb, 2025', '25-02-2025', '25/02/2025', '25.02.2025', '2025-02-25'. */
function dateIn(text: string): string | undefined {
  const named = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(20\d\d)\b/.exec(text);
  const month = named ? MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) + 1 : 0;
  if (named && month > 0) return iso(Number(named[3]), month, Number(named[1]));
  const dayFirst = /\b(\d{1,2})[-/.](\d{1,2})[-/.](20\d\d)\b/.exec(text);
  if (dayFirst) return iso(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = /\b(20\d\d)-(\d{1,2})-(\d{1,2})\b/.exec(text);
  return yearFirst ? iso(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) : undefined;
}

/**
 * Whether the document calls itself provisional or final ('Final Answer Key', 'Provisional Answer Key') and the date
 * it prints, read from its lines other than rows (titles, notes); nothing when it does not say (most keys do not: the
 * two CS 1 2025 keys print the same title).
 */
export function keyDocumentVersion(lines: readonly string[]): KeyDocumentVersion {
  const notes = lines.map(rowLineText).filter((line) => line && !rowCellsOf(line));
  const text = notes.join('\n');
  const status = /\bprovisional\b/i.test(text) ? 'provisional' : /\bfinal\b/i.test(text) ? 'final' : undefined;
  const date = notes.map(dateIn).find(Boolean);
  return { ...(status ? { status } : {}), ...(date ? { date } : {}) };
}

/** The key version's default name from what the document says: 'final', 'provisional 2025-02-25'; '' when silent. */
export function keyVersionLabel({ status, date }: KeyDocumentVersion): string {
  return status ? [status, date].filter(Boolean).join(' ') : '';
}
