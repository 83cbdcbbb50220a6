import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { withQueryClient } from '../../../lib/query';
import { scorecardDisputesQuery } from './disputes-api';
import { DISPUTE_WORDS, disputesView } from './disputes-view';
import './disputes.css';

/**
 * "Disputed answers": where the strong candidates disagree with the provisional key, each question with the
 * candidate's own side. Loaded once the scorecard has painted; shown only while the paper's disputes are listed.
 */
function DisputesQuery({ resultId, keyVersion }: { resultId: string; keyVersion: number | undefined }) {
  const headingId = useId();
  const shown = useQuery(scorecardDisputesQuery(resultId, keyVersion));
  const view = shown.data ? disputesView(shown.data.answer, { keptAt: shown.data.keptAt }) : null;
  if (!view) return null;
  return (
    <section className="scorecard__card disputes" aria-labelledby={headingId}>
      <h2 id={headingId}>{DISPUTE_WORDS.heading}</h2>
      {view.asOf && <p className="disputes__as-of">{view.asOf}</p>}
      <p className="disputes__lead">{DISPUTE_WORDS.lead}</p>
      {view.none && <p className="disputes__none">{view.none}</p>}
      {view.rows.length > 0 && (
        <ul className="disputes__list">
          {view.rows.map((row) => (
            <li key={row.questionId} className="disputes__item">
              <h3>{row.question}</h3>
              <dl className="disputes__facts">
                {row.facts.map((fact) => (
                  <div key={fact.term}>
                    <dt>{fact.term}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {view.window && <p className="disputes__window">{view.window}</p>}
      {view.notes.map((note) => (
        <p key={note} className="disputes__note">
          {note}
        </p>
      ))}
    </section>
  );
}

export const Disputes = withQueryClient(DisputesQuery);
