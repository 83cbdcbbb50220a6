import type { QuestionType, TestPaper } from '../../src/domain/gate';

export interface DemoQuestion {
  master: number;
  longId: string;
  type: QuestionType;
  marks: number;
  /** In the product's key format, MASTER letters. */
  key: string;
}

export interface DemoPaper {
  testPaper: TestPaper;
  year: number;
  subjectCode: string;
  subjectName: string;
  /** In master order. */
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
