import type { ApiCode } from '../../../src/contract/codes';
import type { InferType } from 'yup';
import { RANK_DATA, RankModelError } from '../../../src/domain/gate/rank';
import { measureLean, MIN_LEAN_REPORTS } from '../../../src/domain/gate/rank/lean-measurement';
import { paperKeyOf, type PaperKey } from '../../../src/domain/gate/rank/data';
import { checkOfficialResult, type ReportProblem } from '../../../src/domain/gate/rank/official-result';
import { resultsAreOut, resultsDayOf } from '../../../src/domain/gate/rank/results-day';
import { dayText } from '../../../src/domain/dates';
import type { officialResultSchema } from '../../../src/domain/validation/official-result';
import { isTestPaper, testPaperOf } from '../../../src/domain/gate';
import type { ScorecardAccess } from '../../access/scorecard-access';
import { hasRankModel, rankedPaperOf } from '../../crowd/any-paper';
import type { Crowd } from '../../crowd/crowd';
import { HttpError } from '../../http/errors';
import {
  DuplicateError,
  type OfficialReport,
  type Paper,
  type Result,
  type ShownPrediction,
  type Store,
} from '../../store';

export const OFFICIAL_RESULT_ERRORS = {
  noResult: 'No scorecard with this id is stored here.',
  verifyFirst: 'Verify your email address before adding an official result.',
  alreadyReported: 'This result already has an official result: one per result.',
  noRankModel: (testPaper: string) =>
    `Official results are taken for CS and DA, whose ranks HireGate predicts; not for ${testPaper}.`,
  noPrediction: 'This scorecard has no predicted rank to compare an official result with.',
  resultsNotOut: (year: number, day: string) =>
    `GATE ${year} results are not out yet: add your official result from ${dayText(day)}, when they are due.`,
} as const;

export type OfficialResultInput = InferType<typeof officialResultSchema>;

/**
 * What the scorecard's section shows this device: whether it may add a result, the one added, and, before the year's
 * results are out, the day they are due.
 */
export interface OfficialResultStatus {
  available: boolean;
  report: OfficialReport | null;
  opensOn: { day: string; scheduled: boolean } | null;
}

/** A refusal the candidate acts on: its status and a stable code beside the domain's message. */
const refused = (status: number, code: ApiCode, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, message, { code, ...extra });

const verificationRequired = () => refused(403, 'VERIFICATION_REQUIRED', OFFICIAL_RESULT_ERRORS.verifyFirst);
const alreadyReported = () => refused(409, 'ALREADY_REPORTED', OFFICIAL_RESULT_ERRORS.alreadyReported);

/** The reporter's problems answer for themselves: unverified 403, a second report 409; the rest is implausible. */
function refusalOf(problems: readonly ReportProblem[]): HttpError {
  if (problems.some((problem) => problem.field === 'address')) return verificationRequired();
  if (problems.some((problem) => problem.field === 'result')) return alreadyReported();
  return refused(422, 'OFFICIAL_RESULT_IMPLAUSIBLE', problems[0]!.message, { problems });
}

/**
 * Official results added to saved scorecards: from a device holding the proof of an address verified for the
 * result (as its scorecard call), checked against what the product knows of the result (checkOfficialResult), kept
 * once per result with the prediction the scorecard showed.
 */
export function createOfficialResults(
  store: Store,
  crowd: Crowd,
  access: ScorecardAccess,
  now: () => Date = () => new Date(),
) {
  async function resultOf(resultId: string): Promise<Result> {
    const result = await store.results.findById(resultId);
    if (!result) throw new HttpError(404, OFFICIAL_RESULT_ERRORS.noResult);
    return result;
  }

  /** The prediction the scorecard shows for the result now (the same crowd and model as its scorecard call). */
  async function shownPrediction(result: Result) {
    const paper = await store.papers.findById(result.paperId);
    const testPaper = paper && testPaperOf(paper);
    if (!paper || !hasRankModel(testPaper)) {
      throw refused(422, 'NO_RANK_MODEL', OFFICIAL_RESULT_ERRORS.noRankModel(result.set));
    }
    const prediction = await crowd.predictionFor(paper, result.totalMarks, result.rankedAs);
    if (prediction.estimatedRank === null || !prediction.rankRange) {
      throw refused(422, 'NO_PREDICTION', OFFICIAL_RESULT_ERRORS.noPrediction);
    }
    const shown: ShownPrediction = {
      rank: prediction.estimatedRank,
      rankRange: prediction.rankRange,
      normMarks: prediction.normMarks,
      score: prediction.score,
    };
    return { paper, testPaper, shown };
  }

  /**
   * With MIN_LEAN_REPORTS official results for the paper's year and the year's field published (appeared, qualifying
   * mark), the crowd's lean is measured again from them and kept, with its count and uncertainty: the next year's
   * prior on the lean (leanPrior, in the crowd).
   */
  async function measureYear(paper: Paper, paperKey: PaperKey): Promise<void> {
    const official = RANK_DATA.papers[paperKey]?.years[String(paper.year)]?.official;
    const appeared = official?.appeared;
    const qualifyingMarks = official?.qualifyingMarks?.general;
    if (appeared === undefined || qualifyingMarks === undefined) return;
    const reports = (await store.officialReports.list({ year: paper.year })).filter(
      (report) => rankedPaperOf(report.set) === paperKey,
    );
    if (reports.length < MIN_LEAN_REPORTS) return;
    const results = await store.results.findByIds(reports.map((report) => report.resultId));
    const rankOf = new Map(reports.map((report) => [report.resultId, report.rank]));
    // The crowd holds raw marks per session: each report is read at its result's.
    const ranked = results.flatMap((result) =>
      isTestPaper(result.set) && hasRankModel(result.set)
        ? [{ testPaper: result.set, marks: result.totalMarks, rank: rankOf.get(result.id)! }]
        : [],
    );
    try {
      const crowdInput = await crowd.crowdOf(paper);
      await store.leanMeasurements.record(
        measureLean({ year: paper.year, crowd: crowdInput, reports: ranked, appeared, qualifyingMarks }),
      );
    } catch (error) {
      // A crowd the model cannot read measures nothing; the report stays added.
      if (!(error instanceof RankModelError)) throw error;
    }
  }

  return {
    async status(resultId: string, accessToken: string | undefined): Promise<OfficialResultStatus> {
      const result = await resultOf(resultId);
      if (!(await access.verifiedEmailOf(result, accessToken)))
        return { available: false, report: null, opensOn: null };
      const paper = await store.papers.findById(result.paperId);
      if (!paper || !hasRankModel(testPaperOf(paper))) return { available: false, report: null, opensOn: null };
      const out = resultsAreOut(paper.year, now());
      return {
        available: out,
        report: await store.officialReports.findByResult(result.id),
        opensOn: out ? null : resultsDayOf(paper.year),
      };
    },

    async report(resultId: string, accessToken: string | undefined, input: OfficialResultInput) {
      const result = await resultOf(resultId);
      const verified = (await access.verifiedEmailOf(result, accessToken)) !== null;
      // Refused before the prediction is made; checkOfficialResult would say the same.
      if (!verified) throw verificationRequired();
      const { paper, testPaper, shown } = await shownPrediction(result);
      if (!resultsAreOut(paper.year, now())) {
        const message = OFFICIAL_RESULT_ERRORS.resultsNotOut(paper.year, resultsDayOf(paper.year).day);
        throw refused(409, 'RESULTS_NOT_OUT', message);
      }
      const paperKey = paperKeyOf(testPaper);
      const official = RANK_DATA.papers[paperKey]?.years[String(paper.year)]?.official;
      const accepted = (await store.officialReports.list({ year: paper.year }))
        .filter((other) => rankedPaperOf(other.set) === paperKey)
        .map((other) => ({ marks: other.marks ?? other.predicted.normMarks, rank: other.rank }));
      const check = checkOfficialResult(
        { rank: input.rank, score: input.score, marks: input.marks, paper: input.paper || undefined, year: input.year },
        {
          testPaper,
          year: paper.year,
          marks: result.totalMarks,
          normMarks: shown.normMarks,
          rankRange: shown.rankRange,
          appeared: official?.appeared,
          qualifyingMarks: official?.qualifyingMarks?.general,
          topMean: official?.topMeanMarks ?? undefined,
          scoreFormula: RANK_DATA.scoreFormula,
          verifiedAddress: verified,
          alreadyReported: (await store.officialReports.findByResult(result.id)) !== null,
          accepted,
        },
      );
      if (!check.ok) throw refusalOf(check.problems);
      let added: OfficialReport;
      try {
        added = await store.officialReports.add({
          resultId: result.id,
          paperId: paper.id,
          set: result.set,
          year: paper.year,
          rank: input.rank,
          score: input.score,
          ...(input.marks !== undefined ? { marks: input.marks } : {}),
          source: input.source,
          predicted: shown,
        });
      } catch (error) {
        // The same candidate sent it twice at once: the other request stored it.
        if (error instanceof DuplicateError) throw alreadyReported();
        throw error;
      }
      await measureYear(paper, paperKey);
      return added;
    },
  };
}

export type OfficialResults = ReturnType<typeof createOfficialResults>;
