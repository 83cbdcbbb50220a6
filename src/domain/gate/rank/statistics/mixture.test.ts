import { describe, expect, it } from 'vitest';
import type { MixtureComponent } from './mixture';
import { mixtureMoments, mixtureQuantile } from './mixture';
import { RANGE_TAIL, RANGE_Z } from './statistics';

describe('normal mixture', () => {
  it('is a normal when it has one component: its median the mean, its 10th and 90th percentiles ±RANGE_Z sds', () => {
    const normal = [{ weight: 3, mean: -4, sd: 0.5 }];
    expect(mixtureQuantile(normal, 0.5)).toBeCloseTo(-4, 3);
    expect(mixtureQuantile(normal, RANGE_TAIL)).toBeCloseTo(-4 - RANGE_Z * 0.5, 3);
    expect(mixtureQuantile(normal, 1 - RANGE_TAIL)).toBeCloseTo(-4 + RANGE_Z * 0.5, 3);
  });

  it('keeps a symmetric mixture’s median at its centre, however far apart its components', () => {
    const twoModes = [
      { weight: 1, mean: -2, sd: 0.3 },
      { weight: 1, mean: 2, sd: 0.3 },
      { weight: 2, mean: 0, sd: 3 },
    ];
    expect(mixtureQuantile(twoModes, 0.5)).toBeCloseTo(0, 3);
  });

  it('puts a skewed mixture’s median nearer its heavy side than its mean is, and its range wider on the long side', () => {
    const skewed: MixtureComponent[] = [
      { weight: 0.8, mean: 0, sd: 0.3 },
      { weight: 0.2, mean: 3, sd: 0.5 },
    ];
    const median = mixtureQuantile(skewed, 0.5);
    expect(median).toBeLessThan(mixtureMoments(skewed).mean);
    expect(median).toBeGreaterThan(0);
    const below = median - mixtureQuantile(skewed, RANGE_TAIL);
    const above = mixtureQuantile(skewed, 1 - RANGE_TAIL) - median;
    expect(above).toBeGreaterThan(2 * below);
  });

  it('orders its quantiles as their probabilities, and holds the share asked below each', () => {
    const mixture = [
      { weight: 0.5, mean: -6, sd: 1 },
      { weight: 0.3, mean: -3, sd: 0.2 },
      { weight: 0.2, mean: -1, sd: 2 },
    ];
    const probabilities = [0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99];
    const quantiles = probabilities.map((p) => mixtureQuantile(mixture, p));
    quantiles.slice(1).forEach((q, i) => expect(q).toBeGreaterThan(quantiles[i] ?? Infinity));
    // The share below a quantile, by a fine sum over the mixture's density.
    const shareBelow = (x: number) => {
      let share = 0;
      for (let t = -20; t < x; t += 1e-3) {
        share += mixture.reduce((d, c) => d + (c.weight * Math.exp(-(((t - c.mean) / c.sd) ** 2) / 2)) / c.sd, 0);
      }
      return (share * 1e-3) / Math.sqrt(2 * Math.PI);
    };
    quantiles.forEach((q, i) => expect(shareBelow(q)).toBeCloseTo(probabilities[i] ?? NaN, 2));
  });

  it('adds the spread within the components to the spread between them', () => {
    const { mean, sd } = mixtureMoments([
      { weight: 1, mean: 1, sd: 1 },
      { weight: 1, mean: 3, sd: 1 },
    ]);
    expect(mean).toBeCloseTo(2, 12);
    expect(sd).toBeCloseTo(Math.sqrt(2), 12);
  });
});
