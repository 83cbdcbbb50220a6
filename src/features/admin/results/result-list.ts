import type { ResultAnswer } from '../../../contract';
import { PROVENANCE_LABELS } from '../../../domain/gate/result-provenance';

/** Searching, sorting and exporting the admin result list on the View Results screen. */

export type AdminResult = ResultAnswer;

export const SORT_OPTIONS = [
  { value: 'createdAt', label: 'Date Created' },
  { value: 'finalMarks', label: 'Final Marks' },
  { value: 'set', label: 'Exam Set' },
  { value: 'candidateId', label: 'Candidate ID' },
  { value: 'email', label: 'Email' },
  { value: 'name', label: 'Name' },
] as const;

export type ResultSortKey = (typeof SORT_OPTIONS)[number]['value'];

/** Case-insensitive substring over email, set (the test paper and the paper's name), name and candidate id. */
export function searchResults(results: readonly AdminResult[], query: string): AdminResult[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...results];
  return results.filter((result) =>
    [result.email, result.set, result.paper, result.name, result.candidateId].some((field) =>
      (field ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** Every order is descending: newest first, highest marks first, text in reverse alphabetical order. */
export function sortResults(results: readonly AdminResult[], key: ResultSortKey): AdminResult[] {
  const descending = (a: AdminResult, b: AdminResult): number => {
    switch (key) {
      case 'createdAt':
        return Date.parse(b.createdAt) - Date.parse(a.createdAt);
      case 'finalMarks':
        return (b.finalMarks ?? 0) - (a.finalMarks ?? 0);
      default:
        return (b[key] ?? '').localeCompare(a[key] ?? '', undefined, { sensitivity: 'base' });
    }
  };
  return [...results].sort(descending);
}

type CsvValue = string | number | boolean | null | undefined;

const CSV_COLUMNS: Array<[string, (result: AdminResult) => CsvValue]> = [
  ['Candidate ID', (r) => r.candidateId],
  ['Candidate Name', (r) => r.name],
  ['Email', (r) => r.email],
  ['Exam Set', (r) => r.set],
  ['Total Marks', (r) => r.totalMarks],
  ['Positive Marks', (r) => r.finalMarks],
  ['Negative Marks', (r) => r.negativeMarks],
  ['Attempts', (r) => r.attempts],
  ['Verified', (r) => (r.isVerified ? 'Verified' : 'Pending')],
  ['Uploaded', (r) => (r.uploaded ? 'Yes' : 'No')],
  ['Provenance', (r) => PROVENANCE_LABELS[r.provenance]],
  ['Date Created', (r) => r.createdAt],
];

/** RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet never runs a candidate's name as a formula. */
function csvCell(value: CsvValue): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function resultsToCsv(results: readonly AdminResult[]): string {
  const header = CSV_COLUMNS.map(([title]) => csvCell(title)).join(',');
  const rows = results.map((result) => CSV_COLUMNS.map(([, read]) => csvCell(read(result))).join(','));
  return [header, ...rows].join('\r\n') + '\r\n';
}
