import { hasChoice } from './catalogue/catalogue';
import { catalogueEntryOfSheet } from './catalogue/identify';
import { GateError, untrustedPaper as untrusted } from './gate-error';
import { GA_QUESTIONS, QUESTIONS_PER_PAPER, marksForMaster } from './marks';
import { buildSections } from './sectioned-paper';
import type { PaperSections } from './sections';
import { identifyPaper, paperCodeOf, type TestPaper } from './test-papers';
import type { PaperQuestion, ParsedSheet, SheetQuestion } from './types';

export interface BuiltPaper {
  name: string;
  /** Null when the sheet does not say which paper it is (see identifyPaper). */
  testPaper: TestPaper | null;
  /** In master order. */
  questions: PaperQuestion[];
  /** Things an admin should look at before trusting the paper; empty when all checks agree. */
  warnings: string[];
  /** On papers whose candidates choose sections (GE, XE…): the sections, and how many optional ones count. */
  sections?: PaperSections;
}

/** The paper a stored result is scored against: its test paper and its questions (any order). */
export interface ScoringPaper {
  testPaper: TestPaper | null;
  questions: readonly PaperQuestion[];
  /** On papers whose candidates choose sections: the sections (each question names its own) and the choice rule. */
  sections?: PaperSections;
}

/**
 * Builds the master paper from any one candidate's sheet: image names give each question's master number and each
 * option's master letter, so the shuffle of that candidate does not matter.
 */
export function buildPaper(sheet: ParsedSheet, paperName?: string): BuiltPaper {
  const testPaper = identifyPaper(sheet);
  const name = paperName?.trim() || defaultPaperName(sheet, testPaper);
  const entry = catalogueEntryOfSheet(sheet);
  if (entry?.layout && entry.year !== null && hasChoice(entry.layout.layout)) {
    assertUniqueIds(sheet.questions);
    const built = buildSections(sheet.questions, { code: entry.code, year: entry.year, layout: entry.layout });
    return {
      name,
      testPaper,
      questions: built.questions.map(({ question, ...placed }) => toPaperQuestion(question, name, placed)),
      warnings: built.warnings,
      sections: built.sections,
    };
  }
  assertTrustworthy(sheet.questions);
  const ordered = [...sheet.questions].sort((a, b) => a.masterNumber - b.masterNumber);
  return {
    name,
    testPaper,
    questions: ordered.map((question) => toPaperQuestion(question, name)),
    warnings: [...countWarnings(ordered), ...questionIdOrderWarnings(ordered)],
  };
}

/** Where a question of a paper with parts sits: its section, its key number and its marks. */
interface Placement {
  section: string;
  number: number;
  marks: number;
}

function toPaperQuestion(question: SheetQuestion, name: string, placement?: Placement): PaperQuestion {
  const options: Record<string, string> = {};
  const byLetter = Object.entries(question.masterLetters).sort(([, a], [, b]) => a.localeCompare(b));
  for (const [label, letter] of byLetter) {
    const image = question.options[label];
    // The parser records a label's letter and image together; one without the other is a broken sheet.
    if (image === undefined) {
      throw new GateError('MALFORMED_SHEET', `Question ID ${question.longId} has option ${label} without an image.`);
    }
    options[letter] = image;
  }
  return {
    long_id: question.longId,
    short_id: String(placement?.number ?? question.masterNumber),
    name,
    type: question.type,
    marks: placement?.marks ?? marksForMaster(question.masterNumber),
    question: question.stemImage,
    options,
    ...(placement ? { section: placement.section } : {}),
  };
}

function defaultPaperName(sheet: ParsedSheet, testPaper: TestPaper | null): string {
  const year = /^[A-Z]{2,3}(\d{2})S/.exec(sheet.candidate.id)?.[1];
  const fullYear = year ? `20${year}` : (/(\d{4})\s*$/.exec(sheet.candidate.testDate)?.[1] ?? '');
  const code = testPaper ? paperCodeOf(testPaper) : sheet.candidate.paperCode;
  return ['GATE', fullYear, code].filter(Boolean).join(' ');
}

function assertUniqueIds(questions: readonly SheetQuestion[]): void {
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.longId)) throw untrusted(`Question ID ${question.longId} appears twice`);
    ids.add(question.longId);
  }
}

/** Two questions claiming one master number or one Question ID, or a master number out of range: nothing to trust. */
function assertTrustworthy(questions: SheetQuestion[]): void {
  const masters = new Set<number>();
  const ids = new Set<string>();
  for (const question of questions) {
    if (question.masterNumber < 1 || question.masterNumber > QUESTIONS_PER_PAPER) {
      throw untrusted(`its image names give question number ${question.masterNumber}`);
    }
    if (masters.has(question.masterNumber)) {
      throw untrusted(`two questions carry master number ${question.masterNumber} in their image names`);
    }
    if (ids.has(question.longId)) throw untrusted(`Question ID ${question.longId} appears twice`);
    if (question.masterNumber <= GA_QUESTIONS !== (question.sectionKind === 'GA')) {
      throw untrusted(`question ${question.masterNumber} sits in the wrong section`);
    }
    masters.add(question.masterNumber);
    ids.add(question.longId);
  }
}

function countWarnings(ordered: SheetQuestion[]): string[] {
  if (ordered.length === QUESTIONS_PER_PAPER) return [];
  const present = new Set(ordered.map((q) => q.masterNumber));
  const missing = Array.from({ length: QUESTIONS_PER_PAPER }, (_, i) => i + 1).filter((n) => !present.has(n));
  return [
    `The sheet has ${ordered.length} questions, not ${QUESTIONS_PER_PAPER}; missing master numbers: ${missing.join(', ')}.`,
  ];
}

/**
 * Question IDs are consecutive in master order, so ID − master number is the same for every question; the questions
 * that disagree with the most common offset are named for the admin instead of being silently reordered.
 */
function questionIdOrderWarnings(ordered: SheetQuestion[]): string[] {
  const offsetOf = (question: SheetQuestion) => Number(question.longId) - question.masterNumber;
  const counts = new Map<number, number>();
  for (const question of ordered) counts.set(offsetOf(question), (counts.get(offsetOf(question)) ?? 0) + 1);
  const [base] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
  return ordered
    .filter((question) => offsetOf(question) !== base)
    .map(
      (question) =>
        `Question ID ${question.longId} does not follow master order: its image names say Q${question.masterNumber}, its ID says Q${Number(question.longId) - base}.`,
    );
}

/** The paper with the marks an official key's Marks column gives (the key's marks count over the paper's own). */
export function withKeyMarks<Paper extends ScoringPaper>(paper: Paper, marks: Readonly<Record<string, number>>): Paper {
  return {
    ...paper,
    questions: paper.questions.map((question) =>
      Object.hasOwn(marks, question.long_id) ? { ...question, marks: marks[question.long_id]! } : question,
    ),
  };
}

/**
 * Stored papers are usually in master order already; only a shuffled one is copied and sorted. On papers with parts
 * the order is the sections' and then the numbers within each (GG numbers Part B1 and Part B2 alike).
 */
export function inMasterOrder<Question extends { section?: string; short_id: string | number }>(
  questions: readonly Question[],
  sections?: Pick<PaperSections, 'sections'>,
): readonly Question[] {
  const sectionOrder = new Map(sections?.sections.map((section, index) => [section.id, index]));
  const place = (question: Question) =>
    (sectionOrder.get(question.section ?? '') ?? 0) * 1e6 + Number(question.short_id);
  const sorted = questions.every((question, i) => {
    const before = questions[i - 1];
    return before === undefined || place(before) < place(question);
  });
  return sorted ? questions : [...questions].sort((a, b) => place(a) - place(b));
}
