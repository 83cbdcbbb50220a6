import type { PaperPlan } from './papers';
import type { TruthQuestion, TruthResponse } from './truth';

/**
 * The generator's own scorer, from the ground truth (never from the sheet's HTML, never from HireGate's engine): GATE's
 * marking, counted in thirds of a mark. Only the compulsory sections and the chosen ones count; the others are shown
 * but earn nothing and are not attempts.
 */
export interface ExpectedQuestion {
  section: string;
  number: number;
  type: string;
  marks: number;
  status: string;
  displayNo: number;
  /** The answer as the sheet shows it, in display labels or as typed; null when unanswered. */
  displayed: string | null;
  /** MASTER letters joined by ',' or the typed number; null when unanswered. */
  response: string | null;
  key: string;
  counted: boolean;
  /** true/false for an answered counted question with a key, null otherwise (marks to all: true when answered). */
  correct: boolean | null;
  /** Thirds of a mark earned; null for a question that does not count. */
  obtainedThirds: number | null;
}

export interface ExpectedSection {
  id: string;
  counted: boolean;
  attempts: number;
  thirds: number;
  maxMarks: number;
}

export interface ExpectedScore {
  chosen: string[];
  rankedAs: string;
  attempts: number;
  incorrectAttempts: number;
  exact: { positiveThirds: number; negativeThirds: number; totalThirds: number };
  positiveMarks: number;
  negativeMarks: number;
  totalMarks: number;
  sections: ExpectedSection[];
}

/** The key as key.json writes it: 'B', 'A;C', '1.95:2.05', 'MTA'; alternatives joined by ' OR ' ('2:2 OR 4:4'). */
export function keyText(question: TruthQuestion): string {
  const { key } = question;
  if (key.kind === 'MTA') return 'MTA';
  if (key.kind === 'ranges') return key.ranges.map((range) => range.text).join(' OR ');
  return key.sets.map((set) => set.join(';')).join(' OR ');
}

function thirdsFor(question: TruthQuestion, response: TruthResponse): { thirds: number; correct: boolean | null } {
  const full = question.marks * 3;
  const { key } = question;
  if (key.kind === 'MTA') return { thirds: full, correct: response ? true : null };
  if (!response) return { thirds: 0, correct: null };
  if ('typed' in response) {
    const value = Number(response.typed);
    const right =
      key.kind === 'ranges' && key.ranges.some(({ low, high }) => value >= low - 1e-9 && value <= high + 1e-9);
    return { thirds: right ? full : 0, correct: right };
  }
  const sets = key.kind === 'letters' ? key.sets : [];
  const right = sets.some(
    (letters) =>
      response.letters.length === letters.length && letters.every((letter) => response.letters.includes(letter)),
  );
  if (right) return { thirds: full, correct: true };
  return { thirds: question.type === 'MCQ' ? -question.marks : 0, correct: false };
}

export function expectedScore(
  plan: PaperPlan,
  questions: readonly TruthQuestion[],
  responses: ReadonlyMap<string, TruthResponse>,
  chosen: readonly string[],
): {
  score: ExpectedScore;
  perQuestion: Map<string, Pick<ExpectedQuestion, 'counted' | 'correct' | 'obtainedThirds'>>;
} {
  const counted = new Set(plan.sections.filter((s) => !s.optional || chosen.includes(s.id)).map((s) => s.id));
  const perQuestion = new Map<string, Pick<ExpectedQuestion, 'counted' | 'correct' | 'obtainedThirds'>>();
  let attempts = 0;
  let incorrect = 0;
  let positive = 0;
  let negative = 0;
  const sections = new Map<string, ExpectedSection>(
    plan.sections.map((s) => [s.id, { id: s.id, counted: counted.has(s.id), attempts: 0, thirds: 0, maxMarks: 0 }]),
  );
  for (const question of questions) {
    const section = sections.get(question.section.id)!;
    section.maxMarks += question.marks;
    const response = responses.get(question.questionId) ?? null;
    if (!section.counted) {
      perQuestion.set(question.questionId, { counted: false, correct: null, obtainedThirds: null });
      continue;
    }
    const { thirds, correct } = thirdsFor(question, response);
    if (response) {
      attempts++;
      section.attempts++;
      if (correct === false) incorrect++;
    }
    if (thirds > 0) positive += thirds;
    else negative -= thirds;
    section.thirds += thirds;
    perQuestion.set(question.questionId, { counted: true, correct, obtainedThirds: thirds });
  }
  const rankedAs = chosen.map((id) => plan.rankedAs?.[id]).find(Boolean) ?? plan.code;
  const round = (thirds: number) => Math.round((thirds * 100) / 3) / 100;
  return {
    score: {
      chosen: [...chosen],
      rankedAs,
      attempts,
      incorrectAttempts: incorrect,
      exact: { positiveThirds: positive, negativeThirds: negative, totalThirds: positive - negative },
      positiveMarks: round(positive),
      negativeMarks: round(negative),
      totalMarks: round(positive - negative),
      sections: [...sections.values()],
    },
    perQuestion,
  };
}
