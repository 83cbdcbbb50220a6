import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCredentials } from '../../../lib/admin-session';
import { ApiError } from '../../../lib/api';
import { SAYS_OFFLINE_ITSELF } from '../../../lib/query';
import { moderateOfficialResult } from '../admin-api';
import { OFFICIAL_RESULTS_KEY, officialResultsReviewQuery } from '../admin-queries';
import { adminToast } from '../admin-toast';
import { QuestionSkeleton } from '../questions/QuestionSkeleton';
import { ModerationDialog } from './ModerationDialog';
import { ReportTable } from './ReportTable';
import {
  STATE_FILTERS,
  filterChoiceText,
  filterRows,
  gateYearOf,
  moderatedText,
  moderationFailedText,
  paperSummaryText,
  testPapersOf,
  yearChoices,
  type ModerationAction,
  type ReviewRow,
  type StateFilter,
} from './review-text';
import './official-results.css';

export const OFFICIAL_RESULTS_LOAD_FAILED_MESSAGE = 'The official results could not be loaded.';

interface Moderating {
  row: ReviewRow;
  action: ModerationAction;
}

/**
 * Official results: every result candidates added for a GATE year, with its plausibility, weight, flags, state,
 * reporter and moderation log; each paper's consensus above them. Quarantine (or Restore) asks for a reason, then
 * the list is read again, since one report held out moves the others' standing too.
 */
export function OfficialResultsPanel({ credentials }: { credentials: AdminCredentials }) {
  const yearId = useId();
  const stateId = useId();
  const paperId = useId();
  const [year, setYear] = useState(() => gateYearOf(new Date()));
  const [state, setState] = useState<StateFilter>('all');
  const [testPaper, setTestPaper] = useState('all');
  const [moderating, setModerating] = useState<Moderating | null>(null);
  const queryClient = useQueryClient();
  const review = useQuery(officialResultsReviewQuery(credentials, year));
  const rows = useMemo(() => review.data?.reports ?? [], [review.data]);
  const papers = testPapersOf(rows);
  const shown = useMemo(() => filterRows(rows, state, testPaper), [rows, state, testPaper]);

  const moderation = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: ({ row, action, reason }: Moderating & { reason: string }) =>
      moderateOfficialResult(credentials, row.resultId, action, reason),
    onSuccess: ({ report }, { action }) => {
      adminToast.success(moderatedText(action, report));
      setModerating(null);
      // The row at once, then the whole year again: the others' weights and flags follow the fit.
      queryClient.setQueryData(
        officialResultsReviewQuery(credentials, report.year).queryKey,
        (answer) =>
          answer && {
            ...answer,
            reports: answer.reports.map((row) => (row.resultId === report.resultId ? report : row)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: OFFICIAL_RESULTS_KEY });
    },
    onError: (error, { action }) =>
      adminToast.error((error instanceof ApiError && error.message) || moderationFailedText(action)),
  });

  return (
    <section className="admin-panel official-results" aria-labelledby="official-results-heading">
      <h1 id="official-results-heading">Official results</h1>
      <p className="official-results__intro">
        The All India Ranks candidates added after GATE's results, each beside the forecast it was measured against.
        Quarantine holds a report out of every candidate's predicted rank; Restore lets it count again.
      </p>
      <div className="official-results__tools">
        <div className="admin-field">
          <label htmlFor={yearId}>GATE year</label>
          <select id={yearId} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {yearChoices(new Date()).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={stateId}>Show</label>
          <select id={stateId} value={state} onChange={(event) => setState(event.target.value as StateFilter)}>
            {STATE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filterChoiceText(filter, rows)}
              </option>
            ))}
          </select>
        </div>
        {papers.length > 1 && (
          <div className="admin-field">
            <label htmlFor={paperId}>Paper</label>
            <select id={paperId} value={testPaper} onChange={(event) => setTestPaper(event.target.value)}>
              <option value="all">All papers</option>
              {papers.map((paper) => (
                <option key={paper} value={paper}>
                  {paper}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {review.isPending && <QuestionSkeleton />}
      {review.isError && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>
            {OFFICIAL_RESULTS_LOAD_FAILED_MESSAGE} {review.error.message || 'Check the connection and try again.'}
          </p>
          <button type="button" className="button" onClick={() => void review.refetch()}>
            Try again
          </button>
        </div>
      )}
      {review.isSuccess && (
        <>
          {review.data.papers.length > 0 && (
            <ul className="official-results__papers" aria-label="Each paper's consensus">
              {review.data.papers.map((paper) => (
                <li key={paper.paper} className={paper.departs ? 'official-results__paper--departs' : undefined}>
                  {paperSummaryText(paper)}
                </li>
              ))}
            </ul>
          )}
          <p className="official-results__count" role="status">
            {rows.length === 0
              ? `No official results were added for GATE ${year}.`
              : `Showing ${shown.length} of ${rows.length} reports for GATE ${year}.`}
          </p>
          {shown.length > 0 && (
            <ReportTable
              rows={shown}
              all={rows}
              papers={review.data.papers}
              busyId={moderation.isPending ? moderation.variables.row.resultId : null}
              onModerate={(row, action) => setModerating({ row, action })}
            />
          )}
        </>
      )}
      <ModerationDialog
        target={moderating}
        busy={moderation.isPending}
        onClose={() => setModerating(null)}
        onSubmit={(reason) => moderating && moderation.mutate({ ...moderating, reason })}
      />
    </section>
  );
}
