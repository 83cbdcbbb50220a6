import type { PaperPlan, SectionPlan } from './papers';

/**
 * The ground truth of a generated paper and its candidates: questions with their keys, and each candidate's
 * responses in MASTER terms. Everything comes from a seeded random source, so a set is the same on every run.
 */
export type QuestionType = 'MCQ' | 'MSQ' | 'NAT';
export const LETTERS = ['A', 'B', 'C', 'D'] as const;

export interface TruthQuestion {
  section: SectionPlan;
  /** The key's number. */
  number: number;
  /** The number the image names carry (the key's, or the section's own count from 1). */
  imageNumber: number;
  questionId: string;
  type: QuestionType;
  marks: 1 | 2;
  /**
   * MCQ: one letter; MSQ: letters; NAT: an inclusive range; or marks to all. An official key may print alternatives
   * (two MSQ sets, two NAT ranges): a response earns the marks for any of them.
   */
  key: { kind: 'letters'; sets: string[][] } | { kind: 'ranges'; ranges: KeyRange[] } | { kind: 'MTA' };
}

export interface KeyRange {
  low: number;
  high: number;
  /** As the key writes it, trailing zeros kept: '3.00:3.00'. */
  text: string;
}

/** A response in MASTER terms: letters, or the number as the candidate typed it. */
export type TruthResponse = { letters: string[] } | { typed: string } | null;

export interface CandidatePlan {
  id: string;
  name: string;
  /** The optional sections the candidate answers (on a sound sheet: the chosen ones). */
  answers: string[];
  accuracy: number;
  attemptRate: number;
}

/** mulberry32, written here rather than imported: the generator shares no code with the app it checks. */
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

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The paper's questions in key order: sections in paper order, one-mark questions first in each. */
export function truthQuestions(plan: PaperPlan, random: () => number): TruthQuestion[] {
  let questionId = plan.questionIdBase;
  // One marks-to-all question in GA and one in the first optional section, as GATE's final keys often have.
  const firstOptional = plan.sections.find((section) => section.optional);
  return plan.sections.flatMap((section) =>
    Array.from({ length: section.questions }, (_, index): TruthQuestion => {
      const number = section.first + index;
      const type: QuestionType = section.id === 'GA' ? (index === 8 ? 'MSQ' : 'MCQ') : pick(random, TYPE_MIX);
      const marksToAll =
        (section.id === 'GA' && index === 7) || (section === firstOptional && index === section.questions - 1);
      return {
        section,
        number,
        imageNumber: section.localImageNumbers ? index + 1 : number,
        questionId: String(questionId++),
        type,
        marks: index < section.oneMark ? 1 : 2,
        key: marksToAll ? { kind: 'MTA' } : keyFor(type, random),
      };
    }),
  );
}

const TYPE_MIX: readonly QuestionType[] = ['MCQ', 'MCQ', 'MCQ', 'MCQ', 'MSQ', 'MSQ', 'NAT', 'NAT'];

function keyFor(type: QuestionType, random: () => number): TruthQuestion['key'] {
  if (type === 'MCQ') return { kind: 'letters', sets: [[pick(random, LETTERS)]] };
  if (type === 'MSQ') {
    const letters = LETTERS.filter(() => random() < 0.5);
    return { kind: 'letters', sets: [letters.length ? letters : [pick(random, LETTERS)]] };
  }
  const centre = Math.round((random() * 200 - 50) * 100) / 100;
  const half = pick(random, [0, 0.02, 0.05, 0.1]);
  const [low, high] = [round2(centre - half), round2(centre + half)];
  return { kind: 'ranges', ranges: [{ low, high, text: `${low}:${high}` }] };
}

/** One of several alternatives, drawn only where there are several, so a key without any draws as it always did. */
const oneOf = <T>(random: () => number, items: readonly T[]): T => (items.length > 1 ? pick(random, items) : items[0]!);

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A response to one question: right with the candidate's accuracy, else a wrong one of the same type. */
export function responseTo(question: TruthQuestion, candidate: CandidatePlan, random: () => number): TruthResponse {
  if (random() > candidate.attemptRate) return null;
  const right = random() < candidate.accuracy;
  const { key } = question;
  if (question.type === 'NAT') {
    const range = key.kind === 'ranges' ? oneOf(random, key.ranges) : null;
    const centre = range ? round2((range.low + range.high) / 2) : 7.25;
    return { typed: typedNumber(right ? centre : round2(centre + 3.7), random) };
  }
  const correct = key.kind === 'letters' ? oneOf(random, key.sets) : [pick(random, LETTERS)];
  if (right) return { letters: [...correct] };
  if (question.type === 'MCQ')
    return {
      letters: [
        pick(
          random,
          LETTERS.filter((letter) => letter !== correct[0]),
        ),
      ],
    };
  const flipped = pick(random, LETTERS);
  const wrong = correct.includes(flipped) ? correct.filter((letter) => letter !== flipped) : [...correct, flipped];
  return { letters: wrong.length ? wrong.sort() : LETTERS.filter((letter) => !correct.includes(letter)) };
}

/** The number as candidates type it: '3', '3.0', '.5', '-.25'. */
function typedNumber(value: number, random: () => number): string {
  const plainText = String(value);
  if (Number.isInteger(value) && random() < 0.5) return `${plainText}.0`;
  if (Math.abs(value) < 1 && value !== 0 && random() < 0.5) return plainText.replace(/^(-?)0\./, '$1.');
  return plainText;
}
