import { describe, expect, it } from 'vitest';
import { binomialUpperTail, holmSignificant, hypergeometricUpperTail } from './binomial';

describe('the rule’s tests', () => {
  it('gives the binomial tail exactly, and stays finite for a crowd of thousands', () => {
    expect(binomialUpperTail(16, 18, 0.5)).toBeCloseTo((1 + 18 + 153) / 2 ** 18, 15);
    expect(binomialUpperTail(0, 10, 0.5)).toBe(1);
    expect(binomialUpperTail(1500, 2000, 0.5)).toBeGreaterThan(0);
    expect(binomialUpperTail(1000, 2000, 0.5)).toBeCloseTo(0.5089, 4);
  });

  it("gives Fisher's exact one-sided tail", () => {
    // 3 of the 4 successes among 4 draws from 8: (C(4,3)·C(4,1) + C(4,4)·C(4,0)) / C(8,4) = 17 / 70.
    expect(hypergeometricUpperTail(3, 8, 4, 4)).toBeCloseTo(17 / 70, 12);
    expect(hypergeometricUpperTail(0, 8, 4, 4)).toBeCloseTo(1, 12);
  });

  it("holds the smallest p-value to α / m and steps down, per Holm's correction", () => {
    expect(holmSignificant([0.01, 0.04, 0.03, 0.2], 0.05)).toEqual([true, false, false, false]);
    expect(holmSignificant([0.01, 0.015, 0.024, 0.2], 0.05)).toEqual([true, true, true, false]);
  });
});
