import type { OfficialReport } from '../../store';
import type {
  OfficialResultAddedAnswer,
  OfficialResultAnswer,
  OfficialResultReviewRow,
  OfficialResultStatusAnswer,
} from '../../../src/contract';
import { insideRange, ratioError } from '../../../src/domain/gate/rank/official-results/prediction-accuracy';
import type { Standing } from '../../../src/domain/gate/rank/official-results/report-standing';
import type { StandingReport } from './official-results';

const round2 = (value: number) => Math.round(value * 100) / 100;
/** Enough of a digest to tell reporters apart in a table, too little to look anything up by. */
const DIGEST_SHOWN = 8;

export function presentOfficialResult({ report, standing }: StandingReport): OfficialResultAnswer {
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
    provenance: report.provenance ?? 'uploaded',
    documentChecked: report.documentChecked === true,
    standing: { state: standing.state, weight: round2(standing.weight) },
  };
}

/** The scorecard's section on this device: whether it may add an official result, and the one it added. */
export const presentOfficialResultStatus = ({
  available,
  report,
  opensOn,
}: {
  available: boolean;
  report: StandingReport | null;
  opensOn: OfficialResultStatusAnswer['opensOn'];
}): OfficialResultStatusAnswer => ({
  available,
  report: report && presentOfficialResult(report),
  opensOn,
});

export const presentOfficialResultAdded = (report: StandingReport): OfficialResultAddedAnswer => ({
  report: presentOfficialResult(report),
});

/** A row of the admin's Official results panel: the report, its plausibility, weight and flags, its moderation. */
export function presentReviewRow(report: OfficialReport, standing: Standing): OfficialResultReviewRow {
  const forecast = report.forecast ?? report.predicted;
  return {
    resultId: report.resultId,
    paperId: report.paperId,
    testPaper: report.set,
    year: report.year,
    reportedAt: report.reportedAt.toISOString(),
    provenance: report.provenance ?? 'uploaded',
    source: report.source,
    documentChecked: report.documentChecked === true,
    actual: { rank: report.rank, score: report.score, marks: report.marks ?? null },
    forecast: { rank: forecast.rank, rankRange: forecast.rankRange },
    deviation: round2(standing.deviation),
    weight: round2(standing.weight),
    flags: standing.flags,
    state: standing.state,
    reporter: report.reporter
      ? {
          address: report.reporter.address.slice(0, DIGEST_SHOWN),
          device: report.reporter.device.slice(0, DIGEST_SHOWN),
          network: report.reporter.network.slice(0, DIGEST_SHOWN),
        }
      : null,
    moderation: (report.moderation ?? []).map((entry) => ({ ...entry, at: entry.at.toISOString() })),
  };
}
