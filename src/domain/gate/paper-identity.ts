import { catalogueEntryOfSheet, yearOfSheet } from './catalogue/identify';
import { GateError } from './gate-error';
import { identifyPaper, testPaperFromCode, type TestPaper } from './test-papers';
import type { ParsedSheet } from './types';

/**
 * Which paper a response sheet belongs to, as the sheet itself says: the exam year, the GATE paper code and, for a
 * paper held in several sessions, the session. Everything that files, keys, ranks or names a paper uses this one
 * identity; a stored paper's display name is made from it and never read back.
 */
export interface PaperIdentity {
  year: number;
  /** The GATE paper code: 'CS', 'DA', 'EE', … */
  code: string;
  /** The session of a multi-session paper (CS 1 → 1); null for a paper held once, or a sheet that does not say. */
  session: number | null;
}

/** 'CS 1' → { code: 'CS', session: 1 }; 'DA' → { code: 'DA', session: null }. */
export function codeAndSession(testPaper: TestPaper): Pick<PaperIdentity, 'code' | 'session'> {
  const [code = testPaper, session] = testPaper.split(' ');
  return { code, session: session === undefined ? null : Number(session) };
}

/**
 * The identity a sheet names, or null when it does not name its year and paper. The paper comes from the Subject line,
 * the candidate id and the subject images (identifyPaper, which also reads the session of a two-session paper), else
 * from the catalogue's reading of the sheet (catalogueEntryOfSheet: any of GATE's 30 codes); the year from the
 * candidate id or the test date. A candidate id naming a paper GATE does not hold is refused (UNKNOWN_PAPER).
 */
export function identifySheet(sheet: ParsedSheet): PaperIdentity | null {
  const entry = catalogueEntryOfSheet(sheet);
  const year = yearOfSheet(sheet);
  if (year === null) return null;
  const testPaper = identifyPaper(sheet);
  if (testPaper) return { year, ...codeAndSession(testPaper) };
  return entry ? { year, code: entry.code, session: null } : null;
}

/** The paper a candidate chose, in the year of their sheet. */
export function identityOfTestPaper(testPaper: TestPaper, year: number): PaperIdentity {
  return { year, ...codeAndSession(testPaper) };
}

/** 'CS 1', 'DA': the test paper the checker offers for this identity, when it offers one. */
export function testPaperOf(identity: Pick<PaperIdentity, 'code' | 'session'>): TestPaper | null {
  return testPaperFromCode(`${identity.code}${identity.session ?? ''}`);
}

/** 'GATE 2026 CS 1', 'GATE 2025 DA': the one name the app shows for a paper. */
export function paperName(identity: PaperIdentity): string {
  return `GATE ${identity.year} ${identity.code}${identity.session === null ? '' : ` ${identity.session}`}`;
}

/** 'CS1-2026': the id of the paper of this identity, stable and readable in logs and admin addresses. */
export function paperIdOf(identity: PaperIdentity, { demo = false } = {}): string {
  return `${identity.code}${identity.session ?? ''}-${identity.year}${demo ? '-demo' : ''}`;
}

export function sameIdentity(a: PaperIdentity, b: PaperIdentity): boolean {
  return a.year === b.year && a.code === b.code && a.session === b.session;
}

/**
 * Whether a sheet of identity `sheet` can belong to paper `paper`: the same year and code, and the same session where
 * both name one (an older sheet of a two-session paper may not say its session).
 */
export function identityFits(sheet: PaperIdentity, paper: PaperIdentity): boolean {
  return (
    sheet.year === paper.year &&
    sheet.code === paper.code &&
    (sheet.session === null || paper.session === null || sheet.session === paper.session)
  );
}

/**
 * Refuses a sheet checked as a paper it does not belong to, naming the paper it does belong to, so the candidate can
 * choose again.
 */
export function assertChosenPaper(sheet: PaperIdentity | null, chosen: TestPaper): void {
  if (!sheet) return;
  const wanted = codeAndSession(chosen);
  const fits = sheet.code === wanted.code && (sheet.session === null || sheet.session === wanted.session);
  if (fits) return;
  const actual = testPaperOf(sheet) ?? `${sheet.code}${sheet.session === null ? '' : ` ${sheet.session}`}`;
  throw new GateError(
    'WRONG_PAPER',
    `This response sheet is ${actual}, not ${chosen}. Choose ${actual} as the test paper and try again.`,
  );
}
