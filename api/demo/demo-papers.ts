import type { DemoCandidate, DemoPaper, DemoQuestion, DemoSection, DemoSheet, DemoSheetQuestion } from './demo-types';
import { layoutOf, type QuestionType, type SectionDefinition, type TestPaper } from '../../src/domain/gate';
import { itemAt } from '../../src/domain/lists';

/**
 * Demo papers and candidates for a newcomer: made-up papers with answer keys, and a few candidates whose sheets are
 * shuffled the way the portal shuffles them. CS 1, CS 2 and DA (2026) and EE (2025) have 65 questions; XE (2025) is a
 * paper whose candidates choose two of Sections B–H. Each paper's sections, numbers and marks are the catalogue's for
 * its year. Everything is derived from fixed seeds, so every start serves the same sheets and the same keys.
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
  /** The catalogue's code: its sections for `year` are the paper's. */
  code: string;
  year: number;
  /** As the sheet's Subject line writes it. */
  subjectLine: string;
  /** The label and the image code (`cs1q12q.svg`) of the one subject section of a paper without parts. */
  subjectName: string;
  subjectCode: string;
  /** Paper code, two-digit year and slot digit of candidate ids: CS26S1…, XE25S1…. */
  idPrefix: string;
  firstQuestionId: number;
  seed: number;
  /** On a paper with parts: the optional sections each sample candidate answers, in the profiles' order. */
  answers?: string[][];
}

const CS = 'Computer Science and Information Technology';

const PLANS: PaperPlan[] = [
  {
    testPaper: 'CS 1',
    code: 'CS',
    year: DEMO_YEAR,
    subjectLine: `${CS} (CS1)`,
    subjectName: CS,
    subjectCode: 'cs1',
    idPrefix: `CS${DEMO_YEAR % 100}S1`,
    firstQuestionId: 90026100001,
    seed: 101,
  },
  {
    testPaper: 'CS 2',
    code: 'CS',
    year: DEMO_YEAR,
    subjectLine: `${CS} (CS2)`,
    subjectName: CS,
    subjectCode: 'cs2',
    idPrefix: `CS${DEMO_YEAR % 100}S2`,
    firstQuestionId: 90026200001,
    seed: 202,
  },
  {
    testPaper: 'DA',
    code: 'DA',
    year: DEMO_YEAR,
    subjectLine: 'Data Science and Artificial Intelligence (DA)',
    subjectName: 'Data Science and Artificial Intelligence',
    subjectCode: 'da',
    idPrefix: `DA${DEMO_YEAR % 100}S1`,
    firstQuestionId: 90026300001,
    seed: 303,
  },
  {
    testPaper: 'EE',
    code: 'EE',
    year: 2025,
    subjectLine: 'Electrical Engineering (EE)',
    subjectName: 'Electrical Engineering',
    subjectCode: 'ee',
    idPrefix: 'EE25S1',
    firstQuestionId: 90025400001,
    seed: 404,
  },
  {
    testPaper: 'XE',
    code: 'XE',
    year: 2025,
    subjectLine: 'XE Engineering Sciences',
    subjectName: 'Engineering Sciences',
    subjectCode: 'xe',
    idPrefix: 'XE25S1',
    firstQuestionId: 90025500001,
    seed: 505,
    // Two candidates answer two sections each, so their sheets settle the choice; the third answers three, and the
    // checker asks which two they chose.
    answers: [
      ['B', 'D'],
      ['C', 'G'],
      ['B', 'E', 'H'],
    ],
  },
];

/** Type by place in the section: GA's Q9 is MSQ and Q10 NAT; a subject mixes the three types like a real paper. */
function questionType(isGa: boolean, number: number, random: () => number): QuestionType {
  if (isGa) return number === 9 ? 'MSQ' : number === 10 ? 'NAT' : 'MCQ';
  const roll = random();
  return roll < 0.55 ? 'MCQ' : roll < 0.78 ? 'MSQ' : 'NAT';
}

/** A key in the product's format: 'B', 'A;C', '12.5' or a range '2.95:3.05'; Q47 of a paper without parts is MTA. */
function answerKey(type: QuestionType, markedToAll: boolean, random: () => number): string {
  if (markedToAll) return 'MTA';
  if (type === 'MCQ') return pick(random, OPTION_LETTERS);
  if (type === 'MSQ') {
    const size = 1 + Math.floor(random() * 3);
    return shuffled(random, OPTION_LETTERS).slice(0, size).sort().join(';');
  }
  const value = Math.round(random() * 2000) / 100;
  return random() < 0.5 ? String(value) : `${(value - 0.05).toFixed(2)}:${(value + 0.05).toFixed(2)}`;
}

/** The image code of a section's images: `ga`; the subject's on a paper without parts; else `xea`, `xeb`… */
function imageCodeOf(plan: PaperPlan, section: SectionDefinition): string {
  if (section.id === 'GA') return 'ga';
  return section.id === 'S' ? plan.subjectCode : `${plan.code}${section.id}`.toLowerCase();
}

/**
 * The paper's sections as the catalogue records them for the year, each question numbered as the key numbers it and
 * weighed as GATE does (the one-mark questions first: 2n − m of n questions making m marks).
 */
function buildSections(plan: PaperPlan): DemoSection[] {
  const random = seededRandom(plan.seed);
  const { layout } = layoutOf(plan.code, plan.year)!;
  const hasParts = layout.choose > 0;
  let nextId = plan.firstQuestionId;
  return layout.sections.map((section) => {
    const count = section.questions!;
    const oneMark = 2 * count - section.marks;
    const questions = Array.from({ length: count }, (_, index): DemoQuestion => {
      const master = section.first! + index;
      const type = questionType(section.id === 'GA', index + 1, random);
      return {
        master,
        longId: String(nextId++),
        type,
        marks: index < oneMark ? 1 : 2,
        key: answerKey(type, !hasParts && master === 47, random),
        imageCode: imageCodeOf(plan, section),
      };
    });
    if (!hasParts) return { name: section.id === 'S' ? plan.subjectName : section.name, questions };
    return { name: section.name, id: section.id, optional: section.optional === true, questions };
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

/**
 * A candidate's sheet: sections in order, questions and options shuffled, answers written in display labels. On a
 * paper with parts, the optional sections the candidate did not take stay unanswered.
 */
function buildSheet(paper: DemoPaper, candidate: DemoCandidate): DemoSheet {
  const random = seededRandom(candidate.seed);
  const sheetQuestion = (question: DemoQuestion, answering: boolean): DemoSheetQuestion => {
    const response = answering ? masterResponse(question, candidate, random) : null;
    const displayToMaster = question.type === 'NAT' ? [] : shuffled(random, OPTION_LETTERS);
    const masterToDisplay = (letter: string) => OPTION_LETTERS[displayToMaster.indexOf(letter)];
    const answer =
      response === null || question.type === 'NAT'
        ? response
        : response.split(',').map(masterToDisplay).sort().join(',');
    return { question, status: status(response !== null, random), answer, displayToMaster };
  };
  return {
    paper,
    candidate,
    sections: paper.sections.map((section) => {
      const answering = !section.optional || !candidate.answers || candidate.answers.includes(section.id!);
      return {
        name: section.name,
        questions: shuffled(random, section.questions).map((question) => sheetQuestion(question, answering)),
      };
    }),
  };
}

const CANDIDATE_PROFILES = [
  { name: 'ASHA VERMA', accuracy: 0.86, attemptRate: 0.92 },
  { name: 'ROHAN IYER', accuracy: 0.64, attemptRate: 0.8 },
  { name: 'MEERA NAIR', accuracy: 0.42, attemptRate: 0.7 },
];

function buildPaperWithCandidates(plan: PaperPlan): { paper: DemoPaper; master: DemoSheet; samples: DemoSheet[] } {
  const sections = buildSections(plan);
  const paper: DemoPaper = {
    testPaper: plan.testPaper,
    year: plan.year,
    subjectLine: plan.subjectLine,
    sections,
    questions: sections.flatMap((section) => section.questions),
  };
  const candidate = (index: number, profile: Omit<DemoCandidate, 'id' | 'seed'>): DemoCandidate => ({
    id: `${plan.idPrefix}${String(9_000_001 + index).padStart(7, '0')}`,
    seed: plan.seed * 100 + index,
    ...profile,
  });
  // The administrator's sheet answers every section: only its questions and images make the paper.
  const master = buildSheet(paper, candidate(0, { name: 'DEMO ADMINISTRATOR', accuracy: 0.5, attemptRate: 0.5 }));
  const samples = CANDIDATE_PROFILES.map((profile, index) =>
    buildSheet(paper, candidate(index + 1, { ...profile, ...(plan.answers ? { answers: plan.answers[index] } : {}) })),
  );
  return { paper, master, samples };
}

/** Every demo paper with the sheet an admin would process (master) and the candidates' sample sheets. */
export const DEMO_PAPERS = PLANS.map(buildPaperWithCandidates);
