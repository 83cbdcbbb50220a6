import type { OfficialReport } from '../../store';
import { insideRange, ratioError } from '../../../src/domain/gate/rank/prediction-accuracy';

/** An official result beside the prediction the scorecard showed for it: what the candidate sees of how it did. */
export interface OfficialResultView {
  resultId: string;
  testPaper: string;
  year: number;
  source: OfficialReport['source'];
  reportedAt: string;
  actual: { rank: number; score: number; marks: number | null };
  predicted: { rank: number; rankRange: [number, number]; normMarks: number; score: number | null };
  /** The ratio error of the predicted AIR (×1 exact) and whether the official AIR fell inside the range. */
  rankRatioError: number;
  insideRange: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function presentOfficialResult(report: OfficialReport): OfficialResultView {
  const { predicted } = report;
  return {
    resultId: report.resultId,
    testPaper: report.set,
    year: report.year,
    source: report.source,
    reportedAt: report.reportedAt.toISOString(),
    actual: { rank: report.rank, score: report.score, marks: report.marks ?? null },
    predicted: {
      rank: predicted.rank,
      rankRange: predicted.rankRange,
      normMarks: round2(predicted.normMarks),
      score: predicted.score,
    },
    rankRatioError: round2(ratioError(predicted.rank, report.rank)),
    insideRange: insideRange(report.rank, predicted.rankRange),
  };
}
