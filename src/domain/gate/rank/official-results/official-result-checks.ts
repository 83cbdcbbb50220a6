import type { PaperKey, RankTestPaper } from '../published-data/data';
import { paperKeyOf } from '../published-data/data';
import type { ScoreFormula } from '../gate-score/gate-score';
import { gateScore } from '../gate-score/gate-score';

/**
 * A candidate's official result (AIR and GATE score), added to a saved scorecard after GATE's results: typed in or
 * read from the official scorecard PDF (readOfficialScorecard), then checked against what the product knows of that
 * result before it may show how the prediction did. A report that cannot be (an AIR outside the field, a score the
 * marks cannot give, another paper's scorecard) is refused with the reason. One that is merely far from what others
 * reported, or from the forecast, is kept: how much it moves anyone else's rank is report-consensus.ts's question.
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
  /** The year's published official values, when the product has them. */
  appeared?: number;
  qualifyingMarks?: number;
  topMean?: number;
  /**
   * Before the year's top-0.1% mean is published: the least it can be (TOP_MEAN_FLOOR below the lowest of the
   * paper's published ones), so the formula still bounds the score the marks can give.
   */
  lowestTopMean?: number;
  scoreFormula: ScoreFormula;
  /** The reporter's address is verified, and whether this result already has a report. */
  verifiedAddress: boolean;
  alreadyReported: boolean;
}

export type ReportField = 'address' | 'result' | 'rank' | 'score' | 'marks' | 'paper' | 'year';

export interface ReportProblem {
  field: ReportField;
  message: string;
}

export type ReportCheck = { ok: true } | { ok: false; problems: ReportProblem[] };

/** The most marks a GATE paper gives: no top-0.1% mean is higher. */
const MAX_MARKS = 100;
/**
 * How far below the lowest published top-0.1% mean of a paper a year's may fall (CS: 81.32 in 2023, 83.24 in 2025,
 * so 71.32): a whole paper's top scoring ten marks lower than in any published year has not happened.
 */
export const TOP_MEAN_FLOOR = 10;

/**
 * The official marks may differ from the product's by this much: DA's raw marks move only with the final key, CS's
 * normalised marks are the product's estimate of the official formula (the crowd's session statistics).
 */
const MARKS_TOLERANCE: Record<PaperKey, number> = { DA: 2, CS: 8 };
/** Published values: the score is the formula's, rounded (±1 for marks printed to two decimals). */
const SCORE_ROUNDING = 1;

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
  return [];
}

/**
 * The score follows from the marks: S = Sq + (St − Sq)(M − Mq)/(M̄t − Mq). With the year's qualifying mark and top-0.1%
 * mean published it is one number (± rounding, and ± the marks' own uncertainty when the scorecard's marks were not
 * given). Before M̄t is published it lies between the formula at M̄t = 100 and at the least M̄t can be; a score outside
 * that band (1000 for 72.33 marks) no marks-to-score formula of GATE's gives.
 */
function scoreProblems(report: OfficialResultReport, context: ReportedResultContext): ReportProblem[] {
  const { score } = report;
  const { scoreFormula: formula, qualifyingMarks, topMean } = context;
  if (!Number.isInteger(score) || score > formula.cap) {
    return [{ field: 'score', message: `A GATE score is a whole number up to ${formula.cap}.` }];
  }
  if (qualifyingMarks === undefined) return [];
  const marks = report.marks ?? context.normMarks;
  const marksSlack = report.marks !== undefined ? 0 : MARKS_TOLERANCE[paperKeyOf(context.testPaper)];
  const scoreAt = (m: number, mean: number) => gateScore(m, qualifyingMarks, mean, formula);
  const [lowMarks, highMarks] = [marks - marksSlack, marks + marksSlack];
  // More marks, and a lower top mean, give a higher score (above the qualifying mark; below it the reverse).
  const lowest = Math.min(
    scoreAt(lowMarks, topMean ?? MAX_MARKS),
    scoreAt(lowMarks, topMean ?? context.lowestTopMean ?? MAX_MARKS),
  );
  const highest =
    topMean === undefined && context.lowestTopMean === undefined
      ? formula.cap
      : Math.max(scoreAt(highMarks, topMean ?? context.lowestTopMean!), scoreAt(highMarks, topMean ?? MAX_MARKS));
  if (score >= lowest - SCORE_ROUNDING && score <= highest + SCORE_ROUNDING) return [];
  const given = `A GATE score of ${score} does not fit ${round2(marks)} marks`;
  if (topMean !== undefined) {
    return [
      {
        field: 'score',
        message: `${given}: ${context.year}'s qualifying mark (${qualifyingMarks}) and top-0.1% mean (${round2(topMean)}) give ${scoreAt(marks, topMean)}.`,
      },
    ];
  }
  return [
    {
      field: 'score',
      message: `${given}: with ${context.year}'s qualifying mark (${qualifyingMarks}), GATE's score formula gives them ${lowest} to ${highest}.`,
    },
  ];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A report read from the official scorecard PDF is document-checked when the scorecard is this result's: its
 * registration number is the sheet's candidate id and its marks are ours. A one-session paper's official marks are
 * its raw marks under the final key (to the hundredth); a session paper's are normalised with GATE's session
 * statistics, which ours estimate from the crowd, so they may differ by DOCUMENT_SESSION_MARKS.
 */
export const DOCUMENT_SESSION_MARKS = 1;

export function isDocumentChecked(
  report: Pick<OfficialResultReport, 'marks'> & { registration?: string; source: 'typed' | 'pdf' },
  result: { candidateId: string; marks: number; normMarks: number; sessions: boolean },
): boolean {
  if (report.source !== 'pdf' || report.marks === undefined || !report.registration) return false;
  const sameCandidate = report.registration.trim().toUpperCase() === result.candidateId.trim().toUpperCase();
  const ours = result.sessions ? result.normMarks : result.marks;
  const tolerance = result.sessions ? DOCUMENT_SESSION_MARKS : 0.005;
  return sameCandidate && Math.abs(report.marks - ours) <= tolerance;
}
