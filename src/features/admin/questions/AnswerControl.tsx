import { useId, useState } from 'react';
import type { AdminQuestion } from '../admin-api';
import { answerLetters, enterAnswer } from './answer-rules';

interface AnswerControlProps {
  question: AdminQuestion;
  value: string;
  onChange: (answerKey: string) => void;
}

/** Spec §5 admin answer entry: an MCQ select; MSQ and NAT text inputs filtered as typed, with the engine's messages. */
export function AnswerControl({ question, value, onChange }: AnswerControlProps) {
  const id = useId();
  const [error, setError] = useState('');
  const label = (
    <label htmlFor={id} className="admin-answer__label">
      Set Correct Answer
    </label>
  );

  if (question.type === 'MCQ') {
    return (
      <div className="admin-answer">
        {label}
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select an option</option>
          {answerLetters(question.options).map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const placeholder =
    question.type === 'MSQ' ? 'e.g., A;B;C' : question.type === 'NAT' ? 'e.g., 12.5 or 2.95:3.05' : '';
  return (
    <div className="admin-answer">
      {label}
      <input
        id={id}
        type="text"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const entered = enterAnswer(question.type, event.target.value);
          setError(entered.error);
          onChange(entered.value);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="admin-answer__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
