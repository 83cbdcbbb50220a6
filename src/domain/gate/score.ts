import { isAttempted, responseMatchesKey } from './correctness';
import { GateError } from './gate-error';
import { isNumberText, parseKey, type KeysByLongId } from './keys';
import { catalogueEntryOfSheet } from './catalogue/identify';
import { inMasterOrder, type ScoringPaper } from './build-paper';
import { resolveSectionChoice, type ChosenSections, type PaperSections } from './sections';
import { assertSheetIsPaper } from './test-papers';
import {
  NO_RESPONSE,
  type PaperQuestion,
  type ParsedSheet,
  type QuestionType,
  type SheetCandidate,
  type SheetQuestion,
} from './types';

export interface ScoringRules {
  /** Who gets the marks of an MTA ("marks to all") question: everyone (default) or those who answered it. */
  mta?: 'all' | 'attempted';
}

export const DEFAULT_SCORING_RULES: Required<ScoringRules> = { mta: 'all' };

export const NOT_EVALUATED = 'Not evaluated';

/** A scorecard question as the checker API returns it. `response_given` is in MASTER letters ('A,C'), a number, or ' -- '. */
export interface ScorecardQuestion {
  long_id: string;
  short_id: string;
  type: QuestionType;
  marks: number;
  status: string;
  response_given: string;
  /** The key as stored ('B', 'A;C', '2.95:3.05', 'MTA'); null when the paper has no key for it yet. */
  answerKey: string | null;
  /** Exact marks (a multiple of 1/3; shown truncated to two decimals, see displayMarks), or 'Not evaluated'. */
  obtained_marks: number | typeof NOT_EVALUATED;
  question: string;
  options: Record<string, string>;
  /** On papers with chosen sections: the question's section, and whether it counts (unchosen ones show greyed). */
  section?: string;
  chosen?: boolean;
}

export interface TotalScore {
  Attempts: number;
  'Incorrect Attempts': number;
  /** Positive marks (the scorecard labels it so). */
  'Final Marks': number;
  /** The marks lost to wrong MCQ answers, as a positive number. */
  'Negative Marks': number;
  'Total Marks': number;
}

export interface Scorecard {
  response: ScorecardQuestion[];
  totalScore: TotalScore;
  testPaper: string;
  /** The MTA setting the marks were computed with, shown on the scorecard. */
  scoringRules: Required<ScoringRules>;
  /** On papers whose candidates choose sections: which count, how that was decided, and each section's marks. */
  sections?: SectionsOutcome;
}

/** A section on the scorecard: its questions, attempts and marks (zero for a section that does not count). */
export interface SectionScore {
  id: string;
  name: string;
  optional: boolean;
  chosen: boolean;
  questions: number;
  attempts: number;
  /** The marks the section earns (rounded to two decimals), and the most it can earn. */
  marks: number;
  maxMarks: number;
}

export interface SectionsOutcome {
  /** The optional sections that count, in paper order. */
  chosen: string[];
  /** 'answers' when the sheet settles the choice, 'candidate' when the candidate's answer to the question does. */
  decidedBy: ChosenSections['decidedBy'];
  /** The paper as ranked: GG1 or GG2 for GG, else the paper's own code. */
  rankedAs: string;
  sections: SectionScore[];
}

export interface SheetScorecard extends Scorecard {
  candidate: SheetCandidate;
}

/** The response in MASTER terms: letters sorted and joined by ',', the typed number normalised ('.5' → '0.5'), or ' -- '. */
export function mapResponse(sheetQuestion: SheetQuestion, paperQuestion?: PaperQuestion): string {
  if (paperQuestion && paperQuestion.type !== sheetQuestion.type) {
    throw new GateError(
      'PAPER_MISMATCH',
      `Question ID ${sheetQuestion.longId} is ${sheetQuestion.type} on the sheet but ${paperQuestion.type} in the stored paper.`,
    );
  }
  if (!isAttempted(sheetQuestion.answer)) return NO_RESPONSE;
  if (sheetQuestion.type === 'NAT') return normaliseNumber(sheetQuestion.answer);
  const letters = sheetQuestion.answer.split(',').map((label) => masterLetterOf(sheetQuestion, label));
  if (paperQuestion && letters.some((letter) => !(letter in paperQuestion.options))) {
    throw new GateError(
      'PAPER_MISMATCH',
      `The options of Question ID ${sheetQuestion.longId} on the sheet do not match the stored paper.`,
    );
  }
  return [...new Set(letters)].sort().join(',');
}

/** The parser only records chosen labels it found among the options, so a label without a letter is a broken sheet. */
function masterLetterOf(sheetQuestion: SheetQuestion, label: string): string {
  const letter = sheetQuestion.masterLetters[label];
  if (letter === undefined) {
    throw new GateError(
      'MALFORMED_SHEET',
      `Question ID ${sheetQuestion.longId} shows option ${label} as chosen but not among its options.`,
    );
  }
  return letter;
}

function normaliseNumber(typed: string): string {
  const text = typed.trim();
  return isNumberText(text) ? String(Number(text)) : text;
}

/**
 * Scores a stored response vector (Question ID → MASTER response) against a paper and its keys, so a result can be
 * re-scored when a key changes without the sheet. Marks are counted in thirds, exactly; totals are rounded to two
 * decimals only here, at output.
 */
export interface ScoringOptions {
  rules?: ScoringRules;
  /** On a paper with chosen sections: the candidate's answer, when the sheet did not settle the choice. */
  chosenSections?: readonly string[];
}

export function scoreResponses(
  responses: Record<string, string>,
  paper: ScoringPaper,
  keys: KeysByLongId,
  {
    rules = {},
    statuses = {},
    chosenSections,
  }: ScoringOptions & {
    /** Question ID → the status the sheet showed ('Marked For Review'…), kept for the scorecard. */
    statuses?: Record<string, string>;
  } = {},
): Scorecard {
  return scoreResponseMap(
    new Map(Object.entries(responses)),
    paper,
    keys,
    rules,
    new Map(Object.entries(statuses)),
    chosenSections,
  );
}

function scoreResponseMap(
  responses: ReadonlyMap<string, string>,
  paper: ScoringPaper,
  keys: KeysByLongId,
  rules: ScoringRules,
  statuses: ReadonlyMap<string, string>,
  chosenSections?: readonly string[],
): Scorecard {
  const scoringRules = { ...DEFAULT_SCORING_RULES, ...rules };
  const ordered = inMasterOrder(paper.questions, paper.sections);
  const choice = paper.sections && chooseSections(paper.sections, ordered, responses, chosenSections);
  const counts = (question: PaperQuestion) => !choice || choice.counted.has(question.section ?? '');
  let attempts = 0;
  let incorrect = 0;
  let positiveThirds = 0;
  let negativeThirds = 0;
  const response = ordered.map((question): ScorecardQuestion => {
    const stored = responses.get(question.long_id);
    const given = isAttempted(stored) ? stored.trim() : NO_RESPONSE;
    const attempted = given !== NO_RESPONSE;
    const key = keys[question.long_id]?.trim() || null;
    const counted = counts(question);
    const outcome = key === null || !counted ? null : judge(question, given, key, scoringRules);
    if (counted && attempted) attempts++;
    if (attempted && outcome?.correct === false) incorrect++;
    if (outcome && outcome.thirds > 0) positiveThirds += outcome.thirds;
    if (outcome && outcome.thirds < 0) negativeThirds -= outcome.thirds;
    return {
      long_id: question.long_id,
      short_id: question.short_id,
      type: question.type,
      marks: question.marks,
      status: statuses.get(question.long_id) ?? (attempted ? 'Answered' : 'Not Answered'),
      response_given: given,
      answerKey: key,
      obtained_marks: outcome === null ? NOT_EVALUATED : outcome.thirds / 3,
      question: question.question,
      options: question.options,
      ...(choice ? { section: question.section, chosen: counted } : {}),
    };
  });
  return {
    response,
    totalScore: {
      Attempts: attempts,
      'Incorrect Attempts': incorrect,
      'Final Marks': roundThirds(positiveThirds),
      'Negative Marks': roundThirds(negativeThirds),
      'Total Marks': roundThirds(positiveThirds - negativeThirds),
    },
    testPaper: paper.testPaper ?? '',
    scoringRules,
    ...(choice && paper.sections ? { sections: sectionsOutcome(paper.sections, choice, response) } : {}),
  };
}

interface SectionChoice extends ChosenSections {
  /** Every section that counts: the compulsory ones and the chosen ones. */
  counted: ReadonlySet<string>;
}

/** The chosen sections, read off the answers (or the candidate's choice); every question must name its section. */
function chooseSections(
  sections: PaperSections,
  questions: readonly PaperQuestion[],
  responses: ReadonlyMap<string, string>,
  given: readonly string[] | undefined,
): SectionChoice {
  const answered = new Map<string, number>();
  for (const question of questions) {
    if (question.section === undefined) {
      throw new GateError(
        'PAPER_MISMATCH',
        `Q${question.short_id} (Question ID ${question.long_id}) names no section of the ${sections.paper} paper.`,
      );
    }
    if (isAttempted(responses.get(question.long_id))) {
      answered.set(question.section, (answered.get(question.section) ?? 0) + 1);
    }
  }
  const chosen = resolveSectionChoice(sections, answered, given);
  const compulsory = sections.sections.filter((section) => !section.optional).map((section) => section.id);
  return { ...chosen, counted: new Set([...compulsory, ...chosen.sections]) };
}

function sectionsOutcome(
  paper: PaperSections,
  choice: SectionChoice,
  response: readonly ScorecardQuestion[],
): SectionsOutcome {
  const rankedAs = paper.sections.find((section) => choice.sections.includes(section.id) && section.rankedAs);
  return {
    sections: paper.sections.map((section): SectionScore => {
      const questions = response.filter((question) => question.section === section.id);
      const thirds = questions.reduce(
        (sum, question) =>
          sum + (typeof question.obtained_marks === 'number' ? Math.round(question.obtained_marks * 3) : 0),
        0,
      );
      return {
        id: section.id,
        name: section.name,
        optional: section.optional,
        chosen: choice.counted.has(section.id),
        questions: questions.length,
        attempts: questions.filter((question) => question.chosen && question.response_given !== NO_RESPONSE).length,
        marks: roundThirds(thirds),
        maxMarks: questions.reduce((sum, question) => sum + question.marks, 0),
      };
    }),
    chosen: choice.sections,
    decidedBy: choice.decidedBy,
    rankedAs: rankedAs?.rankedAs ?? paper.paper,
  };
}

interface Outcome {
  correct: boolean | null;
  thirds: number;
}

/** GATE marking: MCQ wrong costs a third of its marks; MSQ and NAT never cost; MTA pays per the rule setting. */
function judge(question: PaperQuestion, given: string, key: string, rules: Required<ScoringRules>): Outcome {
  const full = question.marks * 3;
  let parsed;
  try {
    parsed = parseKey(key, question.type);
  } catch {
    throw new GateError(
      'INVALID_KEY',
      `The answer key '${key}' of Q${question.short_id} (Question ID ${question.long_id}) cannot be used.`,
    );
  }
  const attempted = given !== NO_RESPONSE;
  if (parsed.kind === 'MTA') {
    return { correct: attempted ? true : null, thirds: attempted || rules.mta === 'all' ? full : 0 };
  }
  if (!attempted) return { correct: null, thirds: 0 };
  const correct = responseMatchesKey(question.type, given, parsed);
  if (correct) return { correct, thirds: full };
  return { correct, thirds: question.type === 'MCQ' ? -question.marks : 0 };
}

function roundThirds(thirds: number): number {
  return Math.round((thirds * 100) / 3) / 100;
}

const MINUS = '\u2212';
const THIRD_SIGNS = ['', '\u2153', '\u2154'];
/** Totals are stored rounded to two decimals (72.33 for 72⅓): within this of a third, a figure is that third. */
const THIRD_TOLERANCE = 0.005;

/**
 * A figure that is not marks (a normalised mark, a percentile): truncated (not rounded) to two decimals, with a
 * typographic minus.
 */
export function displayDecimal(value: number): string {
  const truncated = Math.trunc(value * 100 + Math.sign(value) * 1e-9) / 100;
  return truncated === 0 ? '0' : String(truncated).replace('-', MINUS);
}

/**
 * Marks as every screen and mail shows them. GATE marks are whole thirds (a wrong one-mark MCQ costs ⅓), so they show
 * as thirds: '72⅓', '−⅔', '1⅔'. Each question's marks then add up to the total as shown, where two decimals showed
 * rows of −0.33 and −0.66 beside totals of −1 and 72.33. A figure that is no third shows as displayDecimal does.
 */
export function displayMarks(marks: number | string): string {
  if (typeof marks !== 'number') return marks;
  const thirds = Math.round(marks * 3);
  if (Math.abs(marks - thirds / 3) > THIRD_TOLERANCE) return displayDecimal(marks);
  if (thirds === 0) return '0';
  const whole = Math.floor(Math.abs(thirds) / 3);
  return `${thirds < 0 ? MINUS : ''}${whole || ''}${THIRD_SIGNS[Math.abs(thirds) % 3]}`;
}

/** Marks or a change of marks, signed: '+2', '−⅔', '0'; a text ('Not evaluated') stays as it is. */
export function displaySignedMarks(marks: number | string): string {
  const text = displayMarks(marks);
  return typeof marks === 'number' && marks > 0 && text !== '0' ? `+${text}` : text;
}

/** Scores a parsed sheet: checks it belongs to the paper, maps each answer to MASTER terms, then scoreResponses. */
export function scoreSheet(
  sheet: ParsedSheet,
  paper: ScoringPaper,
  keys: KeysByLongId,
  { rules = {}, chosenSections }: ScoringOptions = {},
): SheetScorecard {
  if (paper.testPaper) assertSheetIsPaper(sheet, paper.testPaper);
  assertSheetIsCataloguePaper(sheet, paper.sections);
  const byLongId = new Map(paper.questions.map((question) => [question.long_id, question]));
  assertSheetInPaper(sheet, byLongId, paper);
  const responses = new Map<string, string>();
  const statuses = new Map<string, string>();
  for (const question of sheet.questions) {
    responses.set(question.longId, mapResponse(question, byLongId.get(question.longId)));
    statuses.set(question.longId, question.status);
  }
  return {
    candidate: sheet.candidate,
    ...scoreResponseMap(responses, paper, keys, rules, statuses, chosenSections),
  };
}

/** A sheet of no GATE paper is refused, and one of another paper than a paper with parts, with the paper it is for. */
function assertSheetIsCataloguePaper(sheet: ParsedSheet, sections: PaperSections | undefined): void {
  const entry = catalogueEntryOfSheet(sheet);
  if (entry && sections && entry.code !== sections.paper) {
    throw new GateError(
      'WRONG_PAPER',
      `This response sheet is for ${entry.code}, not ${sections.paper}: check it against a ${entry.code} paper.`,
    );
  }
}

function assertSheetInPaper(sheet: ParsedSheet, byLongId: Map<string, PaperQuestion>, paper: ScoringPaper): void {
  const foreign = sheet.questions.filter((question) => !byLongId.has(question.longId));
  if (foreign.length === 0) return;
  const paperName = paper.testPaper ? `${paper.testPaper} ` : '';
  if (foreign.length === sheet.questions.length) {
    throw new GateError(
      'WRONG_PAPER',
      `This response sheet does not belong to the stored ${paperName}paper: none of its Question IDs are in it.`,
    );
  }
  throw new GateError(
    'PAPER_MISMATCH',
    `${foreign.length} questions of this response sheet are not in the stored ${paperName}paper (Question IDs ${foreign
      .slice(0, 3)
      .map((question) => question.longId)
      .join(', ')}${foreign.length > 3 ? ', …' : ''}).`,
  );
}
