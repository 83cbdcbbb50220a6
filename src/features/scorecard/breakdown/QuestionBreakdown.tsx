import { memo, startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import type { ChangedQuestion, ScorecardQuestion } from '../../../domain/gate';
import { imageSource } from '../../../lib/image-source';
import {
  NOT_COUNTED,
  earnedMarksText,
  isUnchosen,
  keyText,
  marksObtainedText,
  optionViews,
  responseText,
  verdictOf,
  weightText,
  type OptionView,
  type Verdict,
} from './scorecard-view';
import { isPrinting, subscribePrinting } from '../print/print-scorecard';

/** Portal images load through our proxy, so the service worker can keep them offline (see image-source.ts). */
const shown = (address: string) => imageSource(address, window.location.origin);

const VERDICT_ICONS: Record<'correct' | 'incorrect', { label: string; path: string }> = {
  correct: { label: 'Correct', path: 'M5 12.5l4.5 4.5L19 7.5' },
  incorrect: { label: 'Incorrect', path: 'M6.5 6.5l11 11M17.5 6.5l-11 11' },
};

function VerdictIcon({ verdict }: { verdict: Verdict }) {
  if (verdict === 'none') return <span className="verdict verdict--none" aria-hidden="true" />;
  // A grey dash drawn by CSS (scorecard.css), neither right nor wrong: no SVG for the many unanswered questions.
  if (verdict === 'unattempted')
    return <span className="verdict verdict--unattempted" role="img" aria-label="Not attempted" />;
  const { label, path } = VERDICT_ICONS[verdict];
  return (
    <span className={`verdict verdict--${verdict}`} role="img" aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={path} stroke="currentColor" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/**
 * What the question earned, signed, then its weight ('+2 of 2 marks'); 'Not evaluated' without a key. One element
 * inside the header's cell: the header is most of a closed question's DOM, and the list holds 65 of them.
 */
function EarnedMarks({ question }: { question: ScorecardQuestion }) {
  const earned = earnedMarksText(question);
  return (
    <span className="question__marks">
      <span className={earned ? 'question__earned' : 'question__earned question__earned--none'}>
        {earned ?? (isUnchosen(question) ? NOT_COUNTED : 'Not evaluated')}
      </span>{' '}
      {weightText(question)}
    </span>
  );
}

function OptionFigure({ option, number }: { option: OptionView; number: number }) {
  const marks = [option.chosen && 'chosen', option.correct && 'correct'].filter(Boolean).join(' ');
  return (
    <figure className="question__option" data-marks={marks || undefined}>
      <figcaption>
        Option {option.letter}
        {option.chosen && <span className="option-tag option-tag--chosen">Your answer</span>}
        {option.correct && <span className="option-tag option-tag--correct">Correct answer</span>}
      </figcaption>
      <img
        src={shown(option.image)}
        alt={`Option ${option.letter} of question ${number}`}
        loading="lazy"
        decoding="async"
      />
    </figure>
  );
}

function QuestionBody({
  question,
  number,
  printing,
}: {
  question: ScorecardQuestion;
  number: number;
  printing: boolean;
}) {
  return (
    <div className="question__body">
      {question.question && (
        <img
          className="question__image"
          src={shown(question.question)}
          alt={`Question ${number}`}
          // The printed copy shows every question's image: a lazy one in a closed question would never load.
          loading={printing ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      {optionViews(question).map((option) => (
        <OptionFigure key={option.letter} option={option} number={number} />
      ))}
      <dl className="question__summary">
        <dt>Question Type</dt>
        <dd>{question.type}</dd>
        <dt>Marks</dt>
        <dd>{question.marks}</dd>
        <dt>Status</dt>
        <dd>{question.status}</dd>
        <dt>Response</dt>
        <dd>{responseText(question)}</dd>
        <dt>Correct Answer</dt>
        <dd>{keyText(question)}</dd>
        <dt>Marks Obtained</dt>
        <dd>{marksObtainedText(question)}</dd>
      </dl>
    </div>
  );
}

interface QuestionItemProps {
  question: ScorecardQuestion;
  number: number;
  /** How the last refresh changed the question's key or marks, if it did. */
  change: ChangedQuestion | undefined;
  /** The page is being printed: the print layout shows every question's summary, opened or not. */
  printing: boolean;
}

/**
 * An item's body (three quarters of its DOM) is built the first time it opens, then kept: a 65-question list is then
 * ~550 elements instead of ~2,200, which is most of the scorecard's rendering work on a phone. Memoised: each batch
 * adds items, and without it every earlier item would render again with each one.
 */
const QuestionItem = memo(function QuestionItem({ question, number, change, printing }: QuestionItemProps) {
  const [opened, setOpened] = useState(false);
  const verdict = verdictOf(question);
  return (
    <details
      className={isUnchosen(question) ? 'question question--unchosen' : 'question'}
      data-long-id={question.long_id}
      data-section={question.section}
      data-verdict={verdict}
      data-key-changed={change ? true : undefined}
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      {/* A click renders the body before the item opens; onToggle covers items opened otherwise. */}
      <summary className="question__header" onClick={() => setOpened(true)}>
        <span className="question__number">Q.{number}</span>
        <span className="question__id">
          {question.section && <span className="question__section">{question.section}</span>}
          {question.long_id}
        </span>
        <span className="question__type">{question.type}</span>
        <EarnedMarks question={question} />
        <VerdictIcon verdict={verdict} />
        {change && <span className="question__change">New key: {change.text}</span>}
      </summary>
      {(opened || printing) && <QuestionBody question={question} number={number} printing={printing} />}
    </details>
  );
});

/** Whether the page is being printed (print-scorecard.ts): every question's body is rendered then. */
const usePrinting = () => useSyncExternalStore(subscribePrinting, isPrinting, () => false);

/**
 * Questions rendered with the scorecard; the rest follow eight at a time (~70 DOM nodes, as closed items hold no body),
 * so no single commit lays out the whole list. The first commit is the heavy one (summary, rank card, tables), so it
 * carries the fewest.
 */
const FIRST_QUESTIONS = 2;
const LATER_BATCH = 8;

/**
 * How many questions to render: the first ones at once, then the rest in low-priority transitions, so a phone never
 * blocks for the whole 65-question list at once (React yields between batches and to any input).
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(Math.min(total, FIRST_QUESTIONS));
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount(Math.min(total, count + LATER_BATCH)));
  }, [count, total]);
  return Math.min(count, total);
}

interface QuestionBreakdownProps {
  questions: ScorecardQuestion[];
  /** Questions a refresh changed, by Question ID: each is marked in its header. */
  changes: ReadonlyMap<string, ChangedQuestion>;
}

/** Question Breakdown: one accordion item per question; images load only when an item opens. */
export function QuestionBreakdown({ questions, changes }: QuestionBreakdownProps) {
  const printing = usePrinting();
  const progressive = useProgressiveCount(questions.length);
  const shown = printing ? questions.length : progressive;
  return (
    <section className="scorecard__card" aria-labelledby="question-breakdown-title">
      <h2 id="question-breakdown-title">Question Breakdown</h2>
      <div className="question-list" aria-busy={shown < questions.length}>
        {questions.slice(0, shown).map((question, index) => (
          <QuestionItem
            key={question.long_id || index}
            question={question}
            number={index + 1}
            change={changes.get(question.long_id)}
            printing={printing}
          />
        ))}
      </div>
    </section>
  );
}
