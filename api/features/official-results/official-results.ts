import type { InferType } from 'yup';
import { RANK_DATA, RankModelError } from '../../../src/domain/gate/rank';
import { measureLean, MIN_LEAN_REPORTS } from '../../../src/domain/gate/rank/crowd/lean-measurement';
import { paperKeyOf, type PaperKey } from '../../../src/domain/gate/rank/published-data/data';
import {
  checkOfficialResult,
  isDocumentChecked,
  TOP_MEAN_FLOOR,
  type ReportProblem,
} from '../../../src/domain/gate/rank/official-results/official-result-checks';
import { resultsAreOut, resultsDayOf } from '../../../src/domain/gate/rank/official-results/results-day';
import { provenanceOf } from '../../../src/domain/gate/result-provenance';
import { dayText } from '../../../src/domain/dates';
import type { officialResultSchema } from '../../../src/domain/validation/official-result';
import { isTestPaper, testPaperOf } from '../../../src/domain/gate';
import type { ScorecardAccess } from '../../access/scorecard-access';
import { reporterIdentity } from '../../access/reporter-identity';
import { hasRankModel, rankedPaperOf } from '../../crowd/any-paper';
import type { Crowd } from '../../crowd/crowd';
import {
  DuplicateError,
  type ModerationEntry,
  type OfficialReport,
  type Paper,
  type Result,
  type ShownPrediction,
  type Store,
} from '../../store';
import type { ReportWatch } from './report-watch';
import { OFFICIAL_RESULT_INPUT_ERRORS } from '../../../src/contract/official-result-requests';
import { standingOf, type Standing } from '../../../src/domain/gate/rank/official-results/report-standing';

export const OFFICIAL_RESULT_ERRORS = {
  ...OFFICIAL_RESULT_INPUT_ERRORS,
  alreadyReported: 'This result already has an official result: one per result.',
  noRankModel: (testPaper: string) =>
    `Official results are taken for CS and DA, whose ranks HireGate predicts; not for ${testPaper}.`,
  noPrediction: 'This scorecard has no predicted rank to compare an official result with.',
  resultsNotOut: (year: number, day: string) =>
    `GATE ${year} results are not out yet: add your official result from ${dayText(day)}, when they are due.`,
} as const;

export type OfficialResultInput = InferType<typeof officialResultSchema>;

/** An official result with what it counts for now: the fit's weight and flags (report-consensus.ts). */
export interface StandingReport {
  report: OfficialReport;
  standing: Standing;
}

/**
 * What the scorecard's section shows this device: whether it may add a result, the one added, and, before the year's
 * results are out, the day they are due.
 */
export interface OfficialResultStatus {
  available: boolean;
  report: StandingReport | null;
  opensOn: { day: string; scheduled: boolean } | null;
}

/** Who is adding a result: the device's proof of its verified address, and the client's network address. */
export interface ReportingClient {
  accessToken: string | undefined;
  address: string;
}

/** Why an official result is not shown or taken; api/error-answers.ts says what each code answers. */
export type OfficialResultRefusalCode =
  | 'NO_RESULT'
  | 'NO_REPORT'
  | 'VERIFICATION_REQUIRED'
  | 'ALREADY_REPORTED'
  | 'RESULTS_NOT_OUT'
  | 'OFFICIAL_RESULT_IMPLAUSIBLE'
  | 'NO_RANK_MODEL'
  | 'NO_PREDICTION';

/** A refusal the candidate (or the admin) acts on: the message is theirs; an implausible result names its problems. */
export class OfficialResultRefused extends Error {
  constructor(
    readonly reason: OfficialResultRefusalCode,
    message: string,
    readonly problems?: readonly ReportProblem[],
  ) {
    super(message);
    this.name = 'OfficialResultRefused';
  }
}

const verificationRequired = () =>
  new OfficialResultRefused('VERIFICATION_REQUIRED', OFFICIAL_RESULT_ERRORS.verifyFirst);
const alreadyReported = () => new OfficialResultRefused('ALREADY_REPORTED', OFFICIAL_RESULT_ERRORS.alreadyReported);
const noReport = () => new OfficialResultRefused('NO_REPORT', OFFICIAL_RESULT_ERRORS.noReport);

/** The reporter's problems say which refusal it is: unverified, a second report, or else implausible. */
function refusalOf(problems: readonly ReportProblem[]): OfficialResultRefused {
  if (problems.some((problem) => problem.field === 'address')) return verificationRequired();
  if (problems.some((problem) => problem.field === 'result')) return alreadyReported();
  return new OfficialResultRefused('OFFICIAL_RESULT_IMPLAUSIBLE', problems[0]!.message, problems);
}

/** The least a paper's top-0.1% mean can be: TOP_MEAN_FLOOR below the lowest it has been published at. */
function lowestTopMean(paper: PaperKey): number | undefined {
  const published = Object.values(RANK_DATA.papers[paper]?.years ?? {}).flatMap(
    (year) => year.official?.topMeanMarks ?? [],
  );
  return published.length > 0 ? Math.min(...published) - TOP_MEAN_FLOOR : undefined;
}

/**
 * Official results added to saved scorecards: from a device holding the proof of an address verified for the
 * result (as its scorecard call), checked against what cannot be (checkOfficialResult), kept once per result with
 * the prediction the scorecard showed, its provenance and its reporter. How much each one moves anyone else's rank is
 * the crowd's consensus (report-consensus.ts), read afresh whenever a report is added, quarantined or restored.
 */
export function createOfficialResults(
  store: Store,
  crowd: Crowd,
  access: ScorecardAccess,
  options: { secret: string; watch: ReportWatch; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());

  async function resultOf(resultId: string): Promise<Result> {
    const result = await store.results.findById(resultId);
    if (!result) throw new OfficialResultRefused('NO_RESULT', OFFICIAL_RESULT_ERRORS.noResult);
    return result;
  }

  /** The prediction the scorecard shows for the result now (the same crowd and model as its scorecard call). */
  async function shownPrediction(result: Result) {
    const paper = await store.papers.findById(result.paperId);
    const testPaper = paper && testPaperOf(paper);
    if (!paper || !hasRankModel(testPaper)) {
      throw new OfficialResultRefused('NO_RANK_MODEL', OFFICIAL_RESULT_ERRORS.noRankModel(result.set));
    }
    const [prediction, forecast] = await Promise.all([
      crowd.predictionFor(paper, result.totalMarks, result.rankedAs),
      crowd.forecastFor(paper, result.totalMarks),
    ]);
    if (prediction.estimatedRank === null || !prediction.rankRange || !forecast) {
      throw new OfficialResultRefused('NO_PREDICTION', OFFICIAL_RESULT_ERRORS.noPrediction);
    }
    const shown: ShownPrediction = {
      rank: prediction.estimatedRank,
      rankRange: prediction.rankRange,
      normMarks: prediction.normMarks,
      score: prediction.score,
    };
    return { paper, testPaper, shown, forecast: { rank: forecast.estimatedRank, rankRange: forecast.rankRange } };
  }

  /** The report of a result with its standing in the fit now. */
  async function standingReport(paper: Paper, report: OfficialReport): Promise<StandingReport> {
    const fit = await crowd.consensusOf(paper);
    const assessed = fit?.consensus.assessed.find((one) => one.id === report.resultId);
    return { report, standing: standingOf(report, assessed, fit?.consensus.departs ?? false) };
  }

  /**
   * With MIN_LEAN_REPORTS counted official results for the paper's year and the year's field published (appeared,
   * qualifying mark), the crowd's lean is measured again from them and kept, with its count and uncertainty: the
   * next year's prior on the lean (leanPrior, in the crowd). Only reports the consensus counts take part.
   */
  async function measureYear(paper: Paper, paperKey: PaperKey): Promise<void> {
    const official = RANK_DATA.papers[paperKey]?.years[String(paper.year)]?.official;
    const appeared = official?.appeared;
    const qualifyingMarks = official?.qualifyingMarks?.general;
    if (appeared === undefined || qualifyingMarks === undefined) return;
    const fit = await crowd.consensusOf(paper);
    if (!fit) return;
    const counted = new Set(fit.consensus.assessed.filter((one) => one.weight > 0).map((one) => one.id));
    const reports = fit.reports.filter(
      (report) => counted.has(report.resultId) && rankedPaperOf(report.set) === paperKey,
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
    async review(year: number): Promise<OfficialResultReview> {
      const reports = await store.officialReports.list({ year });
      const papers = new Map((await store.papers.list()).map((paper) => [paper.id, paper]));
      // One paper per ranked paper stands for its year's consensus (CS 1 and CS 2 are one rank list).
      const ranked = new Map<PaperKey, Paper>();
      for (const report of reports) {
        const key = rankedPaperOf(report.set);
        const paper = papers.get(report.paperId);
        if (key && paper && !ranked.has(key)) ranked.set(key, paper);
      }
      const fits = new Map(
        await Promise.all([...ranked].map(async ([key, paper]) => [key, await crowd.consensusOf(paper)] as const)),
      );
      return {
        year,
        papers: [...fits].map(([paper, fit]) => ({
          paper,
          reports: fit?.reports.length ?? 0,
          independent: fit?.consensus.independent ?? 0,
          departs: fit?.consensus.departs ?? false,
        })),
        // Newest first: what arrived last is what an admin looks at first.
        reports: reports.reverse().map((report) => {
          const fit = fits.get(rankedPaperOf(report.set)!);
          const assessed = fit?.consensus.assessed.find((one) => one.id === report.resultId);
          return { report, standing: standingOf(report, assessed, fit?.consensus.departs ?? false) };
        }),
      };
    },

    /** Quarantines or restores a report for everyone's fit at once, logged with the admin and their reason. */
    async moderate(
      resultId: string,
      action: ModerationEntry['action'],
      by: string,
      reason: string,
    ): Promise<StandingReport> {
      const report = await store.officialReports.findByResult(resultId);
      const paper = report && (await store.papers.findById(report.paperId));
      if (!report || !paper) throw noReport();
      const moderated = await options.watch.around(paper, null, () =>
        store.officialReports.moderate(resultId, { action, by, at: now(), reason }),
      );
      if (!moderated) throw noReport();
      return standingReport(paper, moderated);
    },

    async status(resultId: string, accessToken: string | undefined): Promise<OfficialResultStatus> {
      const result = await resultOf(resultId);
      if (!(await access.verifiedEmailOf(result, accessToken)))
        return { available: false, report: null, opensOn: null };
      const paper = await store.papers.findById(result.paperId);
      if (!paper || !hasRankModel(testPaperOf(paper))) return { available: false, report: null, opensOn: null };
      const out = resultsAreOut(paper.year, now());
      const report = await store.officialReports.findByResult(result.id);
      return {
        available: out,
        report: report && (await standingReport(paper, report)),
        opensOn: out ? null : resultsDayOf(paper.year),
      };
    },

    async report(resultId: string, client: ReportingClient, input: OfficialResultInput): Promise<StandingReport> {
      const result = await resultOf(resultId);
      const email = await access.verifiedEmailOf(result, client.accessToken);
      // Refused before the prediction is made; checkOfficialResult would say the same.
      if (email === null || !client.accessToken) throw verificationRequired();
      const { paper, testPaper, shown, forecast } = await shownPrediction(result);
      if (!resultsAreOut(paper.year, now())) {
        const message = OFFICIAL_RESULT_ERRORS.resultsNotOut(paper.year, resultsDayOf(paper.year).day);
        throw new OfficialResultRefused('RESULTS_NOT_OUT', message);
      }
      const paperKey = paperKeyOf(testPaper);
      const official = RANK_DATA.papers[paperKey]?.years[String(paper.year)]?.official;
      const given = {
        rank: input.rank,
        score: input.score,
        marks: input.marks,
        paper: input.paper || undefined,
        year: input.year,
      };
      const check = checkOfficialResult(given, {
        testPaper,
        year: paper.year,
        marks: result.totalMarks,
        normMarks: shown.normMarks,
        appeared: official?.appeared,
        qualifyingMarks: official?.qualifyingMarks?.general,
        topMean: official?.topMeanMarks ?? undefined,
        lowestTopMean: lowestTopMean(paperKey),
        scoreFormula: RANK_DATA.scoreFormula,
        verifiedAddress: true,
        alreadyReported: (await store.officialReports.findByResult(result.id)) !== null,
      });
      if (!check.ok) throw refusalOf(check.problems);
      const documentChecked = isDocumentChecked(
        { marks: input.marks, registration: input.registration || undefined, source: input.source },
        {
          candidateId: result.candidateId,
          marks: result.totalMarks,
          normMarks: shown.normMarks,
          sessions: paper.session !== null,
        },
      );
      const reporter = reporterIdentity(options.secret, {
        email,
        accessToken: client.accessToken,
        address: client.address,
      });
      let added: OfficialReport;
      try {
        added = await options.watch.around(paper, reporter.network, () =>
          store.officialReports.add({
            resultId: result.id,
            paperId: paper.id,
            set: result.set,
            year: paper.year,
            rank: input.rank,
            score: input.score,
            ...(input.marks !== undefined ? { marks: input.marks } : {}),
            source: input.source,
            predicted: shown,
            provenance: provenanceOf(result),
            reporter,
            ...(documentChecked ? { documentChecked: true as const } : {}),
            forecast,
          }),
        );
      } catch (error) {
        // The same candidate sent it twice at once: the other request stored it.
        if (error instanceof DuplicateError) throw alreadyReported();
        throw error;
      }
      await measureYear(paper, paperKey);
      return standingReport(paper, added);
    },
  };
}

export type OfficialResults = ReturnType<typeof createOfficialResults>;

/** A year's official results for the admin: each ranked paper's consensus, and every report with its standing. */
export interface OfficialResultReview {
  year: number;
  papers: Array<{ paper: PaperKey; reports: number; independent: number; departs: boolean }>;
  reports: StandingReport[];
}
