import { describe, expect, it } from 'vitest';
import { officialResultsText } from './official-results-text';

describe("the dashboard's line on official results", () => {
  it('says how many came in and how the predictions did', () => {
    expect(officialResultsText({ reports: 3, medianRatioError: 1.274, insideRange: 2 / 3 })).toBe(
      'Official results added by candidates: 3. Predicted ranks were off by a median factor of 1.27; 2 of 3 AIRs (67%) fell inside the predicted range.',
    );
    expect(officialResultsText({ reports: 1, medianRatioError: 1, insideRange: 1 })).toBe(
      'Official results added by candidates: 1. Predicted ranks were off by a median factor of 1.00; 1 of 1 AIR (100%) fell inside the predicted range.',
    );
  });

  it('says none came in before the first', () => {
    expect(officialResultsText({ reports: 0, medianRatioError: null, insideRange: null })).toBe(
      'Official results added by candidates: none yet.',
    );
  });
});
