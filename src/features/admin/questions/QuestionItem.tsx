import type { AdminQuestion } from '../admin-api';
import { AnswerControl } from './AnswerControl';
import { canSaveAnswer } from './answer-rules';
import { Spinner } from '../../../lib/ui/FormFields';
import { imageSource } from '../../../lib/image-source';

export type StatusTag = 'saved' | 'marked';

interface QuestionItemProps {
  question: AdminQuestion;
  /** The answer being entered (may differ from the stored key until saved). */
  answer: string;
  number: number;
  /** Upload screen: 'Saved' once saved; All Question Papers: Marked / Not Marked. */
  statusTag: StatusTag;
  saving: boolean;
  pendingSync: boolean;
  onAnswerChange: (answerKey: string) => void;
  onSave: () => void;
}

/** One expandable question: header facts and tags; body with images, the per-type answer control and Save Answer. */
export function QuestionItem({
  question,
  answer,
  number,
  statusTag,
  saving,
  pendingSync,
  onAnswerChange,
  onSave,
}: QuestionItemProps) {
  const { options } = question;
  const letters = Object.keys(options).sort();
  return (
    <details className="admin-question" data-long-id={question.long_id}>
      <summary className="admin-question__summary">
        <span className="admin-question__number">
          {question.section && <span className="admin-question__section">{question.section}</span>}Q{number}
        </span>
        <span className="admin-question__id">{question.long_id}</span>
        <span className="admin-question__type">{question.type || 'Unknown Type'}</span>
        {question.marks !== undefined && question.marks !== null && (
          <span className="admin-question__marks">
            ({question.marks} {question.marks === 1 ? 'mark' : 'marks'})
          </span>
        )}
        {statusTag === 'saved' && question.answerKeySaved && !pendingSync && (
          <span className="admin-tag admin-tag--ok">Saved</span>
        )}
        {statusTag === 'marked' &&
          (question.answerKey || pendingSync ? (
            <span className="admin-tag admin-tag--ok">Marked</span>
          ) : (
            <span className="admin-tag admin-tag--muted">Not Marked</span>
          ))}
        {pendingSync && <span className="admin-tag admin-tag--pending">Pending sync</span>}
      </summary>
      <div className="admin-question__body">
        {question.question && (
          <img
            className="admin-question__stem"
            src={imageSource(question.question, window.location.origin)}
            alt={`Question ${question.long_id}`}
            loading="lazy"
          />
        )}
        {letters.length > 0 && (
          <div className="admin-question__options">
            {letters.map((letter) => (
              <figure key={letter}>
                <figcaption>Option {letter}</figcaption>
                <img
                  src={imageSource(options[letter] ?? '', window.location.origin)}
                  alt={`Option ${letter}`}
                  loading="lazy"
                />
              </figure>
            ))}
          </div>
        )}
        <AnswerControl question={question} value={answer} onChange={onAnswerChange} />
        <button
          type="button"
          className="button button--primary"
          disabled={saving || !canSaveAnswer(question.type, answer)}
          onClick={onSave}
        >
          {saving && <Spinner />}
          Save Answer
        </button>
      </div>
    </details>
  );
}
