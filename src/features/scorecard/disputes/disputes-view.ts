import type { DisputeAnswer, DisputesAnswer } from '../../../contract';
import { dateTimeText, dayText } from '../../../domain/dates';
import { readableKey, thirdsMoved } from '../../../domain/gate';
import { namedSources } from '../../../domain/gate/catalogue/source-names';
import { plural } from '../../../domain/words';
import { marksText, signedMarksText } from '../breakdown/scorecard-view';

/**
 * The scorecard's "Disputed answers" part in words (docs/gate/disputes.md): what the strong candidates chose where the
 * provisional key disagrees, the candidate's own side, and what it rests on. No React here, so it is tested in node.
 */

const results = (count: number) => `${count} ${plural(count, 'result')}`;

/** Every text the part shows. */
export const DISPUTE_WORDS = {
  heading: 'Disputed answers',
  lead:
    'Where the strongest candidates who checked here agree on an answer the provisional key does not give. ' +
    'A dispute is evidence, not proof: the key may still be right, and only GATE decides.',
  none: (questions: number, trusted: number) =>
    `The strong candidates agree with the provisional key on every question tested: ${questions} ` +
    `${plural(questions, 'question')}, from ${results(trusted)} fetched from the GATE portal.`,
  key: 'Provisional key',
  strongChose: 'Strong candidates chose',
  share: (answer: string, chose: number, answered: number, share: number) =>
    `${answer} — ${chose} of ${answered} strong candidates who answered (${Math.round(share * 100)}%)`,
  yours: 'Your answer',
  notAnswered: 'Not answered',
  ifMoved: (answer: string) => `Your total if the key moved to ${answer}`,
  total: (total: string, change: string | null) => `${total} out of 100${change ? ` (${change})` : ''}`,
  unchanged: 'unchanged',
  who: (trusted: number) =>
    'Strong candidates: for each question, the best third (at least 20) by marks on the other questions, among ' +
    `the ${results(trusted)} fetched from the GATE portal or confirmed by it. Uploaded pages are not counted.`,
  notCounted: 'Your own result is an uploaded page, so it is not among them.',
  found: (at: string) => `Worked out ${dateTimeText(at)}.`,
  asOf: (at: number) =>
    `As of ${dateTimeText(at)}: what this device was shown when it last reached the server, which it cannot now.`,
  window: {
    closed: (closes: string) => `GATE's challenge window closed on ${dayText(closes)}`,
    comes: (opens: string, closes: string) =>
      `GATE's challenge window opens on ${dayText(opens)} and closes on ${dayText(closes)}`,
    open: (opens: string, closes: string) =>
      `GATE's challenge window opened on ${dayText(opens)} and closes on ${dayText(closes)}`,
    closes: (closes: string) => `GATE's challenge window closes on ${dayText(closes)}`,
    source: (dates: string, source: string) => `${dates} (source: ${namedSources(source)}).`,
  },
} as const;

export interface DisputeFact {
  term: string;
  value: string;
}

export interface DisputeRow {
  questionId: string;
  /** 'Q15', or 'B · Q15' on a paper with parts. */
  question: string;
  facts: DisputeFact[];
}

export interface DisputesView {
  /** When the answer came from the device, not the server: 'As of …'. */
  asOf: string | null;
  rows: DisputeRow[];
  /** With no dispute, the one line that says so. */
  none: string | null;
  /** The challenge window, when the catalogue knows it. */
  window: string | null;
  /** Who the strong candidates are, what it rests on, and when it was worked out. */
  notes: string[];
}

/** The device's calendar day, 'YYYY-MM-DD', as the catalogue writes the window's days. */
function localDay(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The window's days as they stand today: a day-long window closes at the end of its last day. */
export function windowText(window: DisputesAnswer['challengeWindow'], now: Date): string | null {
  if (!window) return null;
  const today = localDay(now);
  const { opens, closes, source } = window;
  const words = DISPUTE_WORDS.window;
  const dates =
    today > closes
      ? words.closed(closes)
      : !opens
        ? words.closes(closes)
        : today < opens
          ? words.comes(opens, closes)
          : words.open(opens, closes);
  return words.source(dates, source);
}

/** A candidate's own answer as the Question Breakdown writes a response: 'B', 'A, C', '7.8'. */
export function ownAnswerText(type: DisputeAnswer['type'], answer: string | null): string {
  if (answer === null || !answer.trim()) return DISPUTE_WORDS.notAnswered;
  return type === 'MSQ' ? answer.trim().split(',').join(', ') : answer.trim();
}

/** The total were the key moved, with its difference from the total now ('+1⅓', 'unchanged') when that is known. */
function ifMovedText(ifMoved: number, now: number | undefined): string {
  const moved = now === undefined ? null : thirdsMoved(now, ifMoved) / 3;
  const change = moved === null ? null : moved === 0 ? DISPUTE_WORDS.unchanged : signedMarksText(moved);
  return DISPUTE_WORDS.total(marksText(ifMoved), change);
}

function rowOf(dispute: DisputeAnswer, total: number | undefined): DisputeRow {
  const { number, section, type, key, answer, share, counts, yours } = dispute;
  const strongAnswer = readableKey(type, answer);
  const facts: DisputeFact[] = [
    { term: DISPUTE_WORDS.key, value: readableKey(type, key) },
    {
      term: DISPUTE_WORDS.strongChose,
      value: DISPUTE_WORDS.share(strongAnswer, counts.choseAnswer, counts.answered, share),
    },
  ];
  if (yours) {
    facts.push(
      { term: DISPUTE_WORDS.yours, value: ownAnswerText(type, yours.answer) },
      { term: DISPUTE_WORDS.ifMoved(strongAnswer), value: ifMovedText(yours.total, total) },
    );
  }
  return { questionId: dispute.questionId, question: section ? `${section} · Q${number}` : `Q${number}`, facts };
}

/**
 * What the part shows for a scorecard's disputes, or null when it shows nothing: only a 'listed' answer (enough
 * trusted results, before the final key) has a part. `keptAt` is set when the answer was kept on the device.
 */
export function disputesView(
  answer: DisputesAnswer,
  { keptAt = null, now = new Date() }: { keptAt?: number | null; now?: Date } = {},
): DisputesView | null {
  if (answer.state !== 'listed') return null;
  const rows = answer.disputes.map((dispute) => rowOf(dispute, answer.total));
  return {
    asOf: keptAt === null ? null : DISPUTE_WORDS.asOf(keptAt),
    rows,
    none: rows.length === 0 ? DISPUTE_WORDS.none(answer.questionsTested, answer.trustedResults) : null,
    window: windowText(answer.challengeWindow, now),
    notes: [
      DISPUTE_WORDS.who(answer.trustedResults),
      ...(answer.counted === false ? [DISPUTE_WORDS.notCounted] : []),
      DISPUTE_WORDS.found(answer.foundAt),
    ],
  };
}
