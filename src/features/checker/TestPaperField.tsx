import { useEffect, useRef } from 'react';
import { paperOfLink, TEST_PAPER_OPTIONS } from '../../domain/gate/test-papers';
import { Combobox } from '../../lib/ui/Combobox';
import { Field } from '../../lib/ui/FormFields';

const OPTIONS = TEST_PAPER_OPTIONS.map(({ value, label }) => ({ value, label }));

interface TestPaperFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The response link typed so far: its candidate id names the paper. */
  link: string;
}

/**
 * Test Paper: GATE's 30 papers (a two-session paper's sessions apart), searched by code or name. A link whose
 * candidate id names a one-session paper chooses it; one naming CS or CE starts the search at that code, so the two
 * sessions are a tap away. A paper the candidate chose themselves is never replaced.
 */
export function TestPaperField({ value, error, onChange, link }: TestPaperFieldProps) {
  const fromLink = paperOfLink(link);
  const chosenFromLink = useRef<string | undefined>(undefined);
  useEffect(() => {
    const [only, ...others] = fromLink?.testPapers ?? [];
    if (!only || others.length > 0 || only === value) return;
    if (value && value !== chosenFromLink.current) return;
    chosenFromLink.current = only;
    onChange(only);
  }, [fromLink?.code, value]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Field id="test-paper" label="Test Paper" error={error}>
      {(control) => (
        <Combobox
          control={control}
          options={OPTIONS}
          value={value}
          onChange={onChange}
          placeholder="Select your test paper"
          listLabel="Test papers"
          suggestedQuery={fromLink?.code}
          noMatchText={(query) =>
            `No test paper matches '${query}'. Type a paper's code (CS, EE, XE) or a word of its name.`
          }
        />
      )}
    </Field>
  );
}
