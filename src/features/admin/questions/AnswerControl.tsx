import { useState } from 'react';
import { Field } from '../../../lib/ui/FormFields';
import type { AdminQuestion } from '../admin-api';
import { answerLetters, enterAnswer } from './answer-rules';

interface AnswerControlProps {
  question: AdminQuestion;
  value: string;
  onChange: (answerKey: string) => void;
}

/** Admin answer entry: an MCQ select; MSQ and NAT text inputs filtered as typed, with the engine's messages. */
export function AnswerControl({ question, value, onChange }: AnswerControlProps) {
  const [error, setError] = useState('');

  if (question.type === 'MCQ') {
    return (
      <Field label="Set Correct Answer" className="admin-answer">
        {(control) => (
          <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">Select an option</option>
            {answerLetters(question.options).map((letter) => (
              <option key={letter} value={letter}>
                {letter}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }

  const placeholder =
    question.type === 'MSQ' ? 'e.g., A;B;C' : question.type === 'NAT' ? 'e.g., 12.5 or 2.95:3.05' : '';
  return (
    <Field label="Set Correct Answer" error={error} className="admin-answer">
      {(control) => (
        <input
          {...control}
          type="text"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => {
            const entered = enterAnswer(question.type, event.target.value);
            setError(entered.error);
            onChange(entered.value);
          }}
        />
      )}
    </Field>
  );
}
