import type { Distribution } from '../crowd/crowd';

/** A result's place among the paper's results checked here. */
export interface PresentedRank {
  rank: number;
  /** The results checked here (what the chart and the rank model count), plus this one when it is not among them. */
  totalParticipants: number;
  /** Whether this result is one of the results checked here: an uploaded page never is (anyone can edit one). */
  counted: boolean;
}

/** The rank answer, field by field: what get-rank promises and nothing the checker keeps beside it. */
export const presentRank = ({ rank, totalParticipants, counted }: PresentedRank): PresentedRank => ({
  rank,
  totalParticipants,
  counted,
});

/** The marks histogram of a paper's stored results, as the scorecard's chart reads it. */
export const presentDistribution = ({ paperId, paper, count, binWidth, bins }: Distribution): Distribution => ({
  paperId,
  paper,
  count,
  binWidth,
  bins: bins.map(({ from, to, count: inBin }) => ({ from, to, count: inBin })),
});
