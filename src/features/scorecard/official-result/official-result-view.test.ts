import { describe, expect, it } from 'vitest';
import { PROVENANCE_WORDS } from '../../../domain/gate/result-provenance';
import { STANDING_WORDS } from '../../../domain/gate/rank/official-results/report-standing';
import { comparisonRows, entryOfScorecard, opensOnText, standingLines, verdictText } from './official-result-view';
import type { OfficialResultReport } from './official-result-api';

const report = (overrides: Partial<OfficialResultReport> = {}): OfficialResultReport => ({
  resultId: 'result-1',
  testPaper: 'CS 1',
  year: 2026,
  source: 'typed',
  reportedAt: '2026-03-20T10:00:00.000Z',
  actual: { rank: 1520, score: 640, marks: null },
  predicted: { rank: 1200, rankRange: [900, 12600], normMarks: 62.333, score: 655 },
  rankRatioError: 1.27,
  insideRange: true,
  provenance: 'portal',
  documentChecked: false,
  standing: { state: 'counted', weight: 1 },
  ...overrides,
});

describe('predicted against actual on the scorecard', () => {
  it('shows the predicted rank with its range beside the official AIR, and the two GATE scores', () => {
    expect(comparisonRows(report())).toEqual([
      { label: 'All India Rank', predicted: '1,200 (range 900 – 12,600)', actual: '1,520' },
      { label: 'GATE score', predicted: '655', actual: '640' },
    ]);
  });

  it('adds the marks when the official scorecard gave them', () => {
    const rows = comparisonRows(report({ actual: { rank: 1520, score: 640, marks: 61.9 } }));
    expect(rows.at(-1)).toEqual({ label: 'Marks out of 100', predicted: '62.33', actual: '61.9' });
  });

  it('says whether the AIR fell inside the range and by what factor the prediction missed', () => {
    expect(verdictText(report())).toBe(
      'Your AIR is inside the predicted range; the predicted rank was off by a factor of 1.27.',
    );
    expect(verdictText(report({ insideRange: false, rankRatioError: 3 }))).toBe(
      'Your AIR is outside the predicted range; the predicted rank was off by a factor of 3.00.',
    );
    expect(verdictText(report({ rankRatioError: 1 }))).toBe(
      'Your AIR is the predicted rank, inside the predicted range.',
    );
  });

  it("says under the comparison that a result fetched from the portal counts in other candidates' ranks", () => {
    expect(standingLines(report())).toEqual([STANDING_WORDS.counted, PROVENANCE_WORDS.portal]);
  });

  it('tells the owner of an uploaded page that it is shown to them only, and why', () => {
    const uploaded = report({ provenance: 'uploaded', standing: { state: 'own', weight: 0 } });
    expect(standingLines(uploaded)).toEqual([STANDING_WORDS.own, PROVENANCE_WORDS.uploaded]);
    expect(standingLines(uploaded)).not.toContain(STANDING_WORDS.counted);
  });

  it('says an upload its portal link confirmed, and a result waiting for other reporters, in their own words', () => {
    const confirmed = report({ provenance: 'confirmed', standing: { state: 'waiting', weight: 1 } });
    expect(standingLines(confirmed)).toEqual([STANDING_WORDS.waiting, PROVENANCE_WORDS.confirmed]);
  });

  it('fills the form from a dropped scorecard and sends its marks, paper, year and registration number along', () => {
    expect(
      entryOfScorecard({ rank: 88, score: 912, marks: 80.5, paper: 'CS', year: 2026, registration: 'CS26S41001' }),
    ).toEqual({
      fields: { rank: '88', score: '912' },
      entry: { rank: 88, score: 912, source: 'pdf', marks: 80.5, paper: 'CS', year: 2026, registration: 'CS26S41001' },
    });
  });

  it('sends no registration number when the PDF did not give one', () => {
    expect(entryOfScorecard({ rank: 88, score: 912, marks: 80.5 }).entry).toEqual({
      rank: 88,
      score: 912,
      source: 'pdf',
      marks: 80.5,
    });
  });
});

describe('before the results are out', () => {
  it('says when the candidate can add their result, and when GATE has not announced the day that it is a guess', () => {
    expect(opensOnText({ day: '2026-03-19', scheduled: true })).toBe(
      'GATE 2026 results are due on 19 Mar 2026. Come back then to add your All India Rank and GATE score and see how the prediction did.',
    );
    expect(opensOnText({ day: '2027-03-16', scheduled: false })).toMatch(
      /^GATE 2027 results are due around 16 Mar 2027 \(GATE has not announced the day yet\)\. /,
    );
  });
});
