import { describe, expect, it } from 'vitest';
import type { SectionsOutcome } from '../../../domain/gate';
import { NO_RESPONSE, predictAnyPaper } from '../../../domain/gate';
import { choiceText, scoreInputRows, sectionRows } from './sections-view';
import {
  earnedMarksText,
  marksObtainedText,
  sectionBreakdown,
  summaryRows,
  verdictOf,
} from '../breakdown/scorecard-view';
import { noRankText, predictedRankText } from '../prediction/prediction-view';
import { buildScorecardQuestion } from '../../../../test/support/builders';

const gg: SectionsOutcome = {
  chosen: ['B2'],
  decidedBy: 'candidate',
  rankedAs: 'GG2',
  sections: [
    {
      id: 'GA',
      name: 'General Aptitude',
      optional: false,
      chosen: true,
      questions: 10,
      attempts: 8,
      marks: 11.33,
      maxMarks: 15,
    },
    {
      id: 'A',
      name: 'Part A (Common)',
      optional: false,
      chosen: true,
      questions: 16,
      attempts: 10,
      marks: 12,
      maxMarks: 25,
    },
    {
      id: 'B1',
      name: 'Part B1: Geology',
      optional: true,
      chosen: false,
      questions: 39,
      attempts: 0,
      marks: 0,
      maxMarks: 60,
    },
    {
      id: 'B2',
      name: 'Part B2: Geophysics',
      optional: true,
      chosen: true,
      questions: 39,
      attempts: 20,
      marks: 31.67,
      maxMarks: 60,
    },
  ],
};

describe("a choice paper's sections on the scorecard", () => {
  it("lists every section: everyone's, the candidate's choice, and the one not chosen, which counts for nothing", () => {
    // The sheet answers two of B1's questions and leaves one: its row shows the two, not counted.
    const response = [
      buildScorecardQuestion({ section: 'B1', chosen: false }),
      buildScorecardQuestion({ section: 'B1', chosen: false, response_given: 'B' }),
      buildScorecardQuestion({ section: 'B1', chosen: false, response_given: NO_RESPONSE }),
      buildScorecardQuestion({ section: 'B2', chosen: true }),
    ];
    expect(sectionRows(gg, response).map(({ id, role, attempts, marks }) => [id, role, attempts, marks])).toEqual([
      ['GA', "Everyone's", '8', '11⅓ / 15'],
      ['A', "Everyone's", '10', '12 / 25'],
      ['B1', 'Not chosen: not counted', '2, not counted', '— / 60'],
      ['B2', 'Your choice', '20', '31⅔ / 60'],
    ]);
    expect(choiceText(gg, 'GG')).toBe('Your sections, B2, are the ones you told us you chose. You are ranked as GG2.');
  });

  it('shows a question of a section not chosen without an icon, with no marks, and out of the breakdown counts', () => {
    const unchosen = buildScorecardQuestion({ section: 'B1', chosen: false, obtained_marks: 'Not evaluated' });
    expect(verdictOf(unchosen)).toBe('none');
    expect(earnedMarksText(unchosen)).toBeUndefined();
    expect(marksObtainedText(unchosen)).toBe('Not counted: not one of your sections');
    const rows = sectionBreakdown([buildScorecardQuestion({ section: 'B2', chosen: true }), unchosen]);
    expect(rows.map(({ group, attempted, correct }) => [group, attempted, correct])).toEqual([
      ['B2', 1, 1],
      ['B1 (not counted)', 0, 0],
    ]);
  });

  it('shows normalised marks only for a paper held in sessions', () => {
    const data = { response: [], totalScore: { 'Total Marks': 40 }, prediction_data: { normMarks: 41 } } as never;
    const labels = (testPaper: string) =>
      summaryRows({ ...(data as object), testPaper } as never).map((row) => row.label);
    expect(labels('CE 2')).toContain('Normalisation Marks');
    expect(labels('XE')).not.toContain('Normalisation Marks');
    expect(labels('DA')).not.toContain('Normalisation Marks');
  });
});

describe('what the score of a paper without rank data rests on', () => {
  it('lists each input published, derived or estimated, or not known, and says why there is no rank estimate', () => {
    const prediction = predictAnyPaper({
      code: 'EE',
      rankedAs: 'EE',
      year: 2025,
      session: 'EE',
      marks: 40,
      marksBySession: {},
    });
    const rows = scoreInputRows(prediction);
    expect(rows.map((row) => [row.label, row.kind])).toEqual([
      ['Qualifying mark, General', 'published'],
      ['Qualifying mark, OBC-NCL / EWS', expect.stringMatching(/published|derived/)],
      ['Qualifying mark, SC / ST / PwD', expect.stringMatching(/published|derived/)],
      ['Top-0.1% mean (M̄t)', 'missing'],
      ['Appeared', 'missing'],
      ['Qualified', 'missing'],
    ]);
    expect(predictedRankText(prediction)).toBe('Not estimated');
    expect(noRankText(prediction)).toBe(
      'GATE publishes no marks-to-rank data for EE. Your rank among the results checked here stands instead.',
    );
  });
});
