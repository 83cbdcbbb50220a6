import { describe, expect, it } from 'vitest';
import { RANK_DATA } from '../published-data/data';
import type { OfficialResultReport, ReportedResultContext } from './official-result-checks';
import { checkOfficialResult } from './official-result-checks';
import { gateScore } from '../gate-score/gate-score';

/** A CS 2025 result of 62.33 normalised marks, its prediction's range, and 2025's published values. */
function context(overrides: Partial<ReportedResultContext> = {}): ReportedResultContext {
  return {
    testPaper: 'CS 1',
    year: 2025,
    marks: 61,
    normMarks: 62.33,
    appeared: 170825,
    qualifyingMarks: 29.2,
    topMean: 83.24,
    scoreFormula: RANK_DATA.scoreFormula,
    verifiedAddress: true,
    alreadyReported: false,
    ...overrides,
  };
}

const fitting = gateScore(62.33, 29.2, 83.24, RANK_DATA.scoreFormula);
const report = (overrides: Partial<OfficialResultReport> = {}): OfficialResultReport => ({
  rank: 1500,
  score: fitting,
  ...overrides,
});
const messages = (r: OfficialResultReport, c = context()) => {
  const check = checkOfficialResult(r, c);
  return check.ok ? [] : check.problems.map((p) => `${p.field}: ${p.message}`);
};

describe('checking a reported official result', () => {
  it('accepts a result that fits the marks, the score formula and the other reports', () => {
    expect(checkOfficialResult(report(), context())).toEqual({ ok: true });
    expect(checkOfficialResult(report({ marks: 62.33, paper: 'CS', year: 2025 }), context())).toEqual({ ok: true });
  });

  it('refuses a report from an address that is not verified, and a second report of a result', () => {
    expect(messages(report(), context({ verifiedAddress: false }))).toEqual([
      'address: Verify your email address before adding an official result.',
    ]);
    expect(messages(report(), context({ alreadyReported: true }))).toEqual([
      'result: This result already has an official result: one per result.',
    ]);
  });

  it('refuses an AIR that is not a rank, and keeps one merely far from the forecast for the consensus to weigh', () => {
    expect(messages(report({ rank: 0 }))).toEqual(['rank: An All India Rank is a whole number from 1 to 170825.']);
    expect(messages(report({ rank: 200_000 }))).toEqual([
      'rank: An All India Rank is a whole number from 1 to 170825.',
    ]);
    expect(messages(report({ rank: 12.5 }))).toHaveLength(1);
    // Far from what earlier years give these marks: kept, and weighed down by the consensus (report-consensus.ts).
    expect(messages(report({ rank: 40 }))).toEqual([]);
    expect(messages(report({ rank: 20_000 }))).toEqual([]);
  });

  it("refuses a GATE score the marks do not give with the year's published values", () => {
    expect(messages(report({ score: fitting + 150 }))).toEqual([
      `score: A GATE score of ${fitting + 150} does not fit 62.33 marks: 2025's qualifying mark (29.2) and top-0.1% mean (83.24) give ${fitting}.`,
    ]);
    // With the scorecard's own marks the score must be the formula's to the rounding.
    expect(messages(report({ marks: 62.33, score: fitting + 2 }))).toHaveLength(1);
    expect(messages(report({ marks: 62.33, score: fitting + 1 }))).toEqual([]);
    expect(messages(report({ score: 1001 }))).toEqual(['score: A GATE score is a whole number up to 1000.']);
  });

  it('bounds the score by the formula before the top-0.1% mean is published', () => {
    // CS 2026: qualifying mark 30 published, the top mean not yet; it is at least 71.32 (2023's 81.32 less 10).
    const before = context({
      year: 2026,
      normMarks: 72.33,
      qualifyingMarks: 30,
      topMean: undefined,
      lowestTopMean: 71.32,
    });
    const at = (marks: number, topMean: number) => gateScore(marks, 30, topMean, RANK_DATA.scoreFormula);
    const own = { marks: 72.33, paper: 'CS', year: 2026 };
    expect(messages(report({ ...own, score: 1000 }), before)).toEqual([
      `score: A GATE score of 1000 does not fit 72.33 marks: with 2026's qualifying mark (30), GATE's score formula gives them ${at(72.33, 100)} to ${at(72.33, 71.32)}.`,
    ]);
    expect(messages(report({ ...own, score: at(72.33, 84) }), before)).toEqual([]);
    expect(messages(report({ ...own, score: at(72.33, 100) - 5 }), before)).toHaveLength(1);
    // Without the scorecard's marks the band widens by the marks' own uncertainty (8 for CS).
    expect(messages(report({ score: at(72.33 + 7, 80) }), before)).toEqual([]);
    // Nothing known of the year's top mean (a paper with none published): only the lower end holds.
    const unknown = context({ year: 2026, normMarks: 72.33, qualifyingMarks: 30, topMean: undefined });
    expect(messages(report({ ...own, score: 1000 }), unknown)).toEqual([]);
    expect(messages(report({ ...own, score: 100 }), unknown)).toHaveLength(1);
    // Without a qualifying mark the formula says nothing.
    expect(messages(report({ ...own, score: 1000 }), { ...unknown, qualifyingMarks: undefined })).toEqual([]);
  });

  it("refuses a scorecard of another paper, year or candidate's marks", () => {
    expect(messages(report({ paper: 'DA' }))).toEqual(['paper: The scorecard is for DA, but this result is CS 1.']);
    expect(messages(report({ year: 2024 }))).toEqual(['year: The scorecard is for GATE 2024, not 2025.']);
    expect(messages(report({ marks: 41 }), context())).toContain(
      "marks: The scorecard's marks (41) are far from this result's (62.33): is it the scorecard of this result?",
    );
    // DA is one session: its official marks are the product's but for the final key.
    const da = context({ testPaper: 'DA', normMarks: 50, marks: 50, topMean: undefined });
    expect(messages(report({ marks: 53, rank: 1500 }), da)).toHaveLength(1);
    expect(messages(report({ marks: 51, rank: 1500 }), da)).toEqual([]);
  });
});
