import { itemAt } from '../../lists';

export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Population standard deviation, as the official mean + SD statistic uses the whole field. */
export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

export function meanPlusSd(values: readonly number[]): number {
  return mean(values) + standardDeviation(values);
}

/** Mean of the best `share` of the values, never fewer than `minimum` of them (nor more than there are). */
export function topMean(values: readonly number[], share: number, minimum: number): number {
  const sorted = [...values].sort((a, b) => b - a);
  const count = Math.min(sorted.length, Math.max(minimum, Math.ceil(share * sorted.length)));
  return mean(sorted.slice(0, count));
}

/** Official qualifying marks are truncated, not rounded, to one decimal (2/3 × 27.6 = 18.4). */
export function truncateToOneDecimal(value: number): number {
  return Math.floor(value * 10 + 1e-9) / 10;
}

/** How many values are strictly greater than `value`, in a list sorted in descending order: O(log n). */
export function countAbove(sortedDescending: readonly number[], value: number): number {
  let low = 0;
  let high = sortedDescending.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (itemAt(sortedDescending, middle) > value) low = middle + 1;
    else high = middle;
  }
  return low;
}
