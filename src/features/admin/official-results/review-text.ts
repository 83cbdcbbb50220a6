import type { OfficialResultReviewAnswer, OfficialResultReviewRow } from '../../../contract';
import { PROVENANCE_LABELS } from '../../../domain/gate/result-provenance';
import type { ReportFlag } from '../../../domain/gate/rank/official-results/report-consensus';
import type { ReportStanding } from '../../../domain/gate/rank/official-results/report-standing';
import { GATE_RESULTS_DAYS } from '../../../domain/gate/rank/official-results/results-day';
import { plural } from '../../../domain/words';

/** The Official results panel in words: each column's text, the per-paper summary, the filters and the year choice. */

export type ReviewRow = OfficialResultReviewRow;
export type ReviewPaper = OfficialResultReviewAnswer['papers'][number];
export type ModerationAction = ReviewRow['moderation'][number]['action'];

/** A report's state in a table cell (STANDING_WORDS are the candidate's sentences). */
export const STATE_LABELS: Record<ReportStanding, string> = {
  counted: 'Counted',
  waiting: 'Waiting',
  review: 'For review',
  own: 'Owner only',
  quarantined: 'Quarantined',
};

/** A tag's colour (admin.css's admin-tag--…, and official-results.css's held). */
export type TagTone = 'ok' | 'muted' | 'pending' | 'uploaded' | 'held';

/** Counted green, waiting grey, for review amber, owner only violet (an upload), quarantined red. */
export const STATE_TONES: Record<ReportStanding, TagTone> = {
  counted: 'ok',
  waiting: 'muted',
  review: 'pending',
  own: 'uploaded',
  quarantined: 'held',
};

export const FLAG_LABELS: Record<ReportFlag, string> = {
  uploaded: 'Uploaded page',
  quarantined: 'Quarantined',
  'shared-reporter': 'Shared reporter',
  'far-from-consensus': 'Far from consensus',
};

export const FLAG_TONES: Record<ReportFlag, TagTone> = {
  uploaded: 'uploaded',
  quarantined: 'held',
  'shared-reporter': 'pending',
  'far-from-consensus': 'pending',
};

export const MODERATION_WORDS: Record<ModerationAction, string> = {
  quarantine: 'Quarantined',
  restore: 'Restored',
};

/** The button of a row: what it does to the report. */
export const actionOf = (row: Pick<ReviewRow, 'state'>): ModerationAction =>
  row.state === 'quarantined' ? 'restore' : 'quarantine';

export const ACTION_LABELS: Record<ModerationAction, string> = { quarantine: 'Quarantine', restore: 'Restore' };

/** An AIR as Indian readers write it: 1,23,456. */
export const rankText = (rank: number): string => rank.toLocaleString('en-IN');

/** Marks to two decimals at most ('58.67', '62'), or a dash when the scorecard's marks were not given. */
export const marksText = (marks: number | null): string =>
  marks === null ? '—' : String(Math.round(marks * 100) / 100);

/** 'AIR 1,234', and the forecast's range '980–1,600'. */
export const forecastRangeText = ([best, worst]: readonly [number, number]): string =>
  `${rankText(best)}–${rankText(worst)}`;

export const provenanceText = (row: Pick<ReviewRow, 'provenance'>): string => PROVENANCE_LABELS[row.provenance];

/** Typed in the form, read from the scorecard PDF, or read from it and matched to the result. */
export function sourceText({ source, documentChecked }: Pick<ReviewRow, 'source' | 'documentChecked'>): string {
  if (source === 'typed') return 'Typed';
  return documentChecked ? 'PDF, document-checked' : 'PDF';
}

/** Closer than this many spreads reads as on the consensus. */
const ON_IT = 0.05;

/**
 * How far the AIR sits from what others near its marks reported, in their spread: '2.3 spreads worse than the
 * consensus'. Before a paper has enough reporters (`departs` false) the measure is the earlier years' forecast, in
 * its uncertainty, and the words say so.
 */
export function deviationText(deviation: number, departs: boolean): string {
  const against = departs ? 'the consensus' : 'the forecast';
  if (Math.abs(deviation) < ON_IT) return `On ${against}`;
  const size = Math.abs(deviation).toFixed(1);
  return `${size} ${plural(Number(size), 'spread')} ${deviation > 0 ? 'worse' : 'better'} than ${against}`;
}

/** Its weight in the fit, 0–1, as a percentage: '50%'. */
export const weightText = (weight: number): string => `${Math.round(weight * 100)}%`;

/** 'CS: 14 reports, 3 independent reporters — ranks still read from earlier years'. */
export function paperSummaryText({ paper, reports, independent, departs }: ReviewPaper): string {
  const read = departs ? 'ranks read from these reports' : 'ranks still read from earlier years';
  return (
    `${paper}: ${reports} ${plural(reports, 'report')}, ${independent} independent ` +
    `${plural(independent, 'reporter')} — ${read}`
  );
}

/** Whether the ranked paper (CS, DA) a test paper ('CS 1', 'DA') belongs to reads its ranks off the reports. */
export function departsFor(papers: readonly ReviewPaper[], testPaper: string): boolean {
  const ranked = testPaper.split(' ')[0];
  return papers.find((paper) => paper.paper === ranked)?.departs ?? false;
}

export type StateFilter = 'all' | ReportStanding;

/** The states an admin looks for first, then the rest. */
export const STATE_FILTERS: ReadonlyArray<{ value: StateFilter; label: string }> = [
  { value: 'all', label: 'All reports' },
  { value: 'review', label: 'For review' },
  { value: 'quarantined', label: 'Quarantined' },
  { value: 'own', label: 'Owner only' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'counted', label: 'Counted' },
];

/** Every paper ('CS 1' and 'CS 2' apart) the year's reports are of, in the order first met. */
export const testPapersOf = (rows: readonly ReviewRow[]): string[] => [...new Set(rows.map((row) => row.testPaper))];

export function filterRows(rows: readonly ReviewRow[], state: StateFilter, testPaper = 'all'): ReviewRow[] {
  return rows.filter(
    (row) => (state === 'all' || row.state === state) && (testPaper === 'all' || row.testPaper === testPaper),
  );
}

/** A filter's choice with how many reports it shows: 'For review (2)'. */
export function filterChoiceText(filter: { value: StateFilter; label: string }, rows: readonly ReviewRow[]): string {
  return `${filter.label} (${filterRows(rows, filter.value).length})`;
}

export const REPORTER_KINDS = ['address', 'device', 'network'] as const;
export type ReporterKind = (typeof REPORTER_KINDS)[number];
export const REPORTER_LABELS: Record<ReporterKind, string> = {
  address: 'Address',
  device: 'Device',
  network: 'Network',
};

const digestKey = (kind: ReporterKind, digest: string) => `${kind}:${digest}`;

/**
 * The reporter digests that more than one report of the list carries: one person (or one device or network) behind
 * several reports. `isShared(kind, digest)` asks of one.
 */
export function sharedDigests(rows: readonly ReviewRow[]): (kind: ReporterKind, digest: string) => boolean {
  const seen = new Map<string, number>();
  for (const { reporter } of rows) {
    if (!reporter) continue;
    for (const kind of REPORTER_KINDS) {
      const key = digestKey(kind, reporter[kind]);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  return (kind, digest) => (seen.get(digestKey(kind, digest)) ?? 0) > 1;
}

/** The report as a dialog or a toast names it: 'AIR 1,234 (CS 1)'. */
export const reportName = (row: Pick<ReviewRow, 'actual' | 'testPaper'>): string =>
  `AIR ${rankText(row.actual.rank)} (${row.testPaper})`;

/** What the toast says once the server did it, with the report's state after it. */
export function moderatedText(action: ModerationAction, after: Pick<ReviewRow, 'actual' | 'testPaper' | 'state'>) {
  return action === 'quarantine'
    ? `Quarantined the report of ${reportName(after)}: it counts in no candidate's predicted rank now.`
    : `Restored the report of ${reportName(after)}. Its state now: ${STATE_LABELS[after.state]}.`;
}

export const moderationFailedText = (action: ModerationAction): string =>
  `The report could not be ${action === 'quarantine' ? 'quarantined' : 'restored'}. Check the connection and try again.`;

/** The current GATE year: the exam is in February, so this calendar year. */
export const gateYearOf = (now: Date): number => now.getFullYear();

/** The years the selector offers: this GATE year back to the first year whose results day is listed. */
export function yearChoices(now: Date): number[] {
  const first = Math.min(...Object.keys(GATE_RESULTS_DAYS).map(Number));
  const current = gateYearOf(now);
  const years: number[] = [];
  for (let year = current; year >= Math.min(first, current); year--) years.push(year);
  return years;
}
