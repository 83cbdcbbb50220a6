import type { ScorecardData } from '../../../lib/scorecard/types';
import { marksToAllNote, summaryRows } from './scorecard-view';

export function ScoreSummary({ data }: { data: ScorecardData }) {
  const marksToAll = marksToAllNote(data);
  return (
    <section className="scorecard__card" aria-labelledby="score-summary-title">
      <h2 id="score-summary-title">Score Summary</h2>
      <table className="summary-table">
        <tbody>
          {summaryRows(data).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {marksToAll && <p className="scorecard__note">{marksToAll}</p>}
    </section>
  );
}
