import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Spinner } from '../../../lib/ui/FormFields';
import type { AdminQuestion } from '../admin-api';
import type { KeyRowsPreview as Preview } from './key-rows-reading';
import { documentVersionText, previewLines, previewTally, STATUS_TEXT, type PreviewLine } from './key-rows-preview';
import { notWholeReasons } from '../../../domain/gate';

interface KeyRowsPreviewProps {
  preview: Preview;
  questions: readonly AdminQuestion[];
  busy: boolean;
  /** The key version's name as chosen (KeyVersionLabel), '' while none is; and its fields. */
  label: string;
  labelFields: ReactNode;
  onConfirm: (label: string) => void;
  onCancel: () => void;
}

function LineRows({ line }: { line: PreviewLine }) {
  return (
    <>
      <tr className={`key-pdf__row key-pdf__row--${line.status}`}>
        <td>
          <span className="key-pdf__question">{line.question}</span>
          {line.longId && <span className="key-pdf__aside">{line.longId}</span>}
          <span className="key-pdf__aside">Row: {line.printed}</span>
        </td>
        <td className="key-pdf__key">{line.key}</td>
        <td>
          <span className={`admin-tag key-pdf__status key-pdf__status--${line.status}`}>
            {STATUS_TEXT[line.status]}
          </span>
        </td>
      </tr>
      {line.problems.length > 0 && (
        <tr className="key-pdf__row--flagged key-pdf__problems">
          <td colSpan={3}>
            {line.problems.map((problem) => (
              <span key={problem} className="key-pdf__problem">
                {problem}
              </span>
            ))}
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * Official key rows (from a PDF or pasted) beside the paper's questions: for every row the key it sets, what that
 * changes ('B → D'), its status (Flagged, Changes, New, Unchanged: in that order, so the rows that matter come first),
 * and every disagreement in words; then the confirmation that imports them as one new key version (nothing is sent
 * before the admin confirms). Three narrow columns, so a phone shows all of it without scrolling sideways.
 */
export function KeyRowsPreview({
  preview,
  questions,
  busy,
  label,
  labelFields,
  onConfirm,
  onCancel,
}: KeyRowsPreviewProps) {
  const { reading, version } = preview;
  const documentVersion = documentVersionText(version);
  const [confirmed, setConfirmed] = useState(false);
  const headingId = useId();
  const lines = previewLines(reading, questions);
  const keyCount = Object.keys(reading.keys).length;
  // A document applies only whole: every row read into a key, every question keyed (never partly).
  const canImport = reading.whole && confirmed && keyCount > 0 && label !== '' && !busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canImport) onConfirm(label);
  };

  return (
    <section className="key-pdf" aria-labelledby={headingId}>
      <h2 id={headingId} className="key-pdf__heading">
        Rows read from {preview.source}
      </h2>
      <p className="key-pdf__summary" role="status">
        {previewTally(lines, keyCount)}
      </p>
      {documentVersion && <p className="key-pdf__version">{documentVersion}</p>}
      {!reading.whole && (
        <div className="key-pdf__unread" role="alert">
          <p>This key does not match the paper row for row, so it cannot be imported:</p>
          <ul>
            {notWholeReasons(reading).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="key-pdf__scroll" role="region" aria-label="Key rows beside the paper's questions" tabIndex={0}>
        <table className="key-pdf__table">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Key</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <LineRows key={line.id} line={line} />
            ))}
          </tbody>
        </table>
      </div>
      <form className="key-pdf__confirm" onSubmit={submit} aria-label="Confirm the key import">
        {labelFields}
        <label className="key-pdf__check">
          <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
          <span>
            I have checked the flagged rows: import {keyCount} {keyCount === 1 ? 'key' : 'keys'} as one new key version.
          </span>
        </label>
        <div className="admin-import__actions">
          <button type="submit" className="button button--primary" disabled={!canImport}>
            {busy && <Spinner />}
            Import
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
