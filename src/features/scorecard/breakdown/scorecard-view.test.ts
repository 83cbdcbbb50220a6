import { describe, expect, it } from 'vitest';
import type { ScorecardQuestion } from '../../../domain/gate';
import type { ScorecardData } from '../../../lib/scorecard/types';
import {
  earnedMarksText,
  imageUrls,
  keyText,
  marksObtainedText,
  optionViews,
  responseText,
  sectionBreakdown,
  summaryRows,
  marksText,
  marksToAllNote,
  typeBreakdown,
  verdictOf,
  weightText,
} from './scorecard-view';
import { buildScorecardQuestion } from '../../../../test/support/builders';

const totals = {
  Attempts: 3,
  'Incorrect Attempts': 1,
  'Final Marks': 3,
  'Negative Marks': 2 / 3,
  'Total Marks': 7 / 3,
};

describe('scorecard figures', () => {
  it('shows marks as thirds, and any other figure truncated to two decimals', () => {
    expect(marksText(-2 / 3)).toBe('\u2212\u2154');
    expect(marksText(7 / 3)).toBe('2\u2153');
    expect(marksText(91.666666)).toBe('91\u2154');
    expect(marksText(0.29)).toBe('0.29');
    expect(marksText('4')).toBe('4');
    expect(marksText(-0.001)).toBe('0');
    expect(marksText(undefined)).toBe('--');
  });

  it('shows Final Marks as Positive Marks and the normalisation row except for DA', () => {
    const data: ScorecardData = {
      response: [],
      totalScore: totals,
      testPaper: 'CS 2',
      prediction_data: { normMarks: 2.5 },
    };
    expect(summaryRows(data)).toEqual([
      { label: 'Attempts', value: '3' },
      { label: 'Incorrect Attempts', value: '1' },
      { label: 'Positive Marks', value: '3' },
      { label: 'Negative Marks', value: '\u2154' },
      { label: 'Total Marks', value: '2\u2153' },
      { label: 'Normalisation Marks', value: '2.5' },
    ]);
    expect(summaryRows({ ...data, testPaper: 'DA' }).map((row) => row.label)).not.toContain('Normalisation Marks');
  });

  it("says 'Not evaluated' without a key, and gives an unanswered question its own icon", () => {
    expect(marksObtainedText(buildScorecardQuestion({ answerKey: '' }))).toBe('Not evaluated');
    expect(marksObtainedText(buildScorecardQuestion({ answerKey: 'B', obtained_marks: -1 / 3 }))).toBe('\u2212\u2153');
    expect(verdictOf(buildScorecardQuestion({ answerKey: '' }))).toBe('none');
    expect(
      verdictOf(buildScorecardQuestion({ status: 'Not Answered', response_given: ' -- ', obtained_marks: 0 })),
    ).toBe('unattempted');
    expect(verdictOf(buildScorecardQuestion({ answerKey: null, response_given: ' -- ' }))).toBe('unattempted');
    expect(
      verdictOf(buildScorecardQuestion({ status: 'Not Attempted and Marked For Review', response_given: ' -- ' })),
    ).toBe('unattempted');
    expect(responseText(buildScorecardQuestion({ response_given: ' -- ' }))).toBe('--');
  });

  it('shows what each question earned, signed, beside its weight', () => {
    expect(earnedMarksText(buildScorecardQuestion({ marks: 2, obtained_marks: 2 }))).toBe('+2');
    expect(earnedMarksText(buildScorecardQuestion({ marks: 2, response_given: 'B', obtained_marks: -2 / 3 }))).toBe(
      '\u2212\u2154',
    );
    expect(earnedMarksText(buildScorecardQuestion({ response_given: ' -- ', obtained_marks: 0 }))).toBe('0');
    expect(
      earnedMarksText(buildScorecardQuestion({ answerKey: null, obtained_marks: 'Not evaluated' })),
    ).toBeUndefined();
    expect(weightText(buildScorecardQuestion({ marks: 1 }))).toBe('of 1 mark');
    expect(weightText(buildScorecardQuestion({ marks: 2 }))).toBe('of 2 marks');
  });

  it('reads keys and responses as a candidate would: NAT ranges with "to", MSQ letters with commas', () => {
    expect(keyText(buildScorecardQuestion({ type: 'NAT', answerKey: '7.78:7.88' }))).toBe('7.78 to 7.88');
    expect(keyText(buildScorecardQuestion({ type: 'NAT', answerKey: '8:6' }))).toBe('6 to 8');
    expect(keyText(buildScorecardQuestion({ type: 'NAT', answerKey: '1.9:2.1 OR 3.9:4.1' }))).toBe(
      '1.9 to 2.1 or 3.9 to 4.1',
    );
    expect(keyText(buildScorecardQuestion({ type: 'NAT', answerKey: '12.5' }))).toBe('12.5');
    expect(keyText(buildScorecardQuestion({ type: 'MSQ', answerKey: 'A;C' }))).toBe('A, C');
    expect(keyText(buildScorecardQuestion({ answerKey: 'MTA' }))).toBe('Marks to all (MTA)');
    expect(keyText(buildScorecardQuestion({ answerKey: null }))).toBe('--');
    expect(responseText(buildScorecardQuestion({ type: 'MSQ', response_given: 'A,C' }))).toBe('A, C');
  });

  it("marks the candidate's choice and the key on the options", () => {
    const options = { A: 'a.png', B: 'b.png', C: 'c.png', D: 'd.png' };
    const mark = (q: Partial<ScorecardQuestion>) =>
      optionViews(buildScorecardQuestion({ options, ...q })).map(({ letter, chosen, correct }) => [
        letter,
        chosen,
        correct,
      ]);
    expect(mark({ response_given: 'B', answerKey: 'C' })).toEqual([
      ['A', false, false],
      ['B', true, false],
      ['C', false, true],
      ['D', false, false],
    ]);
    expect(
      mark({ type: 'MSQ', response_given: 'A,C', answerKey: 'A;D' }).filter(([, chosen, correct]) => chosen || correct),
    ).toEqual([
      ['A', true, true],
      ['C', true, false],
      ['D', false, true],
    ]);
    expect(mark({ response_given: ' -- ', answerKey: 'MTA' }).some(([, chosen, correct]) => chosen || correct)).toBe(
      false,
    );
    expect(
      mark({ answerKey: 'A OR C' })
        .filter(([, , correct]) => correct)
        .map(([letter]) => letter),
    ).toEqual(['A', 'C']);
  });

  it('judges each question on the device', () => {
    expect(verdictOf(buildScorecardQuestion())).toBe('correct');
    expect(verdictOf(buildScorecardQuestion({ response_given: 'B' }))).toBe('incorrect');
    expect(verdictOf(buildScorecardQuestion({ type: 'MSQ', response_given: 'C,A', answerKey: 'A;C' }))).toBe('correct');
    expect(verdictOf(buildScorecardQuestion({ type: 'NAT', response_given: '3.505', answerKey: '3.5' }))).toBe(
      'correct',
    );
    expect(verdictOf(buildScorecardQuestion({ type: 'NAT', response_given: '7', answerKey: '8:6' }))).toBe('correct');
  });

  it('adds up questions by section and by type', () => {
    const questions = [
      buildScorecardQuestion({ short_id: '2' }),
      buildScorecardQuestion({ short_id: '7', marks: 2, response_given: 'B', obtained_marks: -2 / 3 }),
      buildScorecardQuestion({
        short_id: '40',
        type: 'NAT',
        marks: 2,
        response_given: ' -- ',
        status: 'Not Answered',
        obtained_marks: 0,
      }),
      buildScorecardQuestion({
        short_id: '41',
        type: 'MSQ',
        marks: 2,
        response_given: 'A,B',
        answerKey: 'A;B',
        obtained_marks: 2,
      }),
    ];
    expect(sectionBreakdown(questions)).toEqual([
      {
        group: 'GA',
        questions: 2,
        attempted: 2,
        correct: 1,
        incorrect: 1,
        marksObtained: 1 - 2 / 3,
        marksAvailable: 3,
      },
      { group: 'Subject', questions: 2, attempted: 1, correct: 1, incorrect: 0, marksObtained: 2, marksAvailable: 4 },
    ]);
    expect(typeBreakdown(questions).map((row) => [row.group, row.questions, row.correct])).toEqual([
      ['MCQ', 2, 1],
      ['MSQ', 1, 1],
      ['NAT', 1, 0],
    ]);
  });

  it('lists every question and option image once, for offline caching', () => {
    const urls = imageUrls([
      buildScorecardQuestion(),
      buildScorecardQuestion({ question: 'https://cdn.example/q13.png' }),
    ]);
    expect(urls).toEqual([
      'https://cdn.example/q12.png',
      'https://cdn.example/q12a.png',
      'https://cdn.example/q12b.png',
      'https://cdn.example/q13.png',
    ]);
  });

  it('explains marks-to-all questions and who got their marks', () => {
    const data: ScorecardData = {
      response: [
        buildScorecardQuestion({ answerKey: 'MTA' }),
        buildScorecardQuestion({ answerKey: 'MTA', short_id: '3' }),
        buildScorecardQuestion(),
      ],
      totalScore: totals,
      testPaper: 'CS 1',
    };
    expect(marksToAllNote(data)).toBe('2 questions are marks to all (MTA): full marks to every candidate.');
    expect(marksToAllNote({ ...data, scoringRules: { mta: 'attempted' } })).toBe(
      '2 questions are marks to all (MTA): full marks to candidates who answered.',
    );
    expect(marksToAllNote({ ...data, response: [buildScorecardQuestion()] })).toBeUndefined();
  });
});
