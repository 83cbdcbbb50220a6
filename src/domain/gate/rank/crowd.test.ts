import { describe, expect, it } from 'vitest';
import { expectedCrowdAbove, fieldRankOf, selectionLaw } from './crowd';

describe('selection law', () => {
  it.each([0, 0.1, 0.35, 0.6, 0.8, 0.9])('expects the whole crowd over the whole field at β = %s', (beta) => {
    const law = selectionLaw(beta, 2000, 115_425);
    expect(expectedCrowdAbove(law, 115_425)).toBeCloseTo(2000, 3);
  });

  it('leans harder on the top as β grows, and maps counts back onto the ranks they came from', () => {
    const mild = selectionLaw(0.1, 2000, 100_000);
    const strong = selectionLaw(0.8, 2000, 100_000);
    expect(expectedCrowdAbove(strong, 100)).toBeGreaterThan(expectedCrowdAbove(mild, 100));
    for (const rank of [5, 100, 5000, 60_000]) {
      expect(fieldRankOf(strong, expectedCrowdAbove(strong, rank))).toBeCloseTo(rank, 6);
    }
  });
});
