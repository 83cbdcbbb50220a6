import { itemAt } from '../../../lists';

/**
 * A session's stored marks in ascending order, with the statistics the normalisation needs. The API keeps each
 * session's marks sorted (its in-memory snapshot), so an ascending list is used as it is: one pass checks the order
 * and takes the mean and SD, and nothing is copied or sorted. Any other list is sorted on a copy first.
 */
export interface SortedMarks {
  ascending: readonly number[];
  mean: number;
  /** Population standard deviation, as the official mean + SD statistic uses the whole field. */
  sd: number;
}

export function sortedMarks(values: readonly number[]): SortedMarks {
  const asGiven = readAscending(values);
  if (asGiven) return asGiven;
  // A typed array sorts numbers without a comparator (a million in tens of milliseconds).
  const sorted = readAscending(Array.from(Float64Array.from(values).sort()));
  if (!sorted) throw new RangeError('Marks must be numbers.');
  return sorted;
}

/**
 * Mean and SD in one pass, or undefined as soon as a value is below the one before it. Sums are taken about the
 * first value, so that marks far from 0 lose no precision to the subtraction.
 */
function readAscending(values: readonly number[]): SortedMarks | undefined {
  const origin = values[0] ?? 0;
  let sum = 0;
  let squares = 0;
  let previous = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = itemAt(values, i);
    if (!(value >= previous)) return undefined;
    previous = value;
    const offset = value - origin;
    sum += offset;
    squares += offset * offset;
  }
  const count = Math.max(1, values.length);
  const meanOffset = sum / count;
  return {
    ascending: values,
    mean: origin + meanOffset,
    sd: Math.sqrt(Math.max(0, squares / count - meanOffset ** 2)),
  };
}

/** The mean of the best `count` values of an ascending list: the last ones, O(count). */
export function topMeanOf(ascending: readonly number[], count: number): number {
  let sum = 0;
  for (let i = ascending.length - count; i < ascending.length; i++) sum += itemAt(ascending, i);
  return sum / count;
}

/**
 * The stored results of a paper as one ranked list, read off each session's ascending marks through that session's
 * normalisation (an increasing map): counts and order statistics by binary search, so a question costs O(log n)
 * whatever the number of results, and the pooled list is never built.
 */
export interface RankedMarks {
  size: number;
  /** How many results have marks strictly above `marks`. */
  countAbove(marks: number): number;
  /** The marks of the result at `index` (0: the best). */
  marksAt(index: number): number;
  /** Mean of the best `count` results (O(count)). */
  topMean(count: number): number;
  /** The marks of the best `count` results, best first (O(count)). */
  best(count: number): number[];
}

export interface RankedSession {
  marks: SortedMarks;
  /** Raw marks → the marks the results are ranked on; must never decrease. */
  normalise: (raw: number) => number;
}

export function rankedMarks(sessions: readonly RankedSession[]): RankedMarks {
  const lists = sessions.map(({ marks, normalise }) => ({ ascending: marks.ascending, normalise }));
  const size = lists.reduce((n, l) => n + l.ascending.length, 0);
  const countWhere = (keep: (m: number) => boolean) =>
    lists.reduce(
      (n, l) =>
        n + l.ascending.length - firstIndex(l.ascending.length, (i) => keep(l.normalise(itemAt(l.ascending, i)))),
      0,
    );
  const countAbove = (marks: number) => countWhere((m) => m > marks);
  const countAtLeast = (marks: number) => countWhere((m) => m >= marks);
  const bestFirst = (count: number) => {
    // A merge from the top of every list: each list's best not yet taken, normalised once.
    const heads = lists.map((l) => ({ ...l, next: l.ascending.length - 1, value: -Infinity }));
    const read = (head: (typeof heads)[number]) => {
      head.value = head.next >= 0 ? head.normalise(itemAt(head.ascending, head.next)) : -Infinity;
    };
    heads.forEach(read);
    const taken: number[] = [];
    while (taken.length < count) {
      const top = heads.reduce((a, b) => (b.value > a.value ? b : a));
      if (top.value === -Infinity) throw new RangeError(`Only ${taken.length} results, not ${count}.`);
      taken.push(top.value);
      top.next -= 1;
      read(top);
    }
    return taken;
  };
  return {
    size,
    countAbove,
    marksAt(index) {
      if (!(index >= 0 && index < size)) throw new RangeError(`No result at ${index} of ${size}.`);
      // The index-th best is the highest mark that at least index + 1 results reach; each session offers its best
      // such mark, found by binary search over its own marks from the top down.
      let best = -Infinity;
      for (const { ascending, normalise } of lists) {
        const fromTop = (j: number) => normalise(itemAt(ascending, ascending.length - 1 - j));
        const j = firstIndex(ascending.length, (k) => countAtLeast(fromTop(k)) > index);
        if (j < ascending.length) best = Math.max(best, fromTop(j));
      }
      return best;
    },
    topMean(count) {
      return bestFirst(count).reduce((sum, m) => sum + m, 0) / count;
    },
    best: bestFirst,
  };
}

/** The first index in [0, length) where `holds` is true, given it is false and then true; `length` if never. */
function firstIndex(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
