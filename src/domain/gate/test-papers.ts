import { GateError } from './errors';
import type { ParsedSheet } from './types';

/** The test papers a candidate can pick (spec §3 "Test paper options"): the value, then the subject label. */
export type TestPaper = 'CS 1' | 'CS 2' | 'DA';
export const TEST_PAPERS: readonly TestPaper[] = ['CS 1', 'CS 2', 'DA'];
export const TEST_PAPER_LABELS: Record<TestPaper, string> = {
  'CS 1': 'Computer Science and Information Technology',
  'CS 2': 'Computer Science and Information Technology',
  DA: 'Data Science and Artificial Intelligence',
};

export function isTestPaper(value: unknown): value is TestPaper {
  return typeof value === 'string' && (TEST_PAPERS as readonly string[]).includes(value);
}

/** 'CS1' (as the Subject line and paper names write it) → 'CS 1'. */
export function testPaperFromCode(code: string): TestPaper | null {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  if (compact === 'CS1') return 'CS 1';
  if (compact === 'CS2') return 'CS 2';
  if (compact === 'DA') return 'DA';
  return null;
}

/** 'CS 1' → 'CS1', the code used in paper names ('GATE 2026 CS1'). */
export function paperCodeOf(testPaper: TestPaper): string {
  return testPaper.replace(' ', '');
}

/**
 * Which test paper a sheet belongs to: the Subject line names it ('… (CS1)'); else the candidate id's paper code
 * (DA), and for CS the session code of the 2026-style image names (`cs1q…` / `cs2q…`). Null when the sheet does not
 * say (an older CS sheet): the caller then relies on the Question IDs.
 */
export function identifyPaper(sheet: ParsedSheet): TestPaper | null {
  const fromSubject = /\(([A-Z]{2}\s*\d?)\)\s*$/.exec(sheet.candidate.subject.toUpperCase());
  const named = fromSubject ? testPaperFromCode(fromSubject[1]) : null;
  if (named) return named;
  const family = sheet.candidate.paperCode || /^([A-Z]{2})/.exec(sheet.candidate.id)?.[1] || '';
  if (family === 'DA') return 'DA';
  if (family !== 'CS') return null;
  const sessions = new Set(
    sheet.questions
      .filter((q) => q.sectionKind === 'subject')
      .map((q) => /_cs([12])q\d+q(?:v\d+)?\.\w+$/i.exec(q.stemImage)?.[1] ?? ''),
  );
  if (sessions.size !== 1) return null;
  const [session] = sessions;
  return session ? testPaperFromCode(`CS${session}`) : null;
}

/** Refuses a sheet checked against another test paper, naming the paper it belongs to. */
export function assertSheetIsPaper(sheet: ParsedSheet, testPaper: TestPaper): void {
  const actual = identifyPaper(sheet);
  if (actual !== null && actual !== testPaper) {
    throw new GateError(
      'WRONG_PAPER',
      `This response sheet is ${actual}, not ${testPaper}. Choose ${actual} as the test paper and try again.`,
    );
  }
}
