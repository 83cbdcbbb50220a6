/**
 * A weighted mixture of normals: the crowd's answer, one normal (in ln share) per hypothesis of how the crowd leans.
 * A mixture over β is skewed — β cannot go below 0 nor above 0.9, and two β's that fit the crowd can put the same
 * marks ×2 apart — so its median and percentiles, not a normal fitted to its mean and spread, say where the rank lies.
 */
export interface MixtureComponent {
  /** Weights are relative: they need not sum to 1. */
  weight: number;
  mean: number;
  sd: number;
}

/** The mixture's mean and standard deviation (between and within the components). */
export function mixtureMoments(components: readonly MixtureComponent[]): { mean: number; sd: number } {
  let total = 0;
  let sum = 0;
  let squares = 0;
  for (const { weight, mean, sd } of components) {
    total += weight;
    sum += weight * mean;
    squares += weight * (sd ** 2 + mean ** 2);
  }
  const mean = sum / total;
  return { mean, sd: Math.sqrt(Math.max(0, squares / total - mean ** 2)) };
}

/** Answers within this much of the true quantile (ln share: a thousandth of the rank) are final. */
const QUANTILE_TOLERANCE = 1e-3;
const MAX_STEPS = 60;
/** A component farther than this many sds from x counts as wholly below or above it. */
const NEGLIGIBLE_Z = 8;

/**
 * The x below which the mixture holds `probability`: Newton's method from the quantile of the normal with the
 * mixture's moments, kept inside a bracket that halves whenever a step would leave it (a mixture can be bimodal, where
 * Newton alone overshoots).
 */
export function mixtureQuantile(components: readonly MixtureComponent[], probability: number): number {
  const { mean, sd } = mixtureMoments(components);
  let total = 0;
  let low = Infinity;
  let high = -Infinity;
  for (const c of components) {
    total += c.weight;
    low = Math.min(low, c.mean - NEGLIGIBLE_Z * c.sd);
    high = Math.max(high, c.mean + NEGLIGIBLE_Z * c.sd);
  }
  let x = Math.min(high, Math.max(low, mean + normalQuantile(probability) * sd));
  for (let step = 0; step < MAX_STEPS; step++) {
    const { below, density } = mixtureAt(components, x);
    const excess = below / total - probability;
    if (excess < 0) low = x;
    else high = x;
    const newton = x - (excess * total) / density;
    const next = density > 0 && newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - x) < QUANTILE_TOLERANCE) return next;
    x = next;
  }
  return x;
}

/** The mixture's weight below x and its density at x (both unnormalised). */
function mixtureAt(components: readonly MixtureComponent[], x: number): { below: number; density: number } {
  let below = 0;
  let density = 0;
  for (const { weight, mean, sd } of components) {
    const z = (x - mean) / sd;
    if (z > NEGLIGIBLE_Z) below += weight;
    else if (z > -NEGLIGIBLE_Z) {
      const gaussian = Math.exp(-(z * z) / 2);
      below += weight * normalCdfFromGaussian(z, gaussian);
      density += (weight * gaussian) / (sd * Math.sqrt(2 * Math.PI));
    }
  }
  return { below, density };
}

/**
 * Φ(z) given e^(−z²/2) (Abramowitz and Stegun 26.2.17, error below 7.5·10⁻⁸): the density is needed beside it, and the
 * exponential is the costly part.
 */
function normalCdfFromGaussian(z: number, gaussian: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const polynomial = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const upperTail = (gaussian / Math.sqrt(2 * Math.PI)) * polynomial;
  return z >= 0 ? 1 - upperTail : upperTail;
}

/**
 * Φ⁻¹(p) to about 4.5·10⁻⁴ (Abramowitz and Stegun 26.2.23): only the starting point of the search, which refines it.
 */
function normalQuantile(probability: number): number {
  const p = Math.min(1 - 1e-12, Math.max(1e-12, probability));
  const tail = Math.min(p, 1 - p);
  const t = Math.sqrt(-2 * Math.log(tail));
  const z = t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  return p < 0.5 ? -z : z;
}
