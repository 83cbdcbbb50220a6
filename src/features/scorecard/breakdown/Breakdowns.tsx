import type { ScorecardQuestion } from '../../../domain/gate';
import { sectionBreakdown, marksText, typeBreakdown, type BreakdownRow } from './scorecard-view';

/**
 * On a phone a table can be wider than the screen: its wrapper scrolls sideways, takes keyboard focus (arrow keys
 * scroll it) under a name, and shows a shadow at the edge that has more columns behind it.
 */
function BreakdownTable({ caption, heading, rows }: { caption: string; heading: string; rows: BreakdownRow[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption} data-scrolls-sideways>
      <table className="breakdown-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Questions</th>
            <th scope="col">Attempted</th>
            <th scope="col">Correct</th>
            <th scope="col">Incorrect</th>
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
              <td>
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
      {/* Seen on a phone only (CSS), where the tables are wider than the screen; the scrolling regions are named. */}
      <p className="table-scroll__hint" aria-hidden="true">
        Swipe the tables sideways to see every column →
      </p>
      <div className="breakdown-tables">
        <BreakdownTable caption="By section" heading="Section" rows={sectionBreakdown(questions)} />
        <BreakdownTable caption="By question type" heading="Type" rows={typeBreakdown(questions)} />
      </div>
    </section>
  );
}
