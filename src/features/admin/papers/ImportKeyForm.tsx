import { useState, type FormEvent } from 'react';
import { Field, Spinner } from '../../../lib/ui/FormFields';
import { ApiError } from '../../../lib/api';
import { importAnswerKey } from '../admin-api';
import { adminToast } from '../admin-toast';
import type { AdminCredentials } from '../../../lib/admin-session';
import { paperDisplayName } from '../paper-name';

export const IMPORT_FAILED_MESSAGE = 'The answer key could not be imported.';
const NOTHING_TO_IMPORT = 'Choose a key file or paste the official key rows.';

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
  paperSet: string;
  onImported: () => void;
}

/** 'Import answer key': applies a whole key to one paper set in one call; results are re-scored afterwards. */
export function ImportKeyForm({ credentials, paperSet, onImported }: ImportKeyFormProps) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file && !rows.trim()) {
      adminToast.error(NOTHING_TO_IMPORT);
      return;
    }
    setBusy(true);
    try {
      const key = file ? await readKeyFile(file) : { rows };
      const report = await importAnswerKey(credentials, paperSet, key);
      const unknown = report.unknown.length ? `, ${report.unknown.length} not in this paper` : '';
      adminToast.success(
        `Answer key imported for ${paperDisplayName(paperSet)}: ${report.applied} changed, ${report.unchanged} unchanged${unknown}.`,
      );
      setOpen(false);
      setFile(null);
      setRows('');
      onImported();
    } catch (error) {
      adminToast.error((error instanceof ApiError && error.message) || IMPORT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
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
    <form
      className="admin-import"
      onSubmit={(event) => void submit(event)}
      aria-label={`Import answer key for ${paperDisplayName(paperSet)}`}
    >
      <Field label="Key file (key.json or official key rows)">
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".json,.txt,.csv,application/json,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
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
      <div className="admin-import__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy && <Spinner />}
          Import
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
