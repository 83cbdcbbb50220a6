import {
  classifyKeyChange,
  readableKey,
  type KeyDocumentVersion,
  type KeyRowReading,
  type KeysByLongId,
  type OfficialKeyReading,
} from '../../../domain/gate';
import type { AdminQuestion } from '../admin-api';
import { dayText } from '../../../domain/dates';

/**
 * What each official key row does to the paper, as the preview lists it: Flagged (a disagreement to check), Changes
 * (the question's key becomes another), New (the question had no key), Unchanged (the same answers as now).
 */
export type RowStatus = 'flagged' | 'changes' | 'new' | 'unchanged';

export const STATUS_TEXT: Record<RowStatus, string> = {
  flagged: 'Flagged',
  changes: 'Changes',
  new: 'New',
  unchanged: 'Unchanged',
};

/** The order of the list: what needs a look first. */
const STATUS_ORDER: RowStatus[] = ['flagged', 'changes', 'new', 'unchanged'];

export interface PreviewLine {
  id: string;
  status: RowStatus;
  /** The paper's question the row names: 'Q5 · MCQ' ('Q66' for one the paper does not have, '—' when unreadable). */
  question: string;
  longId?: string;
  /** The row as printed, or 'none' for a question the key has no row for. */
  printed: string;
  /** The key as a person reads it: 'B → D' when the row changes it, else what the question's key is then; '—' none. */
  key: string;
  problems: string[];
}

const questionText = (shortId: string | number | undefined, type: string | undefined) =>
  type ? `Q${shortId ?? '?'} · ${type}` : `Q${shortId ?? '?'}`;

function rowLine(row: KeyRowReading, index: number, keys: KeysByLongId, current: Map<string, AdminQuestion>) {
  const { question } = row;
  const base = { id: `row-${index}`, printed: row.line, problems: row.problems };
  const named = question ? questionText(question.short_id, question.type) : row.master ? `Q${row.master}` : '—';
  if (!question || keys[question.long_id] !== row.key || row.flags.includes('repeated')) {
    return { ...base, status: 'flagged' as const, question: named, longId: question?.long_id, key: '—' };
  }
  const before = current.get(question.long_id)?.answerKey?.trim() || undefined;
  const after = row.key;
  const change = classifyKeyChange(question.type, before, after);
  const readable = (key: string | undefined) => readableKey(question.type, key);
  const status: RowStatus = row.problems.length ? 'flagged' : !before ? 'new' : change ? 'changes' : 'unchanged';
  return {
    ...base,
    status,
    question: named,
    longId: question.long_id,
    key: before && change ? `${readable(before)} → ${readable(after)}` : readable(after),
  };
}

/** A question of the paper the key has no row for: it keeps the key it has. */
function missingLine(question: AdminQuestion): PreviewLine {
  const { type } = question;
  return {
    id: `missing-${question.long_id}`,
    status: 'flagged',
    question: questionText(question.short_id, type),
    longId: question.long_id,
    printed: 'none',
    key: question.answerKey ? readableKey(type, question.answerKey) : '—',
    problems: [`The key has no row for Q${question.short_id}; its answer stays as it is.`],
  };
}

/** Every row read beside the question it names, and every question without a row; what needs a look first. */
export function previewLines(reading: OfficialKeyReading, questions: readonly AdminQuestion[]): PreviewLine[] {
  const current = new Map(questions.map((question) => [question.long_id, question]));
  const missing = new Set(reading.missing);
  const lines = [
    ...reading.rows.map((row, index) => rowLine(row, index, reading.keys, current)),
    ...questions.filter((question) => missing.has(question.short_id)).map(missingLine),
  ];
  // Array.prototype.sort is stable: within a status the key's own order stays.
  return lines.sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '65 keys, 2 flagged: 3 changes, 60 new, 0 unchanged' */
export function previewTally(lines: readonly PreviewLine[], keyCount: number): string {
  const count = (status: RowStatus) => lines.filter((line) => line.status === status).length;
  return (
    `${plural(keyCount, 'key', 'keys')}, ${count('flagged')} flagged: ` +
    `${plural(count('changes'), 'change', 'changes')}, ${count('new')} new, ${count('unchanged')} unchanged`
  );
}

/** What the document says of itself, as the preview tells it: 'The document calls itself the final key, dated 10 Mar 2025.' */
export function documentVersionText({ status, date }: KeyDocumentVersion): string | null {
  if (!status && !date) return null;
  const what = status ? `the ${status} key` : 'a key';
  return `The document calls itself ${what}${date ? `, dated ${dayText(date)}` : ''}.`;
}
