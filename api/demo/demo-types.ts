import type { QuestionType, TestPaper } from '../../src/domain/gate';

export interface DemoQuestion {
  /** The key's number of the question (1-65 on a paper without parts; 22-175 on XE). */
  master: number;
  longId: string;
  type: QuestionType;
  marks: number;
  /** In the product's key format, MASTER letters. */
  key: string;
  /** The section code of its image names: 'ga', 'cs1', 'ee', 'xea', 'xeb'. */
  imageCode: string;
}

/** A section as the sheet shows it, with its questions in master order. */
export interface DemoSection {
  /** As the sheet labels it. */
  name: string;
  /** On a paper with parts: its id ('A', 'B') and whether candidates choose it. */
  id?: string;
  optional?: boolean;
  questions: DemoQuestion[];
}

export interface DemoPaper {
  testPaper: TestPaper;
  year: number;
  /** The sheet's Subject line: 'Computer Science and Information Technology (CS1)', 'XE Engineering Sciences'. */
  subjectLine: string;
  sections: DemoSection[];
  /** Every question, in master order. */
  questions: DemoQuestion[];
}

export interface DemoCandidate {
  id: string;
  name: string;
  /** Chance that an attempted answer is right. */
  accuracy: number;
  /** Chance that a question is attempted. */
  attemptRate: number;
  seed: number;
  /** On a paper with parts: the optional sections this candidate answers (the others are left unanswered). */
  answers?: string[];
}

export interface DemoSheetQuestion {
  question: DemoQuestion;
  status: string;
  /** Display labels ('A,C') or the typed number; null = not answered. */
  answer: string | null;
  /** Display position → MASTER letter; empty for NAT. */
  displayToMaster: string[];
}

export interface DemoSheet {
  paper: DemoPaper;
  candidate: DemoCandidate;
  sections: Array<{ name: string; questions: DemoSheetQuestion[] }>;
}
