import { GateError } from './errors';
import { decodeImageName, imageFileName } from './image-names';
import type { ParsedSheet } from './types';

/** The test papers a candidate can pick in the checker's Test Paper list: the value, then the subject label. */
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
 * Which test paper a sheet belongs to: the Subject line names it ('… (CS1)' in 2026, 'CS2 COMPUTER SCIENCE …' in
 * 2024); else the candidate id's paper code (DA), and for CS the session digit of the subject images where that digit
 * is the session. Null when the sheet does not say (an older CS sheet): the caller then relies on the Question IDs.
 */
export function identifyPaper(sheet: ParsedSheet): TestPaper | null {
  const named = paperFromSubject(sheet.candidate.subject);
  if (named) return named;
  const family = sheet.candidate.paperCode || /^([A-Z]{2})/.exec(sheet.candidate.id)?.[1] || '';
  if (family === 'DA') return 'DA';
  return family === 'CS' ? sessionFromImages(sheet) : null;
}

/**
 * A code standing alone at either end of the Subject line: `(CS1)`, `(CS 2)`, `- CS1`, `CS2 COMPUTER …`, `DA: …`.
 * A code is at most six characters with its brackets, so only the line's first and last eight are searched.
 */
const CODE_FIRST = /^\(?(CS ?[12]|DA)\)?(?:[\s:\u2013-]|$)/;
const CODE_LAST = /(?:^|[\s(:\u2013-])(CS ?[12]|DA)\)?$/;

function paperFromSubject(subject: string): TestPaper | null {
  const line = subject.trim().toUpperCase();
  const code = CODE_FIRST.exec(line.slice(0, 8))?.[1] ?? CODE_LAST.exec(line.slice(-8))?.[1];
  return code ? testPaperFromCode(code) : null;
}

/**
 * The CS session the subject images name, when they all agree. The digit after 'cs' is the session in 2026-style names
 * (`cs1q12q.png`) and on 2024 sheets (`cs2q11.jpg`); 2021 and 2025 sheets use it otherwise (`cs3q12.png`, `da2q47.jpg`).
 */
function sessionFromImages(sheet: ParsedSheet): TestPaper | null {
  const digitIsSession = sheet.candidate.id.startsWith('CS24S');
  const sessions = new Set(
    sheet.questions
      .filter((q) => q.sectionKind === 'subject')
      .map((q) => {
        const identity = decodeImageName(imageFileName(undefined, q.stemImage));
        const trusted = identity !== null && (identity.stemMarked || digitIsSession);
        return trusted && (identity.code === 'cs1' || identity.code === 'cs2') ? identity.code : '';
      }),
  );
  if (sessions.size !== 1) return null;
  const [session] = sessions;
  return session ? testPaperFromCode(session) : null;
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
