import type { ScorecardData } from '../../../lib/scorecard/types';
import { provenanceText, scoreInputRows } from './sections-view';
import './sections.css';

/**
 * Score inputs, on a paper the rank model has no marks-to-rank data for: what the GATE score, the qualifying status and
 * the rank rest on, each input published, derived or estimated (or not known), and how the rank was made or why there
 * is no field rank.
 */
export function PaperScoreInputs({ data }: { data: ScorecardData }) {
  const prediction = data.prediction_data;
  const rows = scoreInputRows(prediction);
  if (rows.length === 0) return null;
  return (
    <section className="scorecard__card" aria-labelledby="score-inputs-title">
      <h2 id="score-inputs-title">What the score rests on</h2>
      <dl className="score-inputs">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd title={row.source || undefined}>
              {row.value}
              {row.kind !== 'missing' && (
                <span className={`provenance provenance--${row.kind}`}>{provenanceText(row.kind)}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {prediction?.normalisationNote && <p className="scorecard__note">{prediction.normalisationNote}</p>}
      {prediction?.rankMethod && <p className="scorecard__note">{prediction.rankMethod}</p>}
    </section>
  );
}
