import { GateError } from './errors';
import { GA_QUESTIONS, QUESTIONS_PER_PAPER, marksForMaster } from './marks';
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
}

/** The paper a stored result is scored against: its test paper and its questions (any order). */
export interface ScoringPaper {
  testPaper: TestPaper | null;
  questions: readonly PaperQuestion[];
}

/**
 * Builds the master paper from any one candidate's sheet: image names give each question's master number and each
 * option's master letter, so the shuffle of that candidate does not matter.
 */
export function buildPaper(sheet: ParsedSheet, paperName?: string): BuiltPaper {
  const testPaper = identifyPaper(sheet);
  const name = paperName?.trim() || defaultPaperName(sheet, testPaper);
  assertTrustworthy(sheet.questions);
  const ordered = [...sheet.questions].sort((a, b) => a.masterNumber - b.masterNumber);
  return {
    name,
    testPaper,
    questions: ordered.map((question) => toPaperQuestion(question, name)),
    warnings: [...countWarnings(ordered), ...questionIdOrderWarnings(ordered)],
  };
}

function toPaperQuestion(question: SheetQuestion, name: string): PaperQuestion {
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
    short_id: String(question.masterNumber),
    name,
    type: question.type,
    marks: marksForMaster(question.masterNumber),
    question: question.stemImage,
    options,
  };
}

function defaultPaperName(sheet: ParsedSheet, testPaper: TestPaper | null): string {
  const year = /^[A-Z]{2,3}(\d{2})S/.exec(sheet.candidate.id)?.[1];
  const fullYear = year ? `20${year}` : (/(\d{4})\s*$/.exec(sheet.candidate.testDate)?.[1] ?? '');
  const code = testPaper ? paperCodeOf(testPaper) : sheet.candidate.paperCode;
  return ['GATE', fullYear, code].filter(Boolean).join(' ');
}

/** Two questions claiming one master number or one Question ID, or a master number out of range: nothing to trust. */
function assertTrustworthy(questions: SheetQuestion[]): void {
  const untrusted = (reason: string) =>
    new GateError('UNTRUSTED_PAPER', `This sheet cannot be used as the master paper: ${reason}.`);
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
