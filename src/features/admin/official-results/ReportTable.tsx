import { dateTimeText } from '../../../domain/dates';
import {
  ACTION_LABELS,
  FLAG_LABELS,
  FLAG_TONES,
  MODERATION_WORDS,
  REPORTER_KINDS,
  REPORTER_LABELS,
  STATE_LABELS,
  STATE_TONES,
  actionOf,
  departsFor,
  deviationText,
  forecastRangeText,
  marksText,
  provenanceText,
  rankText,
  reportName,
  sharedDigests,
  sourceText,
  weightText,
  type ModerationAction,
  type ReviewPaper,
  type ReviewRow,
} from './review-text';

interface ReportTableProps {
  /** The reports shown (filtered). */
  rows: ReviewRow[];
  /** Every report of the year: a digest is shared when two of them carry it, shown or not. */
  all: ReviewRow[];
  papers: ReviewPaper[];
  /** The report whose quarantine or restore is on its way. */
  busyId: string | null;
  onModerate: (row: ReviewRow, action: ModerationAction) => void;
}

const COLUMNS = 8;

/**
 * One table body per report: its row, then its moderation log across the columns. Where the panel is narrow
 * (official-results.css) each body is a card and each cell names its column.
 */
export function ReportTable({ rows, all, papers, busyId, onModerate }: ReportTableProps) {
  const isShared = sharedDigests(all);
  return (
    <table className="official-results__table">
      <caption className="visually-hidden">Official results, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Official AIR</th>
          <th scope="col">Forecast</th>
          <th scope="col">Origin</th>
          <th scope="col">Plausibility</th>
          <th scope="col">Flags</th>
          <th scope="col">State and weight</th>
          <th scope="col">Reporter</th>
          <th scope="col">
            <span className="visually-hidden">Moderation</span>
          </th>
        </tr>
      </thead>
      {rows.map((row) => {
        const action = actionOf(row);
        return (
          <tbody key={row.resultId} className="official-report" data-result-id={row.resultId} data-state={row.state}>
            <tr>
              <th scope="row" className="official-report__air" data-label="Official AIR">
                <span className="official-report__rank">AIR {rankText(row.actual.rank)}</span>
                <span className="official-report__meta">
                  <span className="official-report__keep">Score {row.actual.score}</span>
                  {/* Marks come with a scorecard PDF; a typed report has none. */}
                  {row.actual.marks !== null && (
                    <>
                      {' · '}
                      <span className="official-report__keep">Marks {marksText(row.actual.marks)}</span>
                    </>
                  )}
                </span>
                <span className="official-report__meta">
                  {row.testPaper} · <span className="official-report__keep">{dateTimeText(row.reportedAt)}</span>
                </span>
              </th>
              <td data-label="Forecast">
                AIR {rankText(row.forecast.rank)}
                <span className="official-report__meta">
                  Range <span className="official-report__keep">{forecastRangeText(row.forecast.rankRange)}</span>
                </span>
              </td>
              <td data-label="Origin">
                {provenanceText(row)}
                <span className="official-report__meta">{sourceText(row)}</span>
              </td>
              <td data-label="Plausibility" className="official-report__plausibility">
                {deviationText(row.deviation, departsFor(papers, row.testPaper))}
              </td>
              <td data-label="Flags">
                {row.flags.length === 0 ? (
                  <span className="official-report__none">None</span>
                ) : (
                  <ul className="official-report__flags">
                    {row.flags.map((flag) => (
                      <li key={flag} className={`admin-tag admin-tag--${FLAG_TONES[flag]}`}>
                        {FLAG_LABELS[flag]}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td data-label="State">
                <span className={`admin-tag admin-tag--${STATE_TONES[row.state]}`}>{STATE_LABELS[row.state]}</span>
                <span className="official-report__meta">Weight {weightText(row.weight)}</span>
              </td>
              <td data-label="Reporter">
                {row.reporter ? (
                  <ul className="official-report__reporter">
                    {REPORTER_KINDS.map((kind) => {
                      const digest = row.reporter![kind];
                      const shared = isShared(kind, digest);
                      return (
                        <li key={kind} className={shared ? 'official-report__digest--shared' : undefined}>
                          {REPORTER_LABELS[kind]} <code>{digest}</code>
                          {shared && <span className="visually-hidden"> (another report has it too)</span>}
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <span className="official-report__none">Not recorded</span>
                )}
              </td>
              <td className="official-report__action">
                <button
                  type="button"
                  className={`button${action === 'restore' ? ' button--primary' : ''}`}
                  aria-label={`${ACTION_LABELS[action]} ${reportName(row)}`}
                  disabled={busyId === row.resultId}
                  onClick={() => onModerate(row, action)}
                >
                  {ACTION_LABELS[action]}
                </button>
              </td>
            </tr>
            {row.moderation.length > 0 && (
              <tr className="official-report__log-row">
                <td colSpan={COLUMNS}>
                  <ol className="official-report__log" aria-label={`Moderation log of ${reportName(row)}`}>
                    {row.moderation.map((entry) => (
                      <li key={`${entry.at}-${entry.action}`}>
                        <strong>{MODERATION_WORDS[entry.action]}</strong> {dateTimeText(entry.at)} by admin{' '}
                        <code>{entry.by}</code>: “{entry.reason}”
                      </li>
                    ))}
                  </ol>
                </td>
              </tr>
            )}
          </tbody>
        );
      })}
    </table>
  );
}
