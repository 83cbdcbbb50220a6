import type { FormEvent } from 'react';
import { Spinner, TextField } from '../../lib/ui/FormFields';
import type { CheckerForm } from './checker-draft';
import { checkerSchemas } from './checker-schemas';
import { SavedPageUpload } from './SavedPageUpload';
import { TestPaperField } from './TestPaperField';
import { useCheckerFields } from './use-checker-fields';
import type { ScoreAttempt } from './use-score-flow';

const schemas = checkerSchemas(window.location.origin);

interface ScoreStepProps {
  form: CheckerForm;
  onFormChange: (form: CheckerForm) => void;
  busy: boolean;
  onRetrieve: (attempt: ScoreAttempt) => void;
}

/** The score modal's first step: the response link and the test paper, or the saved response-sheet page instead. */
export function ScoreStep({ form, onFormChange, busy, onRetrieve }: ScoreStepProps) {
  const fields = useCheckerFields(schemas.score, form, onFormChange);
  const testPaper = fields.field('testPaper');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const request = fields.validateAll();
    if (request) onRetrieve({ link: request.link, testPaper: request.testPaper, email: request.email || undefined });
  }

  async function uploadSavedPage(file: File) {
    const request = fields.validateAll(schemas.savedPage);
    if (request) onRetrieve({ html: await file.text(), testPaper: request.testPaper });
  }

  return (
    <>
      <form className="score-modal__form" noValidate onSubmit={submit}>
        <ResponseLinkField {...fields.field('link')} />
        <TestPaperField
          value={testPaper.value}
          error={testPaper.error}
          onChange={testPaper.onValueChange}
          link={form.gateLink}
        />
        <button type="submit" className="button button--primary score-modal__submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          Retrieve Score
        </button>
      </form>
      <SavedPageUpload busy={busy} onFile={uploadSavedPage} />
    </>
  );
}

type ResponseLinkFieldProps = Pick<Parameters<typeof TextField>[0], 'value' | 'error' | 'onValueChange' | 'onBlur'>;

/** GATE Response Link, in the score step and in the e-mail step for a typed link. */
export function ResponseLinkField(props: ResponseLinkFieldProps) {
  return (
    <TextField
      id="gate-link"
      label="GATE Response Link"
      type="url"
      inputMode="url"
      autoComplete="off"
      placeholder="https://cdn.digialm.com/…"
      {...props}
    />
  );
}
