/**
 * A noun after a count: '1 result', '3 results', '1 question is'. One place, so no screen writes '1 results' again.
 * `many` defaults to `one` + 's'; give it for the others ('question is' / 'questions are').
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
