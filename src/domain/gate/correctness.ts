import { NAT_TOLERANCE, parseKey, type KeyAlternative, type ParsedKey } from './keys';
import { NO_RESPONSE, type QuestionType } from './types';

/** Comparing decimals typed by people: 2.96 is within 0.01 of 2.95 although the float difference is 0.0100000…2. */
const FLOAT_SLACK = 1e-9;

/** A response is attempted when it carries a value: not ' -- ', not '--', not empty. The status text is not asked. */
export function isAttempted(response: string | null | undefined): response is string {
  return typeof response === 'string' && response.trim() !== '' && !/^-+$/.test(response.trim());
}

/**
 * Whether a response (MASTER letters joined by ',' or a typed number) matches a key. The scorecard icon and the marks
 * both come from here. MCQ: the letter equals the key; MSQ: the same set; NAT: within NAT_TOLERANCE of a single key
 * or inside a range (either order). MTA matches everything.
 */
export function responseMatchesKey(type: QuestionType, response: string, key: ParsedKey): boolean {
  if (key.kind === 'MTA') return true;
  return key.alternatives.some((alternative) => matchesAlternative(type, response, alternative));
}

function matchesAlternative(type: QuestionType, response: string, alternative: KeyAlternative): boolean {
  if (alternative.kind === 'letters') {
    const chosen = new Set(response.split(',').map((letter) => letter.trim().toUpperCase()));
    if (type === 'MCQ') return chosen.size === 1 && alternative.letters.some((letter) => chosen.has(letter));
    return chosen.size === alternative.letters.length && alternative.letters.every((letter) => chosen.has(letter));
  }
  const value = Number(response.trim());
  if (response.trim() === '' || !Number.isFinite(value)) return false;
  if (alternative.kind === 'number') return Math.abs(value - alternative.value) <= NAT_TOLERANCE + FLOAT_SLACK;
  return value >= alternative.low - FLOAT_SLACK && value <= alternative.high + FLOAT_SLACK;
}

/** The fields of a scorecard question the icon rule reads. */
export interface IconQuestion {
  type: string;
  status?: string;
  response_given?: string | null;
  answerKey?: string | null;
}

const STATUSES_WITHOUT_ICON = new Set(['not answered', 'not attempted and marked for review']);

/**
 * The scorecard's correctness icon: true ✔, false ✗, null no icon. No icon without a key, for the statuses
 * Not Answered and Not Attempted and Marked For Review, or when the response is ' -- '.
 */
export function isCorrect(question: IconQuestion): boolean | null {
  const key = question.answerKey?.trim();
  if (!key) return null;
  if (STATUSES_WITHOUT_ICON.has((question.status ?? '').trim().toLowerCase())) return null;
  const response = question.response_given ?? NO_RESPONSE;
  if (!isAttempted(response)) return null;
  if (question.type !== 'MCQ' && question.type !== 'MSQ' && question.type !== 'NAT') return null;
  let parsed: ParsedKey;
  try {
    parsed = parseKey(key, question.type);
  } catch {
    return null;
  }
  return responseMatchesKey(question.type, response, parsed);
}
