import { useQuery } from '@tanstack/react-query';
import type { ScorecardData } from '../../lib/scorecard-types';
import { DistributionChart } from './DistributionChart';
import {
  gateScoreText,
  methodText,
  percentileText,
  predictedRankText,
  qualifyingRows,
  rankRangeText,
} from './prediction-view';
import { fetchDistribution, fetchRank } from './scorecard-api';

function RankAmongParticipants({ resultId, testPaper }: { resultId?: string; testPaper: string }) {
  const rank = useQuery({
    queryKey: ['rank', resultId, testPaper],
    queryFn: () => fetchRank(resultId!, testPaper),
    enabled: Boolean(resultId && testPaper),
    retry: false,
  });
  if (!resultId) return <dd>--</dd>;
  if (rank.isError) return <dd className="rank__error">Failed to load rank</dd>;
  if (!rank.data) return <dd aria-busy="true">Loading…</dd>;
  return (
    <dd>
      {rank.data.rank} of {rank.data.totalParticipants}
    </dd>
  );
}

function StoredResultsChart({ testPaper, marks }: { testPaper: string; marks: number }) {
  const distribution = useQuery({
    queryKey: ['distribution', testPaper],
    queryFn: () => fetchDistribution(testPaper),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (!distribution.data?.bins?.length) return null;
  return <DistributionChart bins={distribution.data.bins} marks={marks} />;
}

/** Predicted rank with its range, percentile, GATE score, qualifying status, crowd rank, method and the chart. */
export function RankPrediction({ data }: { data: ScorecardData }) {
  const prediction = data.prediction_data;
  const range = rankRangeText(prediction);
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
        </div>
        <div>
          <dt>Percentile</dt>
          <dd>{percentileText(prediction)}</dd>
        </div>
        <div>
          <dt>GATE Score</dt>
          <dd>{gateScoreText(prediction)}</dd>
        </div>
        <div>
          <dt>Rank among participants</dt>
          <RankAmongParticipants resultId={data.resultId} testPaper={data.testPaper} />
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
      <StoredResultsChart testPaper={data.testPaper} marks={marks} />
    </section>
  );
}
