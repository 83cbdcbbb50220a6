import { useEffect, useRef } from 'react';
import { thirdsMoved, type ChangedQuestion } from '../../../domain/gate';
import type { RefreshedScorecard } from './key-update';
import { marksText, signedMarksText } from '../breakdown/scorecard-view';

/** 'Your marks: +1 → −⅓', or that they stayed. */
function marksLine({ marksBefore, marksAfter }: ChangedQuestion): string {
  return marksBefore === marksAfter
    ? `Your marks stay ${signedMarksText(marksAfter)}`
    : `Your marks: ${signedMarksText(marksBefore)} → ${signedMarksText(marksAfter)}`;
}

/**
 * What a refresh changed, shown once after it: the key it used, the total before and after, and each question whose
 * key or marks changed, numbered as the Question Breakdown numbers them. The heading takes the focus, so a screen
 * reader and the keyboard land on the news instead of on the Refresh button that is gone.
 */
export function KeyChanges({ refreshed }: { refreshed: RefreshedScorecard }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [refreshed]);
  const { before, data, changes } = refreshed;
  const numberOf = new Map(data.response.map((question, index) => [question.long_id, index + 1]));
  const [was, is] = [before.totalScore['Total Marks'], data.totalScore['Total Marks']];
  return (
    <section className="scorecard__card key-changes" aria-labelledby="key-changes-title">
      <h2 id="key-changes-title" ref={heading} tabIndex={-1}>
        What changed
      </h2>
      <p className="key-changes__saved">Your scorecard is refreshed and saved on this device.</p>
      <p className="key-changes__total">
        Total{' '}
        <strong>
          {marksText(was)} → {marksText(is)}
        </strong>{' '}
        out of 100 ({signedMarksText(thirdsMoved(Number(was), Number(is)) / 3)})
      </p>
      {changes.length === 0 ? (
        <p>None of your questions changed.</p>
      ) : (
        <ul className="key-changes__list">
          {changes.map((change) => (
            <li key={change.long_id}>
              <strong>
                Q.{numberOf.get(change.long_id)} · {change.type}
              </strong>
              <span>{change.text}</span>
              <span>{marksLine(change)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
