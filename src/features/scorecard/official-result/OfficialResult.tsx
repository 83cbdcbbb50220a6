import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { pdfTextPages } from '../../../lib/pdf-text';
import { withQueryClient } from '../../../lib/query';
import { Spinner, TextField } from '../../../lib/ui/FormFields';
import { useSchemaForm } from '../../../lib/ui/use-schema-form';
import { readOfficialScorecard } from '../../../domain/gate/rank/official-results/official-scorecard';
import { officialResultSchema } from '../../../domain/validation/official-result';
import {
  addOfficialResult,
  officialResultStatusQuery,
  type OfficialResultEntry,
  type OfficialResultReport,
} from './official-result-api';
import { comparisonRows, entryOfScorecard, opensOnText, standingLines, verdictText } from './official-result-view';
import './official-result.css';

/**
 * After GATE's results: the candidate's official result beside the prediction (docs/official-results.md). Loaded
 * once the scorecard has painted, and shown only on a device that verified an address for the result.
 */

const ADD_FAILED = 'The official result could not be added. Please try again.';

function problemText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) {
    return 'Your device is offline: add your official result when you are back online.';
  }
  return (error instanceof ApiError && error.message) || (error instanceof Error && error.message) || ADD_FAILED;
}

function PredictedVsActual({ report }: { report: OfficialResultReport }) {
  return (
    <section className="scorecard__card official-result" aria-label="Predicted vs actual">
      <h2>Predicted vs actual</h2>
      <table className="summary-table official-result__table">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Predicted</th>
            <th scope="col">Official</th>
          </tr>
        </thead>
        <tbody>
          {comparisonRows(report).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.predicted}</td>
              <td>{row.actual}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="official-result__verdict">{verdictText(report)}</p>
      {standingLines(report).map((line) => (
        <p key={line} className="official-result__standing">
          {line}
        </p>
      ))}
    </section>
  );
}

function OfficialResultForm({ resultId, onAdded }: { resultId: string; onAdded: (r: OfficialResultReport) => void }) {
  const fileId = useId();
  const form = useSchemaForm(officialResultSchema, { rank: '', score: '', consent: 'false' });
  // What a dropped scorecard PDF gave beyond the two fields; typing over a field makes the result typed again.
  const [fromPdf, setFromPdf] = useState<OfficialResultEntry | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (entry: OfficialResultEntry) => addOfficialResult(resultId, entry),
    onSuccess: ({ report }) => onAdded(report),
  });

  const typed = (name: 'rank' | 'score') => ({
    ...form.field(name),
    onValueChange: (value: string) => {
      setFromPdf(null);
      form.setField(name, value);
    },
  });

  async function readPdf(file: File) {
    setReading('Reading your scorecard…');
    try {
      const read = readOfficialScorecard(await pdfTextPages(await file.arrayBuffer()));
      if (!read.ok) return setReading(read.message);
      const { fields, entry } = entryOfScorecard(read.scorecard);
      form.setFields(fields);
      setFromPdf(entry);
      setReading('Read from your scorecard: check the two figures, then add them.');
    } catch (error) {
      setReading(problemText(error));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    const typedEntry = { rank: Number(form.values.rank), score: Number(form.values.score), source: 'typed' as const };
    add.mutate(fromPdf ?? typedEntry);
  }

  const consentError = form.visibleError('consent');
  return (
    <section className="scorecard__card official-result" aria-label="Add your official result">
      <h2>Add your official result</h2>
      <p className="official-result__hint">
        GATE results are out? Add your All India Rank and GATE score to see how the prediction did.
      </p>
      <form noValidate onSubmit={submit} className="official-result__form">
        <div className="official-result__fields">
          <TextField label="All India Rank (AIR)" inputMode="numeric" autoComplete="off" {...typed('rank')} />
          <TextField label="GATE score" inputMode="numeric" autoComplete="off" {...typed('score')} />
        </div>
        <p className="official-result__pdf">
          <span>Or read them from your official scorecard (PDF)</span>
          {/* A button-like label: the browser's own file control writes 'No file chosen', clipped on a phone. */}
          <label htmlFor={fileId} className="button">
            Choose PDF
          </label>
          <input
            id={fileId}
            className="visually-hidden"
            aria-label="Or read them from your official scorecard (PDF)"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readPdf(file);
              event.target.value = ''; // the same file chosen again is read again
            }}
          />
        </p>
        {reading && (
          <p className="official-result__reading" role="status">
            {reading}
          </p>
        )}
        <label className="official-result__consent">
          <input
            type="checkbox"
            checked={form.values.consent === 'true'}
            onChange={(event) => form.setField('consent', String(event.target.checked))}
          />
          <span>HireGate may keep my official result to check and improve its rank predictions.</span>
        </label>
        {consentError && (
          <p className="field__error" role="alert">
            {consentError}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending && <Spinner />}
          {add.isPending ? 'Adding…' : 'Add my official result'}
        </button>
        {add.isError && (
          <p className="official-result__problem" role="alert">
            {problemText(add.error)}
          </p>
        )}
      </form>
    </section>
  );
}

function ResultsNotOut({ opensOn }: { opensOn: { day: string; scheduled: boolean } }) {
  return (
    <section className="scorecard__card official-result" aria-label="Your official result">
      <h2>Your official result</h2>
      <p className="official-result__hint">{opensOnText(opensOn)}</p>
    </section>
  );
}

function OfficialResultQuery({ resultId }: { resultId: string }) {
  const queryClient = useQueryClient();
  const { queryKey } = officialResultStatusQuery(resultId);
  const status = useQuery(officialResultStatusQuery(resultId));
  if (status.data?.report) return <PredictedVsActual report={status.data.report} />;
  if (status.data?.opensOn) return <ResultsNotOut opensOn={status.data.opensOn} />;
  // Offline, unverified on this device, or a paper without a rank model: nothing to add here.
  if (!status.data?.available) return null;
  return (
    <OfficialResultForm
      resultId={resultId}
      onAdded={(report) => queryClient.setQueryData(queryKey, { available: true, report, opensOn: null })}
    />
  );
}

export const OfficialResult = withQueryClient(OfficialResultQuery);
