import { GateError } from './gate-error';

/**
 * Papers whose candidates choose part of the paper (AR, GE, GG: Part A and one of B1/B2; XE: Section A and two of B–H,
 * B–I from 2026; XL: P and two of Q–U; XH: B1 and one of C1–C6). The sheet shows every section; the chosen ones are
 * read off the answers, and when the answers do not settle it the candidate is asked, never guessed for.
 */

/** A section of a paper as scoring sees it. */
export interface PaperSection {
  /** 'GA', 'A', 'B1', 'C3', 'P'… */
  id: string;
  name: string;
  /** One the candidate may choose; the others always count. */
  optional: boolean;
  /** The paper this choice is ranked as, when it is ranked apart (GG with Part B1 is GG1). */
  rankedAs?: string;
  /** What the official key's Section column calls it ('GE-B-SI', 'XE-B', 'GG1'). */
  keySections?: string[];
}

/** The sections of a choice paper and how many of its optional sections count. */
export interface PaperSections {
  /** The paper's code: 'GE', 'XE'. */
  paper: string;
  year: number;
  /** In paper order. */
  sections: PaperSection[];
  choose: number;
}

export type SectionChoiceReason = 'none-answered' | 'too-few-answered' | 'too-many-answered' | 'choice-refused';

/** What the candidate must be asked: the optional sections with their answers, and every choice that fits. */
export interface SectionChoiceQuestion {
  paper: string;
  reason: SectionChoiceReason;
  choose: number;
  optional: Array<{ id: string; name: string; answered: number }>;
  /** Each allowed choice (section ids) consistent with the answers, in paper order. */
  choices: string[][];
}

/** Raised instead of a score when the candidate must say which sections they chose; `question` says what to ask. */
export class SectionChoiceError extends GateError {
  readonly question: SectionChoiceQuestion;

  constructor(question: SectionChoiceQuestion, message: string) {
    super('SECTION_CHOICE_NEEDED', message);
    this.name = 'SectionChoiceError';
    this.question = question;
  }
}

export function isSectionChoiceError(error: unknown): error is SectionChoiceError {
  return error instanceof SectionChoiceError;
}

export interface ChosenSections {
  /** The optional sections that count, in paper order. */
  sections: string[];
  /** 'answers' when the sheet settles it, 'candidate' when the candidate's answer to the question does. */
  decidedBy: 'answers' | 'candidate';
}

/**
 * The optional sections that count: read off how many questions each optional section has answered, or taken from
 * the candidate (`given`) when the answers fit several choices or break the rule. Throws SectionChoiceError when it
 * must ask, or when `given` does not fit the answers.
 */
export function resolveSectionChoice(
  paper: PaperSections,
  answered: ReadonlyMap<string, number>,
  given?: readonly string[],
): ChosenSections {
  const outcome = detectSectionChoice(paper, answered, given);
  if ('sections' in outcome) return outcome;
  throw new SectionChoiceError(outcome, choiceMessage(paper, outcome));
}

/** As resolveSectionChoice, without throwing: the chosen sections, or what to ask the candidate. */
export function detectSectionChoice(
  paper: PaperSections,
  answered: ReadonlyMap<string, number>,
  given?: readonly string[],
): ChosenSections | SectionChoiceQuestion {
  const optional = paper.sections.filter((section) => section.optional);
  const withAnswers = optional.filter((section) => (answered.get(section.id) ?? 0) > 0).map((section) => section.id);
  const fitting = fittingChoices(
    optional.map((section) => section.id),
    withAnswers,
    paper.choose,
  );
  const question = (reason: SectionChoiceReason): SectionChoiceQuestion => ({
    paper: paper.paper,
    reason,
    choose: paper.choose,
    optional: optional.map(({ id, name }) => ({ id, name, answered: answered.get(id) ?? 0 })),
    choices: fitting,
  });
  if (given !== undefined) {
    const wanted = new Set(given.map((id) => id.trim().toUpperCase()));
    const match = fitting.find((choice) => choice.length === wanted.size && choice.every((id) => wanted.has(id)));
    return match ? { sections: match, decidedBy: 'candidate' } : question('choice-refused');
  }
  if (withAnswers.length === paper.choose) return { sections: withAnswers, decidedBy: 'answers' };
  if (withAnswers.length === 0) return question('none-answered');
  return question(withAnswers.length < paper.choose ? 'too-few-answered' : 'too-many-answered');
}

/**
 * Every set of `choose` optional sections that agrees with the answers: one holding every answered section when
 * `choose` or fewer have answers, one inside the answered sections when more do.
 */
function fittingChoices(optional: readonly string[], withAnswers: readonly string[], choose: number): string[][] {
  const answered = new Set(withAnswers);
  return combinations(optional, choose).filter((choice) =>
    withAnswers.length <= choose
      ? withAnswers.every((id) => choice.includes(id))
      : choice.every((id) => answered.has(id)),
  );
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, index) => combinations(items.slice(index + 1), size - 1).map((rest) => [item, ...rest]));
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three'];
const numberWord = (n: number) => NUMBER_WORDS[n] ?? String(n);

/** 'A', 'A or B', 'A, B or C'. */
function listed(names: readonly string[], conjunction: 'and' | 'or'): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** The question put to the candidate, in their words: what the sheet shows, and what they must tell. */
export function choiceMessage(paper: PaperSections, question: SectionChoiceQuestion): string {
  const sheet = `This ${paper.paper} response sheet`;
  const choose = numberWord(paper.choose);
  const answeredNames = question.optional.filter((section) => section.answered > 0).map((section) => section.name);
  const allNames = question.optional.map((section) => section.name);
  switch (question.reason) {
    case 'none-answered':
      return `${sheet} answers no question of ${listed(allNames, 'or')}, so it does not show which you chose. ${paper.paper} counts ${choose} of them: tell us which ${choose} you chose.`;
    case 'too-few-answered':
      return `${sheet} answers questions of ${listed(answeredNames, 'and')} only. ${paper.paper} counts ${choose} of its optional sections: tell us which other ${numberWord(paper.choose - answeredNames.length)} you chose.`;
    case 'too-many-answered':
      return `${sheet} answers questions of ${listed(answeredNames, 'and')}, but ${paper.paper} counts only ${choose} of them: tell us which ${choose} you chose. The answers in the other${answeredNames.length - paper.choose > 1 ? 's' : ''} are not counted.`;
    case 'choice-refused':
      return answeredNames.length > paper.choose
        ? `That choice does not fit this ${paper.paper} response sheet: choose ${choose} of the sections it answers, ${listed(answeredNames, 'and')}.`
        : `That choice does not fit this ${paper.paper} response sheet: choose ${choose} of ${listed(allNames, 'and')}${answeredNames.length ? `, with ${listed(answeredNames, 'and')}, which it answers` : ''}.`;
  }
}

/**
 * A choice paper's rule in one sentence for the administrator: 'Sections GA and A count for everyone, and two of B,
 * C, D, E, F, G and H as each candidate chooses.' Choices ranked apart are named ('B1 is ranked as GG1').
 */
export function describeSections(paper: PaperSections): string {
  const compulsory = paper.sections.filter((section) => !section.optional).map((section) => section.id);
  const optional = paper.sections.filter((section) => section.optional);
  const ranked = optional
    .filter((section) => section.rankedAs)
    .map((section) => `${section.id} is ranked as ${section.rankedAs}`);
  return (
    `Sections ${listed(compulsory, 'and')} count for everyone, and ${numberWord(paper.choose)} of ` +
    `${listed(
      optional.map((section) => section.id),
      'and',
    )} as each candidate chooses${ranked.length ? ` (${listed(ranked, 'and')})` : ''}.`
  );
}
