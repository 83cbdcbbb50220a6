import { describe, expect, it } from 'vitest';
import { expectedCrowdAbove, fieldRankOf, leanStrength, selectionLaw } from './lean';
import { binnedCrowd, marksReader } from './readers';
import { rankedMarks, sortedMarks } from './sorted-marks';

describe('selection law', () => {
  it.each([0, 0.1, 0.35, 0.6, 0.8, 0.9])('expects the whole crowd over the whole field at β = %s', (beta) => {
    const law = selectionLaw({ beta }, 2000, 115_425);
    expect(expectedCrowdAbove(law, 115_425)).toBeCloseTo(2000, 3);
  });

  it('leans harder on the top as β grows, and maps counts back onto the ranks they came from', () => {
    const mild = selectionLaw({ beta: 0.1 }, 2000, 100_000);
    const strong = selectionLaw({ beta: 0.8 }, 2000, 100_000);
    expect(expectedCrowdAbove(strong, 100)).toBeGreaterThan(expectedCrowdAbove(mild, 100));
    for (const rank of [5, 100, 5000, 60_000]) {
      expect(fieldRankOf(strong, expectedCrowdAbove(strong, rank))).toBeCloseTo(rank, 6);
    }
  });
});

describe('lean shapes', () => {
  it('measures a lean’s strength as a β: a power’s own, a drop to a floor by ln(1 / floor) / ln 50', () => {
    expect(leanStrength({ beta: 0.35 })).toBeCloseTo(0.35, 10);
    // A drop between the top 1% and the median: the median checks a tenth as often.
    expect(leanStrength({ beta: 0, knee: 0.04, floor: 0.1 })).toBeCloseTo(Math.log(10) / Math.log(50), 10);
  });

  it('expects fewer of the crowd below a drop than a power law alone would', () => {
    const plain = selectionLaw({ beta: 0.2 }, 2000, 100_000);
    const dropping = selectionLaw({ beta: 0.2, knee: 0.04, floor: 0.1 }, 2000, 100_000);
    // The same crowd, but most of it above the drop: more of it among the best 4,000.
    expect(expectedCrowdAbove(dropping, 4000)).toBeGreaterThan(2 * expectedCrowdAbove(plain, 4000));
    expect(expectedCrowdAbove(dropping, 100_000)).toBeCloseTo(2000, 3);
  });
});

describe('reading a crowd along a lean measured in marks', () => {
  it('ranks a fair crowd as its share of the field, and down-weighs those likelier to check', () => {
    const marks = Array.from({ length: 1000 }, (_, i) => Math.round((20 + (60 * i) / 999) * 3) / 3);
    const crowd = rankedMarks([{ marks: sortedMarks(marks), normalise: (m: number) => m }]);
    const binned = binnedCrowd(crowd);
    const flat = { xs: [-30, 0, 30], lnLeans: [0, 0, 0], strength: 0 };
    const fair = marksReader(binned, flat, 0, 30, 100_000);
    const above = crowd.countAbove(65);
    expect(Math.exp(fair.read(65, above + 0.5).logShare)).toBeCloseTo((above + 0.5) / 1000, 2);
    // Those 20 marks above the qualifying mark or more checked e² times as often: they stand for fewer candidates.
    const leaning = marksReader(binned, { ...flat, lnLeans: [0, 0, 2] }, 0, 30, 100_000);
    expect(leaning.read(65, above + 0.5).logShare).toBeLessThan(fair.read(65, above + 0.5).logShare - 1);
  });
});
