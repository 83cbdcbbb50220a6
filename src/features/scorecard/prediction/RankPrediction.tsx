import { lazy, Suspense } from 'react';
import type { ScorecardData } from '../../../lib/scorecard/types';
import { useAfterFirstPaint } from '../../../lib/ui/use-after-first-paint';
import {
  gateScoreBasisText,
  gateScoreText,
  methodText,
  noRankText,
  percentileText,
  predictedRankText,
  qualifyingRows,
  rankRangeText,
} from './prediction-view';

const storedResultFigures = () => import('./StoredResultFigures');
const RankAmongParticipants = lazy(() =>
  storedResultFigures().then((module) => ({ default: module.RankAmongParticipants })),
);
const StoredResultsChart = lazy(() => storedResultFigures().then((module) => ({ default: module.StoredResultsChart })));

const loadingRank = <dd aria-busy="true">Loading…</dd>;

/** Predicted rank with its range, percentile, GATE score, qualifying status, crowd rank, method and the chart. */
export function RankPrediction({ data }: { data: ScorecardData }) {
  // The stored-result figures (their code, react-query and two API calls) start once the scorecard is on screen, so
  // they never delay its first paint.
  const scorecardPainted = useAfterFirstPaint();
  const prediction = data.prediction_data;
  const range = rankRangeText(prediction);
  const noRank = noRankText(prediction);
  const scoreBasis = gateScoreBasisText(prediction);
  const method = methodText(prediction);
  const qualifying = qualifyingRows(prediction);
  // The chart counts stored results by raw total marks, so the marker uses the candidate's raw total too.
  const marks = Number(data.totalScore['Total Marks']) || 0;
  const warnings = prediction?.warnings ?? [];
  return (
    <section className="scorecard__card rank" aria-labelledby="rank-prediction-title">
      <h2 id="rank-prediction-title">Rank Prediction</h2>
      <dl className="rank__figures">
        <div>
          <dt>Predicted Rank</dt>
          <dd className="rank__headline">{predictedRankText(prediction)}</dd>
          {range && <dd className="rank__range">Likely range {range}</dd>}
          {noRank && <dd className="rank__range">{noRank}</dd>}
        </div>
        <div>
          <dt>Percentile</dt>
          <dd>{percentileText(prediction)}</dd>
        </div>
        <div>
          <dt>GATE Score</dt>
          <dd>{gateScoreText(prediction)}</dd>
          {scoreBasis && <dd className="rank__range">{scoreBasis}</dd>}
        </div>
        <div>
          <dt>Rank among results checked here</dt>
          <Suspense fallback={loadingRank}>
            {scorecardPainted ? (
              <RankAmongParticipants resultId={data.resultId} testPaper={data.testPaper} />
            ) : (
              loadingRank
            )}
          </Suspense>
        </div>
      </dl>
      {qualifying.length > 0 && (
        <table className="qualifying-table">
          <caption>Qualifying status</caption>
          <tbody>
            {qualifying.map((row) => (
              <tr key={row.category}>
                <th scope="row">{row.category}</th>
                <td className={row.qualifies ? 'qualifying--yes' : 'qualifying--no'}>
                  {row.qualifies ? 'Qualified' : 'Not qualified'} (qualifying marks {row.qualifyingMarks})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {method && <p className="rank__method">{method}</p>}
      {warnings.map((warning) => (
        <p key={warning} className="rank__method">
          {warning}
        </p>
      ))}
      <Suspense fallback={null}>
        {scorecardPainted && <StoredResultsChart paper={data.paper?.id ?? data.testPaper} marks={marks} />}
      </Suspense>
    </section>
  );
}
