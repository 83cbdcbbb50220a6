import { useEffect, useRef, useState, type FormEvent } from 'react';
import { paperOfLink, paperOfSavedPage } from '../../domain/gate/test-papers';
import { Spinner, TextField } from '../../lib/ui/FormFields';
import type { CheckerForm } from './checker-draft';
import { checkerSchemas } from './checker-schemas';
import { paperAfterNaming, type PaperNaming } from './named-paper';
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
  const namedByLink = paperOfLink(form.gateLink);
  const [naming, setNaming] = useState<PaperNaming | null>(() => namedByLink && { paper: namedByLink, by: 'link' });
  // A saved page chosen before its paper is known: it waits here, and goes once a paper is chosen.
  const [keptPage, setKeptPage] = useState<{ name: string; html: string }>();

  // Each link naming another paper sets it; on opening, a draft's chosen paper stands, as the candidate left it.
  const followedCode = useRef(form.testPaper ? namedByLink?.code : undefined);
  useEffect(() => {
    if (namedByLink?.code === followedCode.current) return;
    followedCode.current = namedByLink?.code;
    setNaming((current) =>
      namedByLink ? { paper: namedByLink, by: 'link' } : current?.by === 'page' ? current : null,
    );
    const paper = paperAfterNaming(form.testPaper, namedByLink);
    if (paper === form.testPaper) return;
    // A session left to choose is offered under the field, not yet called an error: the candidate has only pasted.
    if (paper) fields.setFields({ testPaper: paper });
    else onFormChange({ ...form, testPaper: paper });
  }, [namedByLink?.code]); // eslint-disable-line react-hooks/exhaustive-deps

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const request = fields.validateAll();
    if (request) onRetrieve({ link: request.link, testPaper: request.testPaper, email: request.email || undefined });
  }

  async function readSavedPage(file: File) {
    const html = await file.text();
    const named = paperOfSavedPage(html);
    if (named) setNaming({ paper: named, by: 'page' });
    setKeptPage({ name: file.name, html });
    // The page was meant to be scored now: a paper still to choose is said at the field, as a submit says it.
    fields.setFields({ testPaper: paperAfterNaming(form.testPaper, named) });
  }

  function scoreKeptPage() {
    if (!keptPage) return;
    const request = fields.validateAll(schemas.savedPage);
    if (!request) return;
    setKeptPage(undefined);
    onRetrieve({ html: keptPage.html, testPaper: request.testPaper });
  }

  // The kept page goes as soon as it has a paper: the one it named, or the one chosen for it afterwards.
  useEffect(() => {
    if (keptPage && form.testPaper && !busy) scoreKeptPage();
  }, [keptPage, form.testPaper]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <form className="score-modal__form" noValidate onSubmit={submit}>
        <ResponseLinkField {...fields.field('link')} />
        <TestPaperField
          value={testPaper.value}
          error={testPaper.error}
          onChange={testPaper.onValueChange}
          naming={naming}
        />
        <button type="submit" className="button button--primary score-modal__submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          Retrieve Score
        </button>
      </form>
      <SavedPageUpload busy={busy} kept={keptPage?.name} onFile={readSavedPage} onScoreKept={scoreKeptPage} />
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
