import type { DemoCandidate, DemoPaper, DemoQuestion, DemoSheet, DemoSheetQuestion } from './demo-types';
import {
  marksForMaster,
  sectionOfMaster,
  QUESTIONS_PER_PAPER,
  type QuestionType,
  type TestPaper,
} from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';

/**
 * Demo papers and candidates for a newcomer: one made-up 65-question paper per test paper, with answer keys, and a few
 * candidates whose sheets are shuffled the way the portal shuffles them. Everything is derived from fixed seeds, so
 * every start serves the same sheets and the same keys.
 */

export const DEMO_YEAR = 2026;
const OPTION_LETTERS = ['A', 'B', 'C', 'D'];

/** Mulberry32: a tiny seeded generator, enough to make stable made-up data (and replayable test runs). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => itemAt(items, Math.floor(random() * items.length));

function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [itemAt(copy, j), itemAt(copy, i)];
  }
  return copy;
}

interface PaperPlan {
  testPaper: TestPaper;
  /** Section code in image names: `cs1q12q.svg`, `daq25q.svg`. */
  subjectCode: string;
  subjectName: string;
  /** Paper code and slot digit of candidate ids: CS26S1…, DA26S1…. */
  idPrefix: string;
  firstQuestionId: number;
  seed: number;
}

const PLANS: PaperPlan[] = [
  {
    testPaper: 'CS 1',
    subjectCode: 'cs1',
    subjectName: 'Computer Science and Information Technology',
    idPrefix: `CS${DEMO_YEAR % 100}S1`,
    firstQuestionId: 90026100001,
    seed: 101,
  },
  {
    testPaper: 'CS 2',
    subjectCode: 'cs2',
    subjectName: 'Computer Science and Information Technology',
    idPrefix: `CS${DEMO_YEAR % 100}S2`,
    firstQuestionId: 90026200001,
    seed: 202,
  },
  {
    testPaper: 'DA',
    subjectCode: 'da',
    subjectName: 'Data Science and Artificial Intelligence',
    idPrefix: `DA${DEMO_YEAR % 100}S1`,
    firstQuestionId: 90026300001,
    seed: 303,
  },
];

/** Type by master number: GA Q9 MSQ and Q10 NAT; the subject mixes the three types like a real paper. */
function questionType(master: number, random: () => number): QuestionType {
  if (sectionOfMaster(master) === 'GA') return master === 9 ? 'MSQ' : master === 10 ? 'NAT' : 'MCQ';
  const roll = random();
  return roll < 0.55 ? 'MCQ' : roll < 0.78 ? 'MSQ' : 'NAT';
}

/** A key in the product's format: 'B', 'A;C', '12.5' or a range '2.95:3.05'; one subject question is MTA. */
function answerKey(type: QuestionType, master: number, random: () => number): string {
  if (master === 47) return 'MTA';
  if (type === 'MCQ') return pick(random, OPTION_LETTERS);
  if (type === 'MSQ') {
    const size = 1 + Math.floor(random() * 3);
    return shuffled(random, OPTION_LETTERS).slice(0, size).sort().join(';');
  }
  const value = Math.round(random() * 2000) / 100;
  return random() < 0.5 ? String(value) : `${(value - 0.05).toFixed(2)}:${(value + 0.05).toFixed(2)}`;
}

function buildQuestions(plan: PaperPlan): DemoQuestion[] {
  const random = seededRandom(plan.seed);
  return Array.from({ length: QUESTIONS_PER_PAPER }, (_, index) => {
    const master = index + 1;
    const type = questionType(master, random);
    return {
      master,
      longId: String(plan.firstQuestionId + index),
      type,
      marks: marksForMaster(master),
      key: answerKey(type, master, random),
    };
  });
}

/** What a candidate of this ability answers, in MASTER terms (letters 'A,C' or a number); null = not answered. */
function masterResponse(question: DemoQuestion, candidate: DemoCandidate, random: () => number): string | null {
  if (random() > candidate.attemptRate) return null;
  const right = random() < candidate.accuracy;
  if (question.type === 'NAT') {
    const [low = 7] = question.key === 'MTA' ? [] : question.key.split(':').map(Number);
    return String(right ? low : Math.round((low + 3.5) * 100) / 100);
  }
  const keyLetters = question.key === 'MTA' ? ['A'] : question.key.split(';');
  if (right) return keyLetters.join(',');
  if (question.type === 'MCQ')
    return pick(
      random,
      OPTION_LETTERS.filter((letter) => !keyLetters.includes(letter)),
    );
  // Keys hold at most three letters, so a letter outside the key always exists.
  return OPTION_LETTERS.find((letter) => !keyLetters.includes(letter))!;
}

function status(answered: boolean, random: () => number): string {
  const marked = random() < 0.1;
  if (answered) return marked ? 'Marked For Review' : 'Answered';
  return marked ? 'Not Attempted and Marked For Review' : 'Not Answered';
}

/** A candidate's sheet: sections in order, questions and options shuffled, answers written in display labels. */
function buildSheet(paper: DemoPaper, candidate: DemoCandidate): DemoSheet {
  const random = seededRandom(candidate.seed);
  const sheetQuestion = (question: DemoQuestion): DemoSheetQuestion => {
    const response = masterResponse(question, candidate, random);
    const displayToMaster = question.type === 'NAT' ? [] : shuffled(random, OPTION_LETTERS);
    const masterToDisplay = (letter: string) => OPTION_LETTERS[displayToMaster.indexOf(letter)];
    const answer =
      response === null || question.type === 'NAT'
        ? response
        : response.split(',').map(masterToDisplay).sort().join(',');
    return { question, status: status(response !== null, random), answer, displayToMaster };
  };
  const ga = paper.questions.filter((q) => sectionOfMaster(q.master) === 'GA');
  const subject = paper.questions.filter((q) => sectionOfMaster(q.master) === 'subject');
  return {
    paper,
    candidate,
    sections: [
      { name: 'General Aptitude', questions: shuffled(random, ga).map(sheetQuestion) },
      { name: paper.subjectName, questions: shuffled(random, subject).map(sheetQuestion) },
    ],
  };
}

const CANDIDATE_PROFILES = [
  { name: 'ASHA VERMA', accuracy: 0.86, attemptRate: 0.92 },
  { name: 'ROHAN IYER', accuracy: 0.64, attemptRate: 0.8 },
  { name: 'MEERA NAIR', accuracy: 0.42, attemptRate: 0.7 },
];

function buildPaperWithCandidates(plan: PaperPlan): { paper: DemoPaper; master: DemoSheet; samples: DemoSheet[] } {
  const paper: DemoPaper = {
    testPaper: plan.testPaper,
    year: DEMO_YEAR,
    subjectCode: plan.subjectCode,
    subjectName: plan.subjectName,
    questions: buildQuestions(plan),
  };
  const candidate = (index: number, profile: (typeof CANDIDATE_PROFILES)[number]): DemoCandidate => ({
    id: `${plan.idPrefix}${String(9_000_001 + index).padStart(7, '0')}`,
    seed: plan.seed * 100 + index,
    ...profile,
  });
  const master = buildSheet(paper, candidate(0, { name: 'DEMO ADMINISTRATOR', accuracy: 0.5, attemptRate: 0.5 }));
  const samples = CANDIDATE_PROFILES.map((profile, index) => buildSheet(paper, candidate(index + 1, profile)));
  return { paper, master, samples };
}

/** Every demo paper with the sheet an admin would process (master) and the candidates' sample sheets. */
export const DEMO_PAPERS = PLANS.map(buildPaperWithCandidates);
