import { useQuery } from '@tanstack/react-query';
import { withQueryClient } from '../../../lib/query';
import { DistributionChart } from './DistributionChart';
import { distributionQuery, rankQuery } from './scorecard-api';
import { uncountedNote } from './prediction-view';

/**
 * The rank card's two figures read from the results stored on the server, the only parts of the scorecard that use
 * react-query. RankPrediction loads this module lazily, so react-query downloads alongside these calls instead of
 * before the scorecard's first paint.
 */

function RankAmongParticipantsQuery({ resultId, testPaper }: { resultId?: string; testPaper: string }) {
  const rank = useQuery(rankQuery(resultId, testPaper));
  if (!resultId) return <dd>--</dd>;
  if (rank.isError) return <dd className="rank__error">Failed to load rank</dd>;
  if (!rank.data) return <dd aria-busy="true">Loading…</dd>;
  const { rank: place, totalParticipants, counted } = rank.data;
  return (
    <>
      <dd>
        {place} of {totalParticipants}
      </dd>
      {!counted && <dd className="rank__range">{uncountedNote(totalParticipants - 1)}</dd>}
    </>
  );
}

/** `paper`: the paper's id, or the test paper of a scorecard saved before scorecards named their paper. */
function StoredResultsChartQuery({ paper, marks }: { paper: string; marks: number }) {
  const distribution = useQuery(distributionQuery(paper));
  if (!distribution.data?.bins?.length) return null;
  return <DistributionChart bins={distribution.data.bins} marks={marks} />;
}

export const RankAmongParticipants = withQueryClient(RankAmongParticipantsQuery);
export const StoredResultsChart = withQueryClient(StoredResultsChartQuery);
