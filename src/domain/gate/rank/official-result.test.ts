import { describe, expect, it } from 'vitest';
import { RANK_DATA } from './data';
import type { OfficialResultReport, ReportedResultContext } from './official-result';
import { checkOfficialResult } from './official-result';
import { gateScore } from './score';

/** A CS 2025 result of 62.33 normalised marks, its prediction's range, and 2025's published values. */
function context(overrides: Partial<ReportedResultContext> = {}): ReportedResultContext {
  return {
    testPaper: 'CS 1',
    year: 2025,
    marks: 61,
    normMarks: 62.33,
    rankRange: [900, 2600],
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

  it('refuses an AIR that is not a rank, or implausible for the marks', () => {
    expect(messages(report({ rank: 0 }))).toEqual(['rank: An All India Rank is a whole number from 1 to 170825.']);
    expect(messages(report({ rank: 200_000 }))).toEqual([
      'rank: An All India Rank is a whole number from 1 to 170825.',
    ]);
    expect(messages(report({ rank: 12.5 }))).toHaveLength(1);
    expect(messages(report({ rank: 40 }))).toEqual([
      "rank: An All India Rank of 40 does not fit 62.33 marks: GATE's past results put them between 900 and 2,600.",
    ]);
    expect(messages(report({ rank: 20_000 }))).toHaveLength(1);
    // Beyond the range but within its slack: a year unlike the others.
    expect(messages(report({ rank: 2 * 2600 }))).toEqual([]);
  });

  it('refuses an AIR that two reports already added contradict', () => {
    const accepted = [
      { marks: 70, rank: 2500 },
      { marks: 68, rank: 2000 },
      { marks: 55, rank: 4000 },
    ];
    expect(messages(report({ rank: 1500 }), context({ accepted }))).toEqual([
      'rank: An All India Rank of 1,500 for 62.33 marks contradicts 2 official results already added for 2025.',
    ]);
    expect(messages(report({ rank: 1500 }), context({ accepted: accepted.slice(1) }))).toEqual([]);
  });

  it("refuses a GATE score the marks do not give with the year's published values", () => {
    expect(messages(report({ score: fitting + 150 }))).toEqual([
      `score: A GATE score of ${fitting + 150} does not fit 62.33 marks: 2025's qualifying mark (29.2) and top-0.1% mean (83.24) give ${fitting}.`,
    ]);
    // With the scorecard's own marks the score must be the formula's to the rounding.
    expect(messages(report({ marks: 62.33, score: fitting + 2 }))).toHaveLength(1);
    expect(messages(report({ marks: 62.33, score: fitting + 1 }))).toEqual([]);
    // Unpublished values: the score is not checked against the formula.
    expect(messages(report({ score: fitting + 150 }), context({ topMean: undefined }))).toEqual([]);
    expect(messages(report({ score: 1001 }))).toEqual(['score: A GATE score is a whole number up to 1000.']);
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
