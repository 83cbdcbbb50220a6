import type { ScorecardQuestion } from '../../../domain/gate';
import { sectionBreakdown, marksText, typeBreakdown, type BreakdownRow } from './scorecard-view';

/**
 * A column's head in its word, and on a phone in a short form (CSS): with the words the six columns need ~460 px, and
 * a 320 px phone has 264 px, so the Marks column was behind a sideways swipe. Screen readers keep the word.
 */
function ColumnHead({ word, short }: { word: string; short: string }) {
  return (
    <th scope="col">
      <span className="breakdown-table__word">{word}</span>
      <span className="breakdown-table__short" aria-hidden="true">
        {short}
      </span>
    </th>
  );
}

/**
 * Should a table still be wider than the screen (a large text setting), its wrapper scrolls sideways, takes keyboard
 * focus (arrow keys scroll it) under a name, and shows a shadow at the edge that has more columns behind it.
 */
function BreakdownTable({ caption, heading, rows }: { caption: string; heading: string; rows: BreakdownRow[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption} data-scrolls-sideways>
      <table className="breakdown-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <ColumnHead word="Questions" short="Qs" />
            <ColumnHead word="Attempted" short="Att." />
            <ColumnHead word="Correct" short="✓" />
            <ColumnHead word="Incorrect" short="✗" />
            <th scope="col">Marks</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.group}>
              <th scope="row">{row.group}</th>
              <td>{row.questions}</td>
              <td>{row.attempted}</td>
              <td>{row.correct}</td>
              <td>{row.incorrect}</td>
              <td className="breakdown-table__marks">
                {marksText(row.marksObtained)} / {marksText(row.marksAvailable)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Section-wise (GA / subject) and type-wise (MCQ / MSQ / NAT) totals, correctness judged on the device. */
export function Breakdowns({ questions }: { questions: ScorecardQuestion[] }) {
  return (
    <section className="scorecard__card" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">Section and Type Breakdown</h2>
      <div className="breakdown-tables">
        <BreakdownTable caption="By section" heading="Section" rows={sectionBreakdown(questions)} />
        <BreakdownTable caption="By question type" heading="Type" rows={typeBreakdown(questions)} />
      </div>
    </section>
  );
}
