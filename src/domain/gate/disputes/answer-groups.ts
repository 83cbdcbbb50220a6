import { isNumberText } from '../keys';
import type { QuestionType } from '../types';

/** How close two NAT answers outside the key must be to count as one answer: the larger of the two bounds. */
export interface NatAgreement {
  absolute: number;
  relative: number;
}

/** One answer other than the key's, as a key would give it, and which responses it holds. */
export interface OtherAnswer {
  /** In key form: 'D', 'A;C', '4.1' or '4.1:4.14' (the span of the strong candidates' agreeing values). */
  key: string;
  holds: (response: string) => boolean;
}

/**
 * The answer other than the key's that most of `responses` (MASTER form, none of them the key's) give, with how many
 * give it; null for none. MCQ and MSQ: the same letters. NAT: the typed value whose neighbourhood (within the
 * agreement) holds the most answers, and those answers; a tie goes to the lower value, so the result is the same
 * whatever the order of the responses.
 */
export function commonestOtherAnswer(
  type: QuestionType,
  responses: readonly string[],
  agreement: NatAgreement,
): { answer: OtherAnswer; count: number } | null {
  if (responses.length === 0) return null;
  if (type !== 'NAT') return commonestText(responses, (text) => text.split(',').join(';'));
  const values = responses
    .filter(isNumberText)
    .map(Number)
    .sort((a, b) => a - b);
  if (values.length === 0) return commonestText(responses, (text) => text);
  let best = { centre: values[0]!, count: 0 };
  for (const centre of new Set(values)) {
    const count = values.filter((value) => agrees(value, centre, agreement)).length;
    if (count > best.count) best = { centre, count };
  }
  const members = values.filter((value) => agrees(value, best.centre, agreement));
  const [low, high] = [members[0]!, members[members.length - 1]!];
  return {
    answer: {
      key: low === high ? String(low) : `${low}:${high}`,
      holds: (response) => isNumberText(response) && agrees(Number(response), best.centre, agreement),
    },
    count: best.count,
  };
}

function agrees(value: number, centre: number, { absolute, relative }: NatAgreement): boolean {
  return Math.abs(value - centre) <= Math.max(absolute, relative * Math.abs(centre));
}

function commonestText(
  responses: readonly string[],
  keyOf: (text: string) => string,
): { answer: OtherAnswer; count: number } {
  const counts = new Map<string, number>();
  for (const response of responses) counts.set(response, (counts.get(response) ?? 0) + 1);
  const [text, count] = [...counts].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))[0]!;
  return { answer: { key: keyOf(text), holds: (response) => response === text }, count };
}
