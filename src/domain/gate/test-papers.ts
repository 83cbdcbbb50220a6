import { GateError } from './gate-error';
import { decodeImageName, imageFileName } from './image-names';
import { LISTED_CODES, PAPER_LIST } from './paper-list';
import type { ParsedSheet } from './types';

/**
 * A test paper a candidate can pick in the checker's Test Paper list: a paper's code ('EE', 'DA'), with its session
 * when the paper is held in several ('CS 1', 'CE 2'). The spec's three (CS 1, CS 2, DA) are among them.
 */
export type TestPaper = string;

export interface TestPaperOption {
  value: TestPaper;
  code: string;
  session: number | null;
  /** The subject's name, shown after the value: 'CS 1 Computer Science and Information Technology'. */
  label: string;
}

export const TEST_PAPER_OPTIONS: readonly TestPaperOption[] = PAPER_LIST.flatMap(
  ({ code, name, sessions }): TestPaperOption[] =>
    sessions === 1
      ? [{ value: code, code, session: null, label: name }]
      : Array.from({ length: sessions }, (_, index) => ({
          value: `${code} ${index + 1}`,
          code,
          session: index + 1,
          label: name,
        })),
);
export const TEST_PAPERS: readonly TestPaper[] = TEST_PAPER_OPTIONS.map((option) => option.value);
export const TEST_PAPER_LABELS: Readonly<Record<TestPaper, string>> = Object.fromEntries(
  TEST_PAPER_OPTIONS.map((option) => [option.value, option.label]),
);

export function isTestPaper(value: unknown): value is TestPaper {
  return typeof value === 'string' && Object.hasOwn(TEST_PAPER_LABELS, value);
}

/** 'CS1' or 'cs 1' (as the Subject line and paper names write it) → 'CS 1'; 'EE' → 'EE'; null when not offered. */
export function testPaperFromCode(code: string): TestPaper | null {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  const value = compact.length > 2 ? `${compact.slice(0, 2)} ${compact.slice(2)}` : compact;
  return isTestPaper(value) ? value : null;
}

/** 'CS 1' → 'CS1', the code used in paper names ('GATE 2026 CS1'). */
export function paperCodeOf(testPaper: TestPaper): string {
  return testPaper.replace(' ', '');
}

/** The test papers of a paper code: ['CS 1', 'CS 2'] for CS, ['EE'] for EE, [] for a code GATE does not hold. */
export function testPapersOfCode(code: string): TestPaper[] {
  return TEST_PAPER_OPTIONS.filter((option) => option.code === code).map((option) => option.value);
}

/** A paper a candidate id names: its code and the test papers it may be (a two-session paper's both sessions). */
export interface NamedPaper {
  code: string;
  testPapers: TestPaper[];
}

/** 'EE25S33874251' → EE; null for an id of no paper GATE holds. */
function paperOfCandidateId(candidateId: string): NamedPaper | null {
  const code = /^([A-Z]{2})\d{2}S\d+$/i.exec(candidateId)?.[1]?.toUpperCase();
  if (!code || !LISTED_CODES.has(code)) return null;
  return { code, testPapers: testPapersOfCode(code) };
}

/**
 * The paper a response-sheet link names, when it shows the candidate id (the portal's sheet address ends in
 * `<CandidateID>_GATE….html`, the demo's in `<CandidateID>.html`): its code and the test papers it may be. Null when
 * it shows none.
 */
export function paperOfLink(link: string): NamedPaper | null {
  const file = link.trim().split(/[?#]/)[0]?.split('/').at(-1) ?? '';
  const candidateId = /^([A-Z]{2}\d{2}S\d+)(?:_|\.html$)/i.exec(file)?.[1];
  return candidateId ? paperOfCandidateId(candidateId) : null;
}

/**
 * The paper a saved response-sheet page names by its candidate id, read in the browser before the page is uploaded
 * (the full parser stays on the server): the first table cell holding nothing but a candidate id. Null when none does.
 */
export function paperOfSavedPage(html: string): NamedPaper | null {
  const candidateId = />\s*([A-Z]{2}\d{2}S\d{4,})\s*</i.exec(html)?.[1];
  return candidateId ? paperOfCandidateId(candidateId) : null;
}

/**
 * Which test paper a sheet belongs to: the Subject line names it ('… (CS1)' in 2026, 'CS2 COMPUTER SCIENCE …' in
 * 2024, 'GE Geomatics Engineering', 'Civil Engineering (CE2)'); else the candidate id's paper code when that paper has
 * one session (DA, EE), and for CS the session digit of the subject images where that digit is the session. Null when
 * the sheet does not say (an older CS sheet): the caller then relies on the Question IDs.
 */
export function identifyPaper(sheet: ParsedSheet): TestPaper | null {
  const named = paperFromSubject(sheet.candidate.subject);
  if (named) return named;
  const family = sheet.candidate.paperCode || /^([A-Z]{2})/.exec(sheet.candidate.id)?.[1] || '';
  const papers = testPapersOfCode(family);
  if (papers.length === 1) return papers[0]!;
  return family === 'CS' ? sessionFromImages(sheet) : null;
}

/**
 * A code standing alone at either end of the Subject line: `(CS1)`, `(CS 2)`, `- CS1`, `CS2 COMPUTER …`, `DA: …`,
 * `GE Geomatics …`. A code is at most six characters with its brackets, so only the line's first and last eight are
 * searched; it names a test paper only when the session it gives (or leaves out) is one the paper has.
 */
const CODE_FIRST = /^\(?([A-Z]{2}(?: ?\d)?)\)?(?:[\s:\u2013-]|$)/;
const CODE_LAST = /(?:^|[\s(:\u2013-])([A-Z]{2}(?: ?\d)?)\)?$/;

function paperFromSubject(subject: string): TestPaper | null {
  const line = subject.trim().toUpperCase();
  for (const code of [CODE_FIRST.exec(line.slice(0, 8))?.[1], CODE_LAST.exec(line.slice(-8))?.[1]]) {
    const paper = code && testPaperFromCode(code);
    if (paper) return paper;
  }
  return null;
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
