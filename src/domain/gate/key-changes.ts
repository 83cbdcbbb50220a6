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
  paperId: string;
  /** Grows with every applied key change of the paper. */
  version: number;
  /** 'provisional', 'final', or the administrator's own name for it. */
  label: string;
  /** ISO time the version was made. */
  at: string;
}

/** How a key version came about: an imported key, an administrator's answer edit, a dispute applied, or recorded as found. */
export type KeyVersionSource = 'import' | 'edit' | 'recorded' | 'dispute';

/** A key version as the admin lists it: how it came about, who made it, and how many keys it changed. */
export interface KeyVersionEntry extends KeyVersionStamp {
  source: KeyVersionSource;
  /** The administrator's e-mail. */
  by?: string;
  /** Questions whose key this version changed against the version before it. */
  changedQuestions: number;
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

/** How the stored results of a paper fare under one key version against another (each scored under both). */
export interface ResultsImpact {
  /** Stored results of the paper scored under both. */
  compared: number;
  changed: number;
  rose: number;
  fell: number;
  /** Mean change of the total over the results that changed (0 when none did). */
  meanChange: number;
  largestRise: number;
  largestFall: number;
  /** How many results moved by how much, largest fall first (unchanged results left out). */
  changes: Array<{ change: number; count: number }>;
}

export interface KeyVersionComparison {
  paperId: string;
  from: KeyVersionStamp;
  to: KeyVersionStamp;
  questions: QuestionKeyChange[];
  results: ResultsImpact;
}

/**
 * A total's move in thirds of a mark: GATE marks are whole thirds, while totals are rounded to two decimals, so
 * counting thirds keeps a move of 4/3 one move (not −1.33 here and −1.34 there).
 */
export const thirdsMoved = (before: number, after: number) => Math.round((after - before) * 3);

const inMarks = (thirds: number) => Math.round((thirds / 3) * 100) / 100;

/** The figures of a comparison from how many results moved by how many thirds. */
export function summariseImpact(compared: number, movesInThirds: ReadonlyMap<number, number>): ResultsImpact {
  const moves = [...movesInThirds].filter(([thirds]) => thirds !== 0).sort(([a], [b]) => a - b);
  const count = (keep: (thirds: number) => boolean) =>
    moves.filter(([thirds]) => keep(thirds)).reduce((sum, [, n]) => sum + n, 0);
  const changed = count(() => true);
  const sumOfThirds = moves.reduce((sum, [thirds, n]) => sum + thirds * n, 0);
  return {
    compared,
    changed,
    rose: count((thirds) => thirds > 0),
    fell: count((thirds) => thirds < 0),
    meanChange: changed ? Math.round((sumOfThirds / 3 / changed) * 100) / 100 : 0,
    largestRise: inMarks(Math.max(0, ...moves.map(([thirds]) => thirds))),
    largestFall: inMarks(Math.min(0, ...moves.map(([thirds]) => thirds))),
    changes: moves.map(([thirds, n]) => ({ change: inMarks(thirds), count: n })),
  };
}
