import { useState } from 'react';
import { Field } from '../../../lib/ui/FormFields';

const VERSION_LABELS = [
  { value: 'provisional', text: 'Provisional key' },
  { value: 'final', text: 'Final key' },
  { value: 'other', text: 'Another name…' },
] as const;
type VersionChoice = (typeof VERSION_LABELS)[number]['value'];

/** The longest version name the server takes (import-key's label). */
const LABEL_MAX = 60;

/**
 * The name of the key version an import makes ('provisional', 'final' or the admin's own), chosen the same way for a
 * PDF, a key file and pasted rows. `label` is '' while 'Another name…' is chosen and left empty.
 */
export function useKeyVersionLabel() {
  const [choice, setChoice] = useState<VersionChoice>('provisional');
  const [customLabel, setCustomLabel] = useState('');
  const label = choice === 'other' ? customLabel.trim() : choice;
  const fields = (
    <>
      <Field label="Key version" className="admin-field">
        {(control) => (
          <select {...control} value={choice} onChange={(event) => setChoice(event.target.value as VersionChoice)}>
            {VERSION_LABELS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </select>
        )}
      </Field>
      {choice === 'other' && (
        <Field label="Version name" className="admin-field">
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={LABEL_MAX}
              value={customLabel}
              placeholder="e.g. Final key after the second review"
              onChange={(event) => setCustomLabel(event.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
  /** Takes what a key document says it is ('provisional', 'final') as the version chosen. */
  const choose = (status: 'provisional' | 'final') => setChoice(status);
  return { label, fields, choose };
}
