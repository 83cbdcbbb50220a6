import type { ScorecardData } from '../../../lib/scorecard/types';
import { choiceText, sectionRows } from './sections-view';
import './sections.css';

/**
 * Sections, on a paper whose candidates choose some (XE, GE…): every section with what it is to the candidate, their
 * attempts and marks out of its most; the sections not chosen greyed and counted nowhere; how the choice was made and
 * the paper the result is ranked as.
 */
export function SectionsSummary({ data }: { data: ScorecardData }) {
  const { sections } = data;
  if (!sections) return null;
  const code = data.testPaper.split(' ')[0] ?? data.testPaper;
  return (
    <section className="scorecard__card sections-card" aria-labelledby="sections-title">
      <h2 id="sections-title">Sections</h2>
      <p className="scorecard__note">{choiceText(sections, code)}</p>
      <table className="sections-table">
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Attempts</th>
            <th scope="col">Marks</th>
          </tr>
        </thead>
        <tbody>
          {sectionRows(sections, data.response).map((row) => (
            <tr key={row.id} className={row.counted ? undefined : 'sections-table__unchosen'} data-section={row.id}>
              <th scope="row">
                {row.name}
                <span className="sections-table__tag">{row.role}</span>
              </th>
              <td>{row.attempts}</td>
              <td>{row.marks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
