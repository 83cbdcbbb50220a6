export type QuestionType = 'MCQ' | 'MSQ' | 'NAT';
export const QUESTION_TYPES: readonly QuestionType[] = ['MCQ', 'MSQ', 'NAT'];

/** What a response sheet and the stored paper both call "no response". */
export const NO_RESPONSE = ' -- ';

export interface SheetCandidate {
  id: string;
  name: string;
  testCenter: string;
  testDate: string;
  testTime: string;
  subject: string;
  /** The paper family at the start of the candidate id: 'CS', 'DA'; '' when the id has another shape. */
  paperCode: string;
}

export type SectionKind = 'GA' | 'subject';

export interface SheetQuestion {
  /** The section label as printed, e.g. 'General Aptitude'. */
  section: string;
  sectionKind: SectionKind;
  /** The number shown on this candidate's sheet (Q.n, per section). */
  displayNumber: number;
  /** Question ID: the same on every candidate's sheet of the paper. */
  longId: string;
  type: QuestionType;
  status: string;
  /** Chosen display labels ('A,C', '1,3') or the typed NAT answer; null when the sheet shows '--' or nothing. */
  answer: string | null;
  stemImage: string;
  /** Display label (as printed: 'A' or '1') → option image URL. */
  options: Record<string, string>;
  /** Master question number decoded from the image names: 1-65 on a paper without parts, the key's number on others. */
  masterNumber: number;
  /** The section code of the image names: 'cs1', 'ga6', 'da'; on papers with parts 'gea', 'geb1', 'xeb'… */
  sectionCode: string;
  /** Display label → MASTER option letter, decoded from the option image names. */
  masterLetters: Record<string, string>;
}

export interface ParsedSheet {
  candidate: SheetCandidate;
  /** In display order, sections in page order. */
  questions: SheetQuestion[];
}

/** A question of a stored paper as administrators see it (without the store's _id and answerKey). */
export interface PaperQuestion {
  long_id: string;
  /** The master number as a string. */
  short_id: string;
  /** The paper name, e.g. 'GATE 2026 CS1'. */
  name: string;
  type: QuestionType;
  marks: number;
  /** Stem image URL. */
  question: string;
  /** MASTER option letter → image URL; empty for NAT. */
  options: Record<string, string>;
  /**
   * The section, on papers whose candidates choose sections ('GA', 'A', 'B1'…): with it, section and short_id name
   * the question (GG numbers Part B1 and Part B2 alike). Absent on papers without parts.
   */
  section?: string;
}
