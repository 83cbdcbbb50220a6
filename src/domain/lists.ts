/**
 * The element at `index` of a list the caller has already bounded (a binary search, a loop to the length, a fixture of
 * known size): an index outside it is a bug, reported as such rather than read as `undefined` and carried on as NaN.
 */
export function itemAt<T>(values: ArrayLike<T>, index: number): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`Index ${index} is outside a list of ${values.length}.`);
  return value;
}
