import {
  displayDecimal,
  displayMarks,
  displaySignedMarks,
  isAttempted,
  isCorrect,
  isMarksToAll,
  NOT_EVALUATED,
  parseKey,
  readableKey,
  sectionOfMaster,
  type ParsedKey,
  type ScorecardQuestion,
} from '../../../domain/gate';

import type { ScorecardData } from '../../../lib/scorecard/types';
import { plural } from '../../../domain/words';

/** What the scorecard shows, derived from the scorecard data; no React here so it is tested in node. */

/** Marks as thirds ('72⅓', the engine's displayMarks), so the rows add up to the total; a missing figure is '--'. */
export function marksText(value: number | string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '--';
  const number = Number(value);
  return displayMarks(Number.isFinite(number) ? number : value);
}

/** A normalised mark is no sum of thirds: two decimals, truncated. */
function normalisedMarksText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? displayDecimal(value) : '--';
}

export type Verdict = 'correct' | 'incorrect' | 'unattempted' | 'none';

/**
 * The icon. Correct and incorrect are computed here on the device with the engine's rule (isCorrect), never taken from
 * a server flag; a question without a response has an icon of its own; one the rule leaves without an icon (no key, an
 * unreadable key) has none.
 */
export function verdictOf(question: ScorecardQuestion): Verdict {
  // A section the candidate did not choose counts for nothing: no icon, neither attempted nor not.
  if (isUnchosen(question)) return 'none';
  const correct = isCorrect(question);
  if (correct !== null && correct !== undefined) return correct ? 'correct' : 'incorrect';
  return isAttempted(question.response_given) ? 'none' : 'unattempted';
}

export const hasKey = (question: ScorecardQuestion) =>
  question.answerKey !== undefined && question.answerKey !== null && String(question.answerKey).trim() !== '';

/** A question of a section the candidate did not choose (papers with parts): shown greyed, counted nowhere. */
export const isUnchosen = (question: ScorecardQuestion) => question.chosen === false;

export const NOT_COUNTED = 'Not counted';

export function marksObtainedText(question: ScorecardQuestion): string {
  if (isUnchosen(question)) return `${NOT_COUNTED}: not one of your sections`;
  return hasKey(question) ? marksText(question.obtained_marks) : NOT_EVALUATED;
}

/**
 * What the question earned, signed as the header shows it beside its icon ('+2', '−⅔', '0'; in thirds like every
 * mark), or undefined when it was not evaluated (no key).
 */
export function earnedMarksText(question: ScorecardQuestion): string | undefined {
  return hasKey(question) && !isUnchosen(question) ? signedMarksText(question.obtained_marks) : undefined;
}

/** Marks or a change of marks, signed: '+2', '−⅔', '0'; 'Not evaluated' stays as it is. */
export function signedMarksText(marks: number | string): string {
  const number = Number(marks);
  return displaySignedMarks(typeof marks === 'string' && Number.isFinite(number) ? number : marks);
}

/** The question's weight, for the header's 'of 2 marks'. */
export const weightText = (question: ScorecardQuestion) =>
  `of ${question.marks} ${plural(Number(question.marks), 'mark')}`;

/** The response as a candidate reads it: 'B', 'A, C' (MSQ letters), '7.8', or '--' without one. */
export function responseText(question: ScorecardQuestion): string {
  const given = question.response_given;
  if (!isAttempted(given)) return '--';
  return question.type === 'MSQ' ? given.trim().split(',').join(', ') : given.trim();
}

function parsedKeyOf(question: ScorecardQuestion): ParsedKey | undefined {
  if (!hasKey(question)) return undefined;
  try {
    return parseKey(String(question.answerKey), question.type);
  } catch {
    return undefined;
  }
}

/** The key as a candidate reads it: 'B', 'A, C', '7.78 to 7.88', 'A or C', 'Marks to all (MTA)'; '--' without one. */
export function keyText(question: ScorecardQuestion): string {
  return hasKey(question) ? readableKey(question.type, String(question.answerKey)) : '--';
}

export interface OptionView {
  letter: string;
  image: string;
  /** The candidate chose it. */
  chosen: boolean;
  /** The key names it (in any accepted alternative). */
  correct: boolean;
}

/** The question's options with the candidate's choice and the key marked on them (MCQ and MSQ; NAT has none). */
export function optionViews(question: ScorecardQuestion): OptionView[] {
  const given = question.response_given;
  const chosen = new Set(isAttempted(given) ? given.split(',').map((letter) => letter.trim().toUpperCase()) : []);
  const parsed = parsedKeyOf(question);
  const keyed = new Set(
    parsed?.kind === 'alternatives'
      ? parsed.alternatives.flatMap((alternative) => (alternative.kind === 'letters' ? alternative.letters : []))
      : [],
  );
  return Object.entries(question.options ?? {}).map(([letter, image]) => ({
    letter,
    image,
    chosen: chosen.has(letter.toUpperCase()),
    correct: keyed.has(letter.toUpperCase()),
  }));
}

export interface SummaryRow {
  label: string;
  value: string;
}

/** Score Summary; Final Marks shows as Positive Marks; DA is one session, so it has no normalisation. */
export function summaryRows(data: ScorecardData): SummaryRow[] {
  const total = data.totalScore;
  const rows: SummaryRow[] = [
    { label: 'Attempts', value: String(total['Attempts'] ?? '--') },
    { label: 'Incorrect Attempts', value: String(total['Incorrect Attempts'] ?? '--') },
    { label: 'Positive Marks', value: marksText(total['Final Marks']) },
    { label: 'Negative Marks', value: marksText(total['Negative Marks']) },
    { label: 'Total Marks', value: marksText(total['Total Marks']) },
  ];
  if (!isSingleSessionPaper(data.testPaper)) {
    rows.push({ label: 'Normalisation Marks', value: normalisedMarksText(data.prediction_data?.normMarks) });
  }
  return rows;
}

/** Questions keyed MTA ('marks to all') and who got their marks, so the candidate sees why they scored them. */
export function marksToAllNote(data: ScorecardData): string | undefined {
  const count = data.response.filter((question) => question.answerKey && isMarksToAll(question.answerKey)).length;
  if (count === 0) return undefined;
  const who = data.scoringRules?.mta === 'attempted' ? 'to candidates who answered' : 'to every candidate';
  return `${count} ${plural(count, 'question is', 'questions are')} marks to all (MTA): full marks ${who}.`;
}

/** A test paper held in one session (DA, EE, XE…) has no normalisation; a session is named after a space ('CS 1'). */
export const isSingleSessionPaper = (testPaper: string) => !/\s\d$/.test(testPaper.trim());

/**
 * A question's section as the breakdown groups it: its own section on a paper with parts ('A', 'B1'), else GA or the
 * subject, told by the master number.
 */
export function sectionOf(question: ScorecardQuestion): string {
  if (question.section) return question.section;
  return sectionOfMaster(Number(question.short_id)) === 'GA' ? 'GA' : 'Subject';
}

export interface BreakdownRow {
  group: string;
  questions: number;
  attempted: number;
  correct: number;
  incorrect: number;
  marksObtained: number;
  marksAvailable: number;
}

function tally(group: string, questions: ScorecardQuestion[]): BreakdownRow {
  const row: BreakdownRow = {
    group,
    questions: questions.length,
    attempted: 0,
    correct: 0,
    incorrect: 0,
    marksObtained: 0,
    marksAvailable: 0,
  };
  for (const question of questions) {
    if (isUnchosen(question)) continue;
    if (responseText(question) !== '--') row.attempted += 1;
    const verdict = verdictOf(question);
    if (verdict === 'correct') row.correct += 1;
    if (verdict === 'incorrect') row.incorrect += 1;
    row.marksObtained += Number(question.obtained_marks) || 0;
    row.marksAvailable += Number(question.marks) || 0;
  }
  return row;
}

function groupBy(questions: ScorecardQuestion[], keyOf: (q: ScorecardQuestion) => string, order: string[]) {
  return order
    .map((group) =>
      tally(
        group,
        questions.filter((question) => keyOf(question) === group),
      ),
    )
    .filter((row) => row.questions > 0);
}

/** By section: GA and the subject, or a paper's own sections in paper order, a section not chosen so marked. */
export function sectionBreakdown(questions: ScorecardQuestion[]): BreakdownRow[] {
  const order = [...new Set(['GA', ...questions.map(sectionOf), 'Subject'])];
  return groupBy(questions, sectionOf, order).map((row) =>
    questions.some((question) => sectionOf(question) === row.group && isUnchosen(question))
      ? { ...row, group: `${row.group} (${NOT_COUNTED.toLowerCase()})` }
      : row,
  );
}

export function typeBreakdown(questions: ScorecardQuestion[]): BreakdownRow[] {
  return groupBy(questions, (question) => question.type, ['MCQ', 'MSQ', 'NAT']);
}

/** Every image of the scorecard, so they can be requested once and cached for offline viewing. */
export function imageUrls(questions: ScorecardQuestion[]): string[] {
  const urls = questions.flatMap((question) => [question.question, ...Object.values(question.options ?? {})]);
  return [...new Set(urls.filter((url): url is string => typeof url === 'string' && url.length > 0))];
}
