import { useState, type FormEvent } from 'react';
import { Spinner } from '../../lib/ui/FormFields';
import { choiceProblem, type SectionChoice } from '../../lib/scorecard/section-choice';
import './section-choice.css';

interface SectionChoiceStepProps {
  question: SectionChoice;
  busy: boolean;
  onChoose: (sections: string[]) => void;
  onBack: () => void;
}

/**
 * The score modal's step for a paper whose candidates choose sections, when the sheet does not show which: the
 * engine's question, each optional section with how many of its questions the sheet answers, and a choice of as many
 * as count (radio buttons for one, check boxes for two). Sections the answers rule out cannot be picked.
 */
export function SectionChoiceStep({ question: { message, choice }, busy, onChoose, onBack }: SectionChoiceStepProps) {
  const [picked, setPicked] = useState<string[]>(() => (choice.choices.length === 1 ? choice.choices[0]! : []));
  const [problem, setProblem] = useState<string>();
  const possible = new Set(choice.choices.flat());
  const single = choice.choose === 1;

  function toggle(id: string, on: boolean) {
    setProblem(undefined);
    setPicked((current) => (single ? [id] : on ? [...current, id] : current.filter((other) => other !== id)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = choiceProblem(choice, picked);
    setProblem(found);
    if (!found) onChoose(choice.optional.map((section) => section.id).filter((id) => picked.includes(id)));
  }

  return (
    <form className="score-modal__form section-choice" noValidate onSubmit={submit}>
      <fieldset aria-describedby={problem ? 'section-choice-error' : undefined}>
        <legend>Which sections did you choose?</legend>
        <p className="score-modal__note">{message}</p>
        {choice.optional.map((section) => (
          <label
            key={section.id}
            className={
              possible.has(section.id)
                ? 'section-choice__option'
                : 'section-choice__option section-choice__option--ruled-out'
            }
          >
            <input
              type={single ? 'radio' : 'checkbox'}
              name="section-choice"
              value={section.id}
              checked={picked.includes(section.id)}
              disabled={!possible.has(section.id)}
              onChange={(event) => toggle(section.id, event.target.checked)}
            />
            <span>
              {section.name}
              <span className="section-choice__answered">
                {section.answered === 0 ? 'no answers on your sheet' : `${section.answered} answered on your sheet`}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p id="section-choice-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary score-modal__submit" disabled={busy} aria-busy={busy}>
        {busy && <Spinner />}
        Retrieve Score
      </button>
      <button type="button" className="score-modal__text-button" onClick={onBack}>
        Back to the link and paper
      </button>
    </form>
  );
}
