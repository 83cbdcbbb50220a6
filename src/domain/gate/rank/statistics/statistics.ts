export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Official qualifying marks are truncated, not rounded, to one decimal (2/3 × 27.6 = 18.4). */
export function truncateToOneDecimal(value: number): number {
  return Math.floor(value * 10 + 1e-9) / 10;
}

/** The range is about an 80% band: this share of the answer's distribution lies beyond either end. */
export const RANGE_TAIL = 0.1;
/** The same band of a normal: this many standard deviations either side (its 90% quantile). */
export const RANGE_Z = 1.2816;
/** Student's t 90% quantile (one-sided) by degrees of freedom; beyond the table, the normal's. */
const T_90 = [Infinity, 3.078, 1.886, 1.638, 1.533, 1.476, 1.44, 1.415, 1.397, 1.383, 1.372];

/**
 * The standard deviation to expect for one more year, from the values of a few years: the sample spread (n − 1),
 * ×√(1 + 1/n) for a new value rather than the mean, and Student's t instead of the normal's quantile because a
 * handful of years estimate it. Expressed as a normal sd so that ±RANGE_Z of it is the 80% band. 0 for one value.
 */
export function oneMoreYearSd(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const average = mean(values);
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - average) ** 2, 0) / (n - 1));
  const t = T_90[n - 1] ?? RANGE_Z;
  return (sd * Math.sqrt(1 + 1 / n) * t) / RANGE_Z;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
