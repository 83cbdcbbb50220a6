import { describe, expect, it } from 'vitest';
import { GATE_RESULTS_DAYS, resultsAreOut, resultsDayOf } from './results-day';

describe("a year's GATE results day", () => {
  it('is the scheduled day where one is listed, each with its source', () => {
    expect(resultsDayOf(2026)).toEqual({ day: '2026-03-19', scheduled: true });
    for (const { day, source } of Object.values(GATE_RESULTS_DAYS)) {
      expect(day).toMatch(/^\d{4}-03-\d{2}$/);
      expect(source).toMatch(/^https:\/\//);
    }
  });

  it('is guessed as the earliest listed day of March for a year not listed yet', () => {
    expect(resultsDayOf(2027)).toEqual({ day: '2027-03-16', scheduled: false });
  });

  it('starts at midnight in India, 18:30 UTC the evening before', () => {
    expect(resultsAreOut(2026, new Date('2026-03-18T18:29:59Z'))).toBe(false);
    expect(resultsAreOut(2026, new Date('2026-03-18T18:30:00Z'))).toBe(true);
    expect(resultsAreOut(2026, new Date('2026-11-27T12:00:00Z'))).toBe(true);
    expect(resultsAreOut(2027, new Date('2026-11-27T12:00:00Z'))).toBe(false);
  });
});
