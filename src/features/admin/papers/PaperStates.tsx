import type { AdminPaper } from '../admin-api';
import { paperResultsText, paperStateText } from './paper-state';

/** Which papers score candidates now and which do not yet, and how many results each holds, on the dashboard. */
export function PaperStates({ papers }: { papers: readonly AdminPaper[] }) {
  if (papers.length === 0) return null;
  return (
    <div className="admin-paper-states">
      <h2>Papers</h2>
      <ul>
        {papers.map((paper) => (
          <li key={paper.id} className={`admin-paper-state admin-paper-state--${paper.live ? 'live' : 'waiting'}`}>
            <strong>{paper.name}</strong>: {paperStateText(paper)}
            {paperResultsText(paper) && ` · ${paperResultsText(paper)}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
