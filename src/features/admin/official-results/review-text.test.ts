import { describe, expect, it } from 'vitest';
import { moderationReasonSchema } from './moderation-reason';
import {
  FLAG_LABELS,
  STATE_FILTERS,
  STATE_LABELS,
  actionOf,
  departsFor,
  deviationText,
  filterChoiceText,
  filterRows,
  forecastRangeText,
  gateYearOf,
  marksText,
  moderatedText,
  moderationFailedText,
  paperSummaryText,
  provenanceText,
  rankText,
  reportName,
  sharedDigests,
  sourceText,
  testPapersOf,
  weightText,
  yearChoices,
  type ReviewRow,
} from './review-text';

const row = (overrides: Partial<ReviewRow> = {}): ReviewRow => ({
  resultId: 'r1',
  paperId: 'CS1-2026',
  testPaper: 'CS 1',
  year: 2026,
  reportedAt: '2026-03-20T10:00:00.000Z',
  provenance: 'portal',
  source: 'typed',
  documentChecked: false,
  actual: { rank: 1500, score: 640, marks: null },
  forecast: { rank: 1400, rankRange: [900, 2600] },
  deviation: 0.4,
  weight: 0.5,
  flags: [],
  state: 'counted',
  reporter: { address: 'aaaa1111', device: 'dddd1111', network: 'nnnn1111' },
  moderation: [],
  ...overrides,
});

describe('the Official results panel in words', () => {
  it('writes ranks the Indian way, marks to two decimals and the forecast range', () => {
    expect(rankText(123456)).toBe('1,23,456');
    expect(marksText(58.666)).toBe('58.67');
    expect(marksText(62)).toBe('62');
    expect(marksText(null)).toBe('—');
    expect(forecastRangeText([980, 16000])).toBe('980–16,000');
  });

  it('names the provenance with the shared labels and the source with its check', () => {
    expect(provenanceText(row({ provenance: 'confirmed' }))).toBe('Confirmed');
    expect(provenanceText(row({ provenance: 'uploaded' }))).toBe('Uploaded');
    expect(sourceText(row({ source: 'typed' }))).toBe('Typed');
    expect(sourceText(row({ source: 'pdf' }))).toBe('PDF');
    expect(sourceText(row({ source: 'pdf', documentChecked: true }))).toBe('PDF, document-checked');
  });

  it('says how far from the consensus (or, before there is one, the forecast) a report is, + being worse', () => {
    expect(deviationText(2.34, true)).toBe('2.3 spreads worse than the consensus');
    expect(deviationText(-1.04, true)).toBe('1.0 spread better than the consensus');
    expect(deviationText(0.6, false)).toBe('0.6 spreads worse than the forecast');
    expect(deviationText(0.01, true)).toBe('On the consensus');
    expect(deviationText(-0.02, false)).toBe('On the forecast');
  });

  it('gives the weight as a percentage', () => {
    expect(weightText(0.5)).toBe('50%');
    expect(weightText(0.333)).toBe('33%');
    expect(weightText(0)).toBe('0%');
    expect(weightText(1)).toBe('100%');
  });

  it('sums up each paper: reports, independent reporters and where its ranks come from', () => {
    expect(paperSummaryText({ paper: 'CS', reports: 14, independent: 3, departs: false })).toBe(
      'CS: 14 reports, 3 independent reporters — ranks still read from earlier years',
    );
    expect(paperSummaryText({ paper: 'DA', reports: 1, independent: 1, departs: true })).toBe(
      'DA: 1 report, 1 independent reporter — ranks read from these reports',
    );
  });

  it("reads a test paper's consensus off its ranked paper (CS 1 and CS 2 are CS)", () => {
    const papers = [
      { paper: 'CS', reports: 12, independent: 11, departs: true },
      { paper: 'DA', reports: 2, independent: 2, departs: false },
    ];
    expect(departsFor(papers, 'CS 2')).toBe(true);
    expect(departsFor(papers, 'DA')).toBe(false);
    expect(departsFor(papers, 'EE')).toBe(false);
  });

  it('has a short label for every state and flag, and the action a state offers', () => {
    expect(Object.values(STATE_LABELS)).toEqual(['Counted', 'Waiting', 'For review', 'Owner only', 'Quarantined']);
    expect(FLAG_LABELS['far-from-consensus']).toBe('Far from consensus');
    expect(FLAG_LABELS['shared-reporter']).toBe('Shared reporter');
    expect(actionOf(row({ state: 'quarantined' }))).toBe('restore');
    expect(actionOf(row({ state: 'review' }))).toBe('quarantine');
    expect(actionOf(row({ state: 'own' }))).toBe('quarantine');
  });

  it('filters by state and paper, and counts each state filter', () => {
    const rows = [
      row({ resultId: 'a', state: 'review' }),
      row({ resultId: 'b', state: 'quarantined', testPaper: 'CS 2' }),
      row({ resultId: 'c', state: 'own' }),
      row({ resultId: 'd', state: 'counted', testPaper: 'CS 2' }),
    ];
    expect(filterRows(rows, 'all').map((r) => r.resultId)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterRows(rows, 'review').map((r) => r.resultId)).toEqual(['a']);
    expect(filterRows(rows, 'all', 'CS 2').map((r) => r.resultId)).toEqual(['b', 'd']);
    expect(filterRows(rows, 'own', 'CS 2')).toEqual([]);
    expect(STATE_FILTERS.map((filter) => filterChoiceText(filter, rows))).toEqual([
      'All reports (4)',
      'For review (1)',
      'Quarantined (1)',
      'Owner only (1)',
      'Waiting (0)',
      'Counted (1)',
    ]);
    expect(testPapersOf(rows)).toEqual(['CS 1', 'CS 2']);
  });

  it('finds the digests several reports share, whether on the address, the device or the network', () => {
    const isShared = sharedDigests([
      row({ reporter: { address: 'a1', device: 'd1', network: 'n1' } }),
      row({ reporter: { address: 'a2', device: 'd1', network: 'n2' } }),
      row({ reporter: { address: 'a3', device: 'd3', network: 'n2' } }),
      row({ reporter: null }),
    ]);
    expect(isShared('device', 'd1')).toBe(true);
    expect(isShared('network', 'n2')).toBe(true);
    expect(isShared('address', 'a1')).toBe(false);
    expect(isShared('network', 'n1')).toBe(false);
    // The same digest of another kind is another thing.
    expect(sharedDigests([row({ reporter: { address: 'x', device: 'y', network: 'z' } })])('device', 'x')).toBe(false);
  });

  it('names the report in the dialog and the toasts', () => {
    expect(reportName(row({ actual: { rank: 12345, score: 500, marks: null } }))).toBe('AIR 12,345 (CS 1)');
    expect(moderatedText('quarantine', row({ state: 'quarantined' }))).toBe(
      "Quarantined the report of AIR 1,500 (CS 1): it counts in no candidate's predicted rank now.",
    );
    expect(moderatedText('restore', row({ state: 'review' }))).toBe(
      'Restored the report of AIR 1,500 (CS 1). Its state now: For review.',
    );
    expect(moderationFailedText('restore')).toBe(
      'The report could not be restored. Check the connection and try again.',
    );
  });

  it('offers this GATE year first, back to the first year with a results day', () => {
    expect(gateYearOf(new Date(2026, 10, 28))).toBe(2026);
    expect(yearChoices(new Date(2026, 0, 5))).toEqual([2026, 2025, 2024]);
    expect(yearChoices(new Date(2028, 5, 1))).toEqual([2028, 2027, 2026, 2025, 2024]);
  });
});

describe('the reason of a quarantine or restore', () => {
  it('is required, trimmed and at most 500 characters', () => {
    expect(() => moderationReasonSchema.validateSync({ reason: '   ' })).toThrow(/Say why/);
    expect(() => moderationReasonSchema.validateSync({ reason: 'x'.repeat(501) })).toThrow(/500 characters/);
    expect(moderationReasonSchema.validateSync({ reason: '  AIR far off  ' })).toEqual({ reason: 'AIR far off' });
  });
});
