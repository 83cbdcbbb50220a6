import {
  displayMarks,
  isCorrect,
  isMarksToAll,
  NO_RESPONSE,
  NOT_EVALUATED,
  sectionOfMaster,
  type ScorecardQuestion,
} from '../../domain/gate';
import type { ScorecardData } from '../../lib/scorecard-types';

/** What the scorecard shows, derived from the scorecard data; no React here so it is tested in node. */

/** Spec §5: marks show truncated to two decimals (the engine's displayMarks); a missing figure shows as '--'. */
export function marksText(value: number | string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '--';
  const number = Number(value);
  return displayMarks(Number.isFinite(number) ? number : value);
}

export type Verdict = 'correct' | 'incorrect' | 'none';

/** The icon is computed here on the device with the engine's rule, never taken from a server flag. */
export function verdictOf(question: ScorecardQuestion): Verdict {
  const correct = isCorrect(question);
  if (correct === null || correct === undefined) return 'none';
  return correct ? 'correct' : 'incorrect';
}

export const hasKey = (question: ScorecardQuestion) =>
  question.answerKey !== undefined && question.answerKey !== null && String(question.answerKey).trim() !== '';

export function marksObtainedText(question: ScorecardQuestion): string {
  return hasKey(question) ? marksText(question.obtained_marks) : NOT_EVALUATED;
}

export function responseText(question: ScorecardQuestion): string {
  const given = question.response_given;
  return given === undefined || given === null || given === NO_RESPONSE || String(given).trim() === ''
    ? '--'
    : String(given).trim();
}

export interface SummaryRow {
  label: string;
  value: string;
}

/** Spec §2 Score Summary; Final Marks shows as Positive Marks; DA is one session, so it has no normalisation. */
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
    rows.push({ label: 'Normalisation Marks', value: marksText(data.prediction_data?.normMarks) });
  }
  return rows;
}

/** Questions keyed MTA ('marks to all') and who got their marks, so the candidate sees why they scored them. */
export function marksToAllNote(data: ScorecardData): string | undefined {
  const count = data.response.filter((question) => question.answerKey && isMarksToAll(question.answerKey)).length;
  if (count === 0) return undefined;
  const who = data.scoringRules?.mta === 'attempted' ? 'to candidates who answered' : 'to every candidate';
  return `${count} ${count === 1 ? 'question is' : 'questions are'} marks to all (MTA): full marks ${who}.`;
}

export const isSingleSessionPaper = (testPaper: string) => testPaper.trim().toUpperCase() === 'DA';

/** short_id is the master number, which tells General Aptitude from the subject section. */
export function sectionOf(question: ScorecardQuestion): 'GA' | 'Subject' {
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

export function sectionBreakdown(questions: ScorecardQuestion[]): BreakdownRow[] {
  return groupBy(questions, sectionOf, ['GA', 'Subject']);
}

export function typeBreakdown(questions: ScorecardQuestion[]): BreakdownRow[] {
  return groupBy(questions, (question) => question.type, ['MCQ', 'MSQ', 'NAT']);
}

/** Every image of the scorecard, so they can be requested once and cached for offline viewing. */
export function imageUrls(questions: ScorecardQuestion[]): string[] {
  const urls = questions.flatMap((question) => [question.question, ...Object.values(question.options ?? {})]);
  return [...new Set(urls.filter((url): url is string => typeof url === 'string' && url.length > 0))];
}
