import type { OfficialReport } from '../../store';
import type {
  OfficialResultAddedAnswer,
  OfficialResultAnswer,
  OfficialResultStatusAnswer,
} from '../../../src/contract';
import { insideRange, ratioError } from '../../../src/domain/gate/rank/prediction-accuracy';

const round2 = (value: number) => Math.round(value * 100) / 100;

export function presentOfficialResult(report: OfficialReport): OfficialResultAnswer {
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

/** The scorecard's section on this device: whether it may add an official result, and the one it added. */
export const presentOfficialResultStatus = ({
  available,
  report,
  opensOn,
}: {
  available: boolean;
  report: OfficialReport | null;
  opensOn: OfficialResultStatusAnswer['opensOn'];
}): OfficialResultStatusAnswer => ({
  available,
  report: report && presentOfficialResult(report),
  opensOn,
});

export const presentOfficialResultAdded = (report: OfficialReport): OfficialResultAddedAnswer => ({
  report: presentOfficialResult(report),
});
