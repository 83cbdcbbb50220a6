import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../../lib/ui/FormFields';
import { useKeyVersionLabel } from './KeyVersionLabel';
import type { KeyRowReading } from '../../../domain/gate';
import type { AdminQuestion } from '../admin-api';
import type { KeyPdfPreview as Preview } from './key-pdf-reading';

interface PreviewLine {
  id: string;
  pdfRow: string;
  question: string;
  key: string;
  problems: string[];
}

const questionText = (question: { short_id: string; type: string; long_id: string }) =>
  `Q${question.short_id} · ${question.type} · ${question.long_id}`;

/** A row of the PDF beside the paper's question it names, and the key it would set (none when flagged out). */
function rowLine(row: KeyRowReading, index: number, keys: Record<string, string>): PreviewLine {
  const imported =
    row.question !== undefined && keys[row.question.long_id] === row.key && !row.flags.includes('repeated');
  return {
    id: `row-${index}`,
    pdfRow: row.line,
    question: row.question ? questionText(row.question) : '—',
    key: imported ? (row.key ?? '') : '—',
    problems: row.problems,
  };
}

/** The paper's questions the PDF has no row for: they keep the key they have. */
function missingLine(question: AdminQuestion): PreviewLine {
  return {
    id: `missing-${question.long_id}`,
    pdfRow: '—',
    question: questionText({
      short_id: question.short_id ?? '?',
      type: question.type ?? '?',
      long_id: question.long_id,
    }),
    key: '—',
    problems: [`The key has no row for Q${question.short_id ?? '?'}; its answer stays as it is.`],
  };
}

interface KeyPdfPreviewProps {
  preview: Preview;
  questions: readonly AdminQuestion[];
  busy: boolean;
  onConfirm: (label: string) => void;
  onCancel: () => void;
}

/**
 * The rows read from an official key PDF beside the paper's questions, every disagreement flagged, and the
 * confirmation that imports them as one new key version (nothing is sent before the admin confirms).
 */
export function KeyPdfPreview({ preview, questions, busy, onConfirm, onCancel }: KeyPdfPreviewProps) {
  const { reading } = preview;
  const { label, fields: labelFields } = useKeyVersionLabel();
  const [confirmed, setConfirmed] = useState(false);
  const headingId = useId();
  const missing = new Set(reading.missing);
  // Flagged lines first, so a long key's disagreements are not left at the bottom of the table.
  const lines = [
    ...reading.rows.map((row, index) => rowLine(row, index, reading.keys)),
    ...questions.filter((question) => missing.has(question.short_id ?? '')).map(missingLine),
  ].sort((a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0));
  const keyCount = Object.keys(reading.keys).length;
  const flagged = lines.filter((line) => line.problems.length > 0).length;
  const canImport = confirmed && keyCount > 0 && label !== '' && !busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canImport) onConfirm(label);
  };

  return (
    <section className="key-pdf" aria-labelledby={headingId}>
      <h2 id={headingId} className="key-pdf__heading">
        Rows read from {preview.fileName}
      </h2>
      <p className="key-pdf__summary" role="status">
        {keyCount} {keyCount === 1 ? 'key' : 'keys'}, {flagged} flagged
      </p>
      <div
        className="key-pdf__scroll"
        role="region"
        aria-label="Key rows beside the paper's questions"
        tabIndex={0}
        data-scrolls-sideways
      >
        <table className="key-pdf__table">
          <thead>
            <tr>
              <th scope="col">Row in the PDF</th>
              <th scope="col">Question in this paper</th>
              <th scope="col">Key to import</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className={line.problems.length ? 'key-pdf__row--flagged' : undefined}>
                <td>{line.pdfRow}</td>
                <td>{line.question}</td>
                <td className="key-pdf__key">{line.key}</td>
                <td>
                  {line.problems.length ? (
                    <>
                      <span className="admin-tag key-pdf__flag">Flagged</span>
                      {line.problems.map((problem) => (
                        <span key={problem} className="key-pdf__problem">
                          {problem}
                        </span>
                      ))}
                    </>
                  ) : (
                    <span className="admin-tag admin-tag--ok">Matches</span>
                  )}
                </td>
              </tr>
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
