import { useState, type DragEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { SAYS_OFFLINE_ITSELF } from '../../../lib/query';
import { Field, Spinner } from '../../../lib/ui/FormFields';
import { ApiError } from '../../../lib/api';
import { importAnswerKey, type AdminQuestion } from '../admin-api';
import type { ImportKeyAnswer } from '../../../contract';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';
import {
  KeyRowsError,
  PASTED_ROWS,
  isPdfFile,
  readKeyPdf,
  readKeyRows,
  type KeyRowsPreview as Preview,
} from './key-rows-reading';
import { KeyRowsPreview } from './KeyRowsPreview';
import type { PaperSections } from '../../../domain/gate';
import { useKeyVersionLabel } from './KeyVersionLabel';
import './key-pdf.css';

export const IMPORT_FAILED_MESSAGE = 'The answer key could not be imported.';
const NOTHING_TO_IMPORT = 'Choose a key file or paste the official key rows.';
const NAME_THE_VERSION = 'Name the key version this import makes.';
const ONLY_PDF_DROPS = 'Drop the official answer-key PDF here; choose a key.json or rows file with Key file.';

/** A key file in the product's format, chosen to import as it is. */
interface KeyFile {
  name: string;
  keys: Record<string, string>;
}

/** A key file in the product's key.json format, else official-key rows as text (e.g. `29 NAT DA 8.90 to 9.10`). */
async function readKeyFile(file: File): Promise<{ keys: Record<string, string> } | { rows: string }> {
  const text = await file.text();
  try {
    const parsed = JSON.parse(text) as { keys?: Record<string, string> };
    if (parsed && typeof parsed.keys === 'object') return { keys: parsed.keys };
  } catch {
    // Not JSON: the file holds official rows.
  }
  return { rows: text };
}

interface ImportKeyFormProps {
  credentials: AdminCredentials;
  paperId: string;
  /** The paper's name as the server gives it. */
  paperName: string;
  /** The paper's questions, which an official key PDF is checked against before anything is imported. */
  questions: readonly AdminQuestion[];
  onImported: (report: ImportKeyAnswer) => void;
  /** On a paper whose candidates choose sections: its sections, by which an official key names its questions. */
  sections?: PaperSections;
}

/**
 * 'Import answer key': applies a whole key to one paper in one call; results are re-scored afterwards. A key.json
 * imports at once; official key rows (a PDF dropped or chosen, a rows file, or rows pasted) are read in the browser
 * and shown beside the paper's questions first, with what each changes, and import only when the admin confirms.
 */
export function ImportKeyForm({
  credentials,
  paperId,
  paperName,
  questions,
  sections,
  onImported,
}: ImportKeyFormProps) {
  const [open, setOpen] = useState(false);
  const [keyFile, setKeyFile] = useState<KeyFile | null>(null);
  const [rows, setRows] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const { label, fields: labelFields, choose: chooseVersion } = useKeyVersionLabel();

  const close = () => {
    setOpen(false);
    setKeyFile(null);
    setRows('');
    setPreview(null);
  };

  /** Official rows, from a PDF, a rows file or the pasted text, read beside the paper's questions. */
  const reading = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: async (source: File | string): Promise<KeyFile | Preview> => {
      if (typeof source === 'string') return readKeyRows(source, PASTED_ROWS, questions, sections);
      if (isPdfFile(source)) return readKeyPdf(source, questions, sections);
      const read = await readKeyFile(source);
      if ('keys' in read) return { name: source.name, keys: read.keys };
      return readKeyRows(read.rows, source.name, questions, sections);
    },
    // A key.json waits for Import; rows are shown to be confirmed.
    onSuccess: (read) => {
      if ('keys' in read) return setKeyFile(read);
      // A key that says it is provisional or final is named so unless the admin picks otherwise.
      if (read.version.status) chooseVersion(read.version.status);
      setPreview(read);
    },
    onError: (error) => adminToast.error(error instanceof KeyRowsError ? error.message : IMPORT_FAILED_MESSAGE),
  });

  const importing = useMutation({
    ...SAYS_OFFLINE_ITSELF,
    mutationFn: ({ key, label }: { key: Parameters<typeof importAnswerKey>[2]; label: string }) =>
      importAnswerKey(credentials, paperId, key, label),
    onSuccess: (report) => {
      adminToast.success(importedMessage(paperName, report));
      close();
      onImported(report);
    },
    onError: (error) => adminToast.error((error instanceof ApiError && error.message) || IMPORT_FAILED_MESSAGE),
  });

  /** A key.json waits for Import; a PDF or a rows file is read and previewed at once. */
  const choose = (chosen: File | null) => {
    setPreview(null);
    setKeyFile(null);
    if (chosen) reading.mutate(chosen);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    // Only the PDF is read on drop; a key file dropped here would import without showing which one it was.
    if (isPdfFile(dropped)) choose(dropped);
    else adminToast.info(ONLY_PDF_DROPS);
  };

  /** Imports the chosen key.json, or previews the pasted rows. */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyFile) {
      if (label) importing.mutate({ key: { keys: keyFile.keys }, label });
      else adminToast.error(NAME_THE_VERSION);
    } else if (rows.trim()) {
      reading.mutate(rows);
    } else {
      adminToast.error(NOTHING_TO_IMPORT);
    }
  };

  if (!open) {
    return (
      <button type="button" className="button admin-import__open" onClick={() => setOpen(true)}>
        Import answer key
      </button>
    );
  }
  return (
    <div
      className={`admin-import key-pdf-drop${dragOver ? ' key-pdf-drop--over' : ''}`}
      data-testid="key-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={drop}
    >
      <p className="key-pdf-drop__hint">
        Drop the official answer-key PDF here, choose it (or a file of its rows) as the key file, or paste its rows: you
        see every row beside this paper's questions, with what it changes, before anything is imported.
      </p>
      {reading.isPending && reading.variables instanceof File && (
        <p role="status">
          <Spinner /> Reading {reading.variables.name}…
        </p>
      )}
      {preview ? (
        <KeyRowsPreview
          preview={preview}
          questions={questions}
          busy={importing.isPending}
          label={label}
          labelFields={labelFields}
          onConfirm={(label) =>
            importing.mutate({ key: { keys: preview.reading.keys, marks: preview.reading.marks }, label })
          }
          onCancel={() => setPreview(null)}
        />
      ) : (
        <form className="admin-import" onSubmit={submit} aria-label={`Import answer key for ${paperName}`}>
          <Field label="Key file (key.json or official key rows)">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".pdf,.json,.txt,.csv,application/pdf,application/json,text/plain"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <Field label="Or paste official key rows">
            {(control) => (
              <textarea
                {...control}
                rows={5}
                value={rows}
                placeholder={'1 MCQ GA B\n24 MSQ CS A;B;C\n29 NAT CS 8.90 to 9.10'}
                onChange={(event) => setRows(event.target.value)}
              />
            )}
          </Field>
          {labelFields}
          <div className="admin-import__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={importing.isPending || reading.isPending}
            >
              {importing.isPending && <Spinner />}
              {keyFile || !rows.trim() ? 'Import' : 'Preview rows'}
            </button>
            <button type="button" className="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function importedMessage(paperName: string, report: ImportKeyAnswer): string {
  const unknown = report.unknown.length ? `, ${report.unknown.length} not in this paper` : '';
  return `Answer key imported for ${paperName}: ${report.applied} changed, ${report.unchanged} unchanged${unknown}.`;
}
