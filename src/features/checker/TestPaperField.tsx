import { TEST_PAPER_OPTIONS } from '../../domain/gate/test-papers';
import { Combobox } from '../../lib/ui/Combobox';
import { Field } from '../../lib/ui/FormFields';
import type { PaperNaming } from './named-paper';

const OPTIONS = TEST_PAPER_OPTIONS.map(({ value, label }) => ({ value, label }));

interface TestPaperFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The paper the pasted link or the saved page just read names by its candidate id. */
  naming: PaperNaming | null;
}

/**
 * Test Paper: GATE's 30 papers (a two-session paper's sessions apart), searched by code or name. The paper a link or
 * saved page names is chosen for it (named-paper.ts); for CS or CE its two sessions are offered under the field, since
 * only the candidate knows which one they sat, and the search starts at that code.
 */
export function TestPaperField({ value, error, onChange, naming }: TestPaperFieldProps) {
  const sessions = naming && naming.paper.testPapers.length > 1 ? naming.paper.testPapers : [];

  return (
    <Field id="test-paper" label="Test Paper" error={error}>
      {(control) => (
        <>
          <Combobox
            control={control}
            options={OPTIONS}
            value={value}
            onChange={onChange}
            placeholder="Select your test paper"
            listLabel="Test papers"
            suggestedQuery={naming?.paper.code}
            noMatchText={(query) =>
              `No test paper matches '${query}'. Type a paper's code (CS, EE, XE) or a word of its name.`
            }
          />
          {sessions.length > 0 && naming && (
            <div className="session-choice" role="group" aria-labelledby="session-choice-hint">
              <p id="session-choice-hint" className="session-choice__hint">
                {naming.by === 'link' ? 'This link' : 'This saved page'} is a {naming.paper.code} sheet, a paper held in
                two sessions: choose yours.
              </p>
              <div className="session-choice__options">
                {sessions.map((session) => (
                  <button
                    key={session}
                    type="button"
                    className="button session-choice__option"
                    aria-pressed={value === session}
                    onClick={() => onChange(session)}
                  >
                    {session}
                  </button>
                ))}
              </div>
            </div>
          )}
        </>
      )}
    </Field>
  );
}
