import { useId, useState, type DragEvent } from 'react';

interface SavedPageUploadProps {
  busy: boolean;
  /** The name of a page chosen before its test paper was known, waiting for one. */
  kept?: string;
  onFile: (file: File) => Promise<void>;
  onScoreKept: () => void;
}

const looksLikeHtml = (file: File) => /\.html?$/i.test(file.name) || file.type === 'text/html';

/**
 * Beyond the spec: when the portal blocks our server or is down, the candidate saves the response-sheet page and
 * drops it here (or picks it); it goes through the same scoring flow as a link. The page's candidate id names its
 * paper; a page that leaves the paper open (a CS session, no candidate id) is kept until one is chosen.
 */
export function SavedPageUpload({ busy, kept, onFile, onScoreKept }: SavedPageUploadProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState('');

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!looksLikeHtml(file)) {
      setProblem('Choose the saved response-sheet page (an .html file).');
      return;
    }
    setProblem('');
    void onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) take(event.dataTransfer.files[0]);
  };

  return (
    <details className="score-modal__upload">
      <summary>Upload the saved page instead</summary>
      <div
        className={`drop-zone${dragging ? ' drop-zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drag and drop the saved response-sheet page here, or</p>
        <label htmlFor={inputId} className="button">
          Choose file
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept=".html,.htm,text/html"
          disabled={busy}
          aria-label="Saved response-sheet page"
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {kept ? (
          <>
            <p className="drop-zone__kept" role="status">
              <strong>{kept}</strong> is kept: choose its test paper above and it is scored.
            </p>
            <button type="button" className="button button--primary" disabled={busy} onClick={onScoreKept}>
              Score the saved page
            </button>
          </>
        ) : (
          <p className="drop-zone__hint">The test paper is read from the page&apos;s candidate id.</p>
        )}
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </details>
  );
}
