import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { resultsQuery } from '../admin-queries';
import type { AdminCredentials } from '../../../lib/admin-session';
import { QuestionSkeleton } from '../questions/QuestionSkeleton';
import {
  SORT_OPTIONS,
  resultsToCsv,
  searchResults,
  sortResults,
  type AdminResult,
  type ResultSortKey,
} from './result-list';
import { ViewScorecardButton } from './ViewScorecardButton';
import { RevokeAccessButton } from './RevokeAccessButton';
import { dateTimeText } from '../../../domain/dates';
import { PROVENANCE_LABELS, type ResultProvenance } from '../../../domain/gate/result-provenance';

export const RESULTS_LOAD_FAILED_MESSAGE = 'Failed to load results. Please try again later.';

/** View Results: search, Sort By (all descending), expandable rows and a CSV export of what is shown. */
export function ResultsPanel({ credentials }: { credentials: AdminCredentials }) {
  const searchId = useId();
  const sortId = useId();
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState<ResultSortKey>('createdAt');
  const results = useQuery(resultsQuery(credentials));
  const shown = useMemo(
    () => sortResults(searchResults(results.data ?? [], query), sortKey),
    [results.data, query, sortKey],
  );

  return (
    <section className="admin-panel" aria-labelledby="results-heading">
      <h1 id="results-heading">View Results</h1>
      <p className="admin-results__total">
        Total results present: <strong data-testid="results-total">{results.data?.length ?? 0}</strong>
      </p>
      <div className="admin-results__tools">
        <div className="admin-field">
          <label htmlFor={searchId}>Search by email, name, candidate ID, or paper set</label>
          <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor={sortId}>Sort By</label>
          <select id={sortId} value={sortKey} onChange={(event) => setSortKey(event.target.value as ResultSortKey)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={shown.length === 0} onClick={() => downloadCsv(shown)}>
          Export CSV
        </button>
      </div>
      {results.isPending && <QuestionSkeleton />}
      {results.isError && (
        <p className="admin-alert admin-alert--error" role="alert">
          {RESULTS_LOAD_FAILED_MESSAGE}
        </p>
      )}
      {results.isSuccess && shown.length === 0 && (
        <p className="admin-alert admin-alert--info" role="status">
          No results found
        </p>
      )}
      <ul className="admin-results" aria-label="Results">
        {shown.map((result) => (
          <li key={result._id}>
            <ResultRow result={result} credentials={credentials} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An uploaded page stands out (anyone can edit one); what the portal gave or confirmed does not. */
const PROVENANCE_TAGS: Record<ResultProvenance, string> = {
  portal: 'admin-tag--muted',
  uploaded: 'admin-tag--uploaded',
  confirmed: 'admin-tag--muted',
};

function ResultRow({ result, credentials }: { result: AdminResult; credentials: AdminCredentials }) {
  return (
    <details className="admin-result" data-candidate-id={result.candidateId}>
      <summary className="admin-result__summary">
        <span className="admin-result__candidate">{result.candidateId || 'N/A'}</span>
        <span className="admin-result__name">{result.name || 'N/A'}</span>
        <span className="admin-result__set">{result.paper ?? result.set}</span>
        <span className="admin-result__score">Score {result.totalMarks}</span>
        <span className={`admin-tag ${result.isVerified ? 'admin-tag--ok' : 'admin-tag--pending'}`}>
          {result.isVerified ? 'Verified' : 'Pending'}
        </span>
        <span className={`admin-tag ${PROVENANCE_TAGS[result.provenance]}`}>
          {PROVENANCE_LABELS[result.provenance]}
        </span>
      </summary>
      <dl className="admin-result__details">
        <Detail term="Candidate ID" value={result.candidateId} />
        <Detail term="Email" value={result.email} />
        <Detail term="Candidate Name" value={result.name} />
        <Detail term="Total Marks" value={result.totalMarks} />
        <Detail term="Attempts" value={result.attempts} />
        <Detail term="Negative Marks" value={result.negativeMarks} />
        <Detail term="Positive Marks" value={result.finalMarks} />
        <Detail term="Date" value={dateTimeText(result.createdAt)} />
      </dl>
      <div className="admin-result__actions">
        <ViewScorecardButton result={result} credentials={credentials} />
        {result.email && <RevokeAccessButton email={result.email} credentials={credentials} />}
      </div>
    </details>
  );
}

function Detail({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value === undefined || value === null || value === '' ? 'N/A' : String(value)}</dd>
    </div>
  );
}

function downloadCsv(results: AdminResult[]): void {
  const url = URL.createObjectURL(new Blob([resultsToCsv(results)], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `results-${new Date().toISOString().slice(0, 10)}.csv`;
  anchor.click();
  URL.revokeObjectURL(url);
}
