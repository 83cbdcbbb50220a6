import { parseKey, type KeyAlternative, type KeysByLongId, type ParsedKey } from './keys';
import { NOT_EVALUATED, type ScorecardQuestion } from './score';
import type { QuestionType } from './types';

/**
 * What changed between two versions of a paper's answer key, question by question, in words a candidate and an
 * administrator both read: the admin's version comparison, the score-change e-mail and the refreshed scorecard all
 * describe a change with these functions.
 */

/** A version of a paper's key as a scorecard names it: "Final key, 24 Nov 2026 10:00". */
export interface KeyVersionStamp {
  paperSet: string;
  /** Grows with every applied key change of the paper. */
  version: number;
  /** 'provisional', 'final', or the administrator's own name for it. */
  label: string;
  /** ISO time the version was made. */
  at: string;
}

const LABEL_NAMES: Record<string, string> = { provisional: 'Provisional key', final: 'Final key' };

/** 'final' → 'Final key'; an administrator's own label as they typed it. */
export function keyVersionName(label: string): string {
  return LABEL_NAMES[label.trim().toLowerCase()] ?? label.trim();
}

export type KeyChangeKind =
  'key-added' | 'key-removed' | 'answer-changed' | 'answer-added' | 'marks-to-all' | 'range-widened' | 'range-narrowed';

export interface KeyChange {
  kind: KeyChangeKind;
  before: string | null;
  after: string | null;
  /** The change in words: "Answer changed from B to C", "Marks to all", "Range widened from 7.78 to 7.88 to 7.7 to 7.9". */
  text: string;
}

export interface QuestionKeyChange extends KeyChange {
  long_id: string;
  short_id: string;
  type: QuestionType;
}

function alternativeText(alternative: KeyAlternative): string {
  if (alternative.kind === 'letters') return alternative.letters.join(', ');
  if (alternative.kind === 'number') return String(alternative.value);
  return `${alternative.low} to ${alternative.high}`;
}

function parsedOrNull(type: QuestionType, key: string | null | undefined): ParsedKey | null {
  if (!key?.trim()) return null;
  try {
    return parseKey(key, type);
  } catch {
    return null;
  }
}

/** A key as a candidate reads it: 'B', 'A, C', '7.78 to 7.88', 'A or C', 'Marks to all (MTA)'; '--' without one. */
export function readableKey(type: QuestionType, key: string | null | undefined): string {
  if (!key?.trim()) return '--';
  const parsed = parsedOrNull(type, key);
  if (!parsed) return key.trim();
  if (parsed.kind === 'MTA') return 'Marks to all (MTA)';
  return parsed.alternatives.map(alternativeText).join(' or ');
}

/** A NAT alternative as the closed interval it accepts (a single number accepts ± the NAT tolerance, same for both). */
const intervalOf = (alternative: KeyAlternative): [number, number] | null =>
  alternative.kind === 'range'
    ? [alternative.low, alternative.high]
    : alternative.kind === 'number'
      ? [alternative.value, alternative.value]
      : null;

/** Every answer `inner` accepts, `outer` accepts too (intervals inside intervals, letter sets among letter sets). */
function accepts(outer: KeyAlternative[], inner: KeyAlternative[]): boolean {
  return inner.every((wanted) => {
    const interval = intervalOf(wanted);
    return outer.some((offered) => {
      if (wanted.kind === 'letters' || offered.kind === 'letters') {
        return (
          wanted.kind === 'letters' && offered.kind === 'letters' && offered.letters.join() === wanted.letters.join()
        );
      }
      const around = intervalOf(offered);
      return interval !== null && around !== null && around[0] <= interval[0] && interval[1] <= around[1];
    });
  });
}

/** How a question's key changed between two versions; null when it did not (the same answers accepted). */
export function classifyKeyChange(
  type: QuestionType,
  before: string | null | undefined,
  after: string | null | undefined,
): KeyChange | null {
  const [old, now] = [parsedOrNull(type, before), parsedOrNull(type, after)];
  const change = (kind: KeyChangeKind, text: string): KeyChange => ({
    kind,
    before: before?.trim() || null,
    after: after?.trim() || null,
    text,
  });
  const [was, is] = [readableKey(type, before), readableKey(type, after)];
  if (!old && !now) return null;
  if (!old) return change('key-added', `Key published: ${is}`);
  if (!now) return change('key-removed', `Key withdrawn (was ${was})`);
  if (old.kind === 'MTA' && now.kind === 'MTA') return null;
  if (now.kind === 'MTA') return change('marks-to-all', `Marks to all (the key was ${was})`);
  if (old.kind === 'MTA') return change('answer-changed', `Marks to all withdrawn: the key is now ${is}`);
  const widened = accepts(now.alternatives, old.alternatives);
  const narrowed = accepts(old.alternatives, now.alternatives);
  if (widened && narrowed) return null;
  const isNumeric = type === 'NAT';
  if (widened) {
    return isNumeric
      ? change('range-widened', `Range widened from ${was} to ${is}`)
      : change('answer-added', `Now also accepted: ${is} (was ${was})`);
  }
  if (narrowed && isNumeric) return change('range-narrowed', `Range narrowed from ${was} to ${is}`);
  return change('answer-changed', `Answer changed from ${was} to ${is}`);
}

/** The questions whose key differs between two versions, in the paper's order. */
export function diffKeys(
  questions: readonly { long_id: string; short_id: string | number; type: QuestionType }[],
  before: KeysByLongId,
  after: KeysByLongId,
): QuestionKeyChange[] {
  return [...questions]
    .sort((a, b) => Number(a.short_id) - Number(b.short_id))
    .flatMap((question) => {
      const change = classifyKeyChange(question.type, before[question.long_id], after[question.long_id]);
      return change
        ? [{ long_id: question.long_id, short_id: String(question.short_id), type: question.type, ...change }]
        : [];
    });
}

/** A question whose marks changed for one candidate, and why. */
export interface ChangedQuestion extends QuestionKeyChange {
  marksBefore: number | typeof NOT_EVALUATED;
  marksAfter: number | typeof NOT_EVALUATED;
}

/**
 * The questions of one scorecard whose key or marks differ between an earlier scoring and a later one (both from
 * the engine, so marks are exact thirds): what a candidate is told changed, in the paper's order.
 */
export function changedQuestions(
  before: readonly ScorecardQuestion[],
  after: readonly ScorecardQuestion[],
): ChangedQuestion[] {
  const earlier = new Map(before.map((question) => [question.long_id, question]));
  return after.flatMap((question) => {
    const old = earlier.get(question.long_id);
    if (!old) return [];
    const change = classifyKeyChange(question.type, old.answerKey, question.answerKey);
    if (!change && old.obtained_marks === question.obtained_marks) return [];
    return [
      {
        long_id: question.long_id,
        short_id: question.short_id,
        type: question.type,
        ...(change ?? {
          kind: 'answer-changed' as const,
          before: old.answerKey,
          after: question.answerKey,
          text: 'Marked again',
        }),
        marksBefore: old.obtained_marks,
        marksAfter: question.obtained_marks,
      },
    ];
  });
}
