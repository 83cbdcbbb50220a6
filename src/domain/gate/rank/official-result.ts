import type { PaperKey, RankTestPaper } from './data';
import { paperKeyOf } from './data';
import type { ScoreFormula } from './score';
import { gateScore } from './score';

/**
 * A candidate's official result (AIR and GATE score), added to a saved scorecard after GATE's results: typed in or
 * read from the official scorecard PDF (readOfficialScorecard), then checked against what the product knows of that
 * result before it may show how the prediction did, give others a rank read (rankFromReports) and measure the crowd's
 * lean (measureLean). A report that does not fit is refused with the reason, never stored.
 */
export interface OfficialResultReport {
  /** All India Rank in the paper. */
  rank: number;
  /** GATE score (out of 1000; below the qualifying mark it can be negative). */
  score: number;
  /** What the scorecard PDF also printed: the official (normalised) marks, the paper's code and the year. */
  marks?: number;
  paper?: string;
  year?: number;
}

/** What the product knows of the result the report is for, and of its reporter. */
export interface ReportedResultContext {
  testPaper: RankTestPaper;
  year: number;
  /** The result's marks as the product scored them, and its normalised marks (equal to them for DA). */
  marks: number;
  normMarks: number;
  /** The prediction's ~80% range for the result: an AIR far outside it is implausible. */
  rankRange: readonly [number, number];
  /** The year's published official values, when the product has them. */
  appeared?: number;
  qualifyingMarks?: number;
  topMean?: number;
  scoreFormula: ScoreFormula;
  /** The reporter's address is verified, and whether this result already has a report. */
  verifiedAddress: boolean;
  alreadyReported: boolean;
  /** Reports already accepted for the paper and year (normalised marks, AIR). */
  accepted?: readonly { marks: number; rank: number }[];
}

export type ReportField = 'address' | 'result' | 'rank' | 'score' | 'marks' | 'paper' | 'year';

export interface ReportProblem {
  field: ReportField;
  message: string;
}

export type ReportCheck = { ok: true } | { ok: false; problems: ReportProblem[] };

/**
 * An AIR this many times better or worse than the ends of the ~80% range is refused: the range misses one point in
 * five, and a year unlike the others can sit ×2–3 beyond it, but no further.
 */
const RANK_RANGE_SLACK = 5;

/** Ranks as the scorecard writes them: '1,70,825'. */
const grouped = (rank: number) => rank.toLocaleString('en-IN');

/**
 * The official marks may differ from the product's by this much: DA's raw marks move only with the final key, CS's
 * normalised marks are the product's estimate of the official formula (the crowd's session statistics).
 */
const MARKS_TOLERANCE: Record<PaperKey, number> = { DA: 2, CS: 8 };
/** Published values: the score is the formula's, rounded (±1 for marks printed to two decimals). */
const SCORE_ROUNDING = 1;
/** A report contradicts an accepted one with at least this many more (or fewer) marks and a worse (better) AIR. */
const CONTRADICTION_MARKS = 3;
/** This many contradicted accepted reports refuse a report (one could be the other's mistake). */
const CONTRADICTIONS_REFUSED = 2;

export function checkOfficialResult(report: OfficialResultReport, context: ReportedResultContext): ReportCheck {
  const problems = [
    ...reporterProblems(context),
    ...scorecardProblems(report, context),
    ...rankProblems(report, context),
    ...scoreProblems(report, context),
  ];
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

function reporterProblems({ verifiedAddress, alreadyReported }: ReportedResultContext): ReportProblem[] {
  return [
    ...(verifiedAddress
      ? []
      : [{ field: 'address' as const, message: 'Verify your email address before adding an official result.' }]),
    ...(alreadyReported
      ? [{ field: 'result' as const, message: 'This result already has an official result: one per result.' }]
      : []),
  ];
}

/** What a dropped scorecard printed beside the rank and score must be this result's. */
function scorecardProblems(report: OfficialResultReport, context: ReportedResultContext): ReportProblem[] {
  const paper = paperKeyOf(context.testPaper);
  const problems: ReportProblem[] = [];
  if (report.paper !== undefined && report.paper !== paper) {
    problems.push({
      field: 'paper',
      message: `The scorecard is for ${report.paper}, but this result is ${context.testPaper}.`,
    });
  }
  if (report.year !== undefined && report.year !== context.year) {
    problems.push({ field: 'year', message: `The scorecard is for GATE ${report.year}, not ${context.year}.` });
  }
  if (report.marks !== undefined && Math.abs(report.marks - context.normMarks) > MARKS_TOLERANCE[paper]) {
    problems.push({
      field: 'marks',
      message: `The scorecard's marks (${report.marks}) are far from this result's (${round2(context.normMarks)}): is it the scorecard of this result?`,
    });
  }
  return problems;
}

function rankProblems(report: OfficialResultReport, context: ReportedResultContext): ReportProblem[] {
  const { rank } = report;
  const highest = context.appeared ?? Infinity;
  if (!Number.isInteger(rank) || rank < 1 || rank > highest) {
    const limit = Number.isFinite(highest) ? ` from 1 to ${highest}` : ' of 1 or more';
    return [{ field: 'rank', message: `An All India Rank is a whole number${limit}.` }];
  }
  const [best, worst] = context.rankRange;
  if (rank < best / RANK_RANGE_SLACK || rank > worst * RANK_RANGE_SLACK) {
    return [
      {
        field: 'rank',
        message: `An All India Rank of ${grouped(rank)} does not fit ${round2(context.normMarks)} marks: GATE's past results put them between ${grouped(best)} and ${grouped(worst)}.`,
      },
    ];
  }
  const marks = report.marks ?? context.normMarks;
  const contradicted = (context.accepted ?? []).filter(
    (other) =>
      (other.marks >= marks + CONTRADICTION_MARKS && other.rank > rank) ||
      (other.marks <= marks - CONTRADICTION_MARKS && other.rank < rank),
  );
  if (contradicted.length >= CONTRADICTIONS_REFUSED) {
    return [
      {
        field: 'rank',
        message: `An All India Rank of ${grouped(rank)} for ${round2(marks)} marks contradicts ${contradicted.length} official results already added for ${context.year}.`,
      },
    ];
  }
  return [];
}

/** With the year's qualifying mark and top-0.1% mean published, the score follows from the marks. */
function scoreProblems(report: OfficialResultReport, context: ReportedResultContext): ReportProblem[] {
  const { score } = report;
  if (!Number.isInteger(score) || score > context.scoreFormula.cap) {
    return [{ field: 'score', message: `A GATE score is a whole number up to ${context.scoreFormula.cap}.` }];
  }
  const { qualifyingMarks, topMean } = context;
  if (qualifyingMarks === undefined || topMean === undefined) return [];
  const marks = report.marks ?? context.normMarks;
  const tolerance =
    report.marks !== undefined
      ? SCORE_ROUNDING
      : SCORE_ROUNDING +
        (MARKS_TOLERANCE[paperKeyOf(context.testPaper)] * (context.scoreFormula.St - context.scoreFormula.Sq)) /
          (topMean - qualifyingMarks);
  const expected = gateScore(marks, qualifyingMarks, topMean, context.scoreFormula);
  if (Math.abs(score - expected) <= tolerance) return [];
  return [
    {
      field: 'score',
      message: `A GATE score of ${score} does not fit ${round2(marks)} marks: ${context.year}'s qualifying mark (${qualifyingMarks}) and top-0.1% mean (${round2(topMean)}) give ${expected}.`,
    },
  ];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
