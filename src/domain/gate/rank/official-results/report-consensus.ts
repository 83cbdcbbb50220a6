import { isTrustedProvenance, type ResultProvenance } from '../../result-provenance';
import type { ReportedPair } from './reported-ranks';
import { median, RANGE_Z } from '../statistics/statistics';

/**
 * Official results that candidates add move every other candidate's rank once the results are out, so each report
 * counts only as far as it can be trusted, and no one reporter, however many reports they send, can move the fit:
 *
 * 1. Only results whose responses the portal vouches for count (provenance `portal` or `confirmed`); a quarantined
 *    report counts for nothing.
 * 2. Reports that share a verified address, a device or a network are one reporter: together they give the fit one
 *    point (their median report), weighing as much as one report. A report read from the official scorecard and
 *    checked against the result weighs twice a typed one.
 * 3. Until MIN_INDEPENDENT_REPORTERS independent reporters have reported, the fit is the earlier years' forecast and
 *    no report moves anyone's rank. From then on each report is measured against the other reporters near its marks
 *    (how far its AIR is from the forecast's, against how far theirs are; one vote per reporter, its own left out),
 *    in the spread the reporters themselves show.
 * 4. A report close to that consensus counts fully, one far from it less and less (a biweight), one very far not at
 *    all: it is kept and flagged for review, never believed, and never refused for disagreeing with others.
 *
 * The weighted pairs are what the rank after results is read off (rankFromReports).
 */

/** Who sent a report, each an opaque digest: the verified address, the device's access token and the network. */
export interface ReporterIdentity {
  address: string;
  device: string;
  network: string;
}

export interface ReportForConsensus {
  id: string;
  /** The marks the AIR is given for (normalised for session papers). */
  marks: number;
  rank: number;
  provenance: ResultProvenance;
  /** Read from the official scorecard PDF whose registration number and marks matched the result. */
  documentChecked: boolean;
  quarantined: boolean;
  /** Absent on reports kept before reporters were recorded: each such report is its own reporter. */
  reporter?: ReporterIdentity;
  /** The earlier years' forecast at the report's marks: the AIR and its ~80% range. */
  forecast: { rank: number; rankRange: readonly [number, number] };
}

export const REPORT_FLAGS = ['uploaded', 'quarantined', 'shared-reporter', 'far-from-consensus'] as const;
export type ReportFlag = (typeof REPORT_FLAGS)[number];

export interface AssessedReport {
  id: string;
  /** What the report weighs in the fit: 0 (not counted) to 1 (a document-checked report of its own reporter). */
  weight: number;
  /**
   * How far the AIR is from the consensus near its marks, in the reporters' spread (before there is a consensus:
   * from the forecast, in its uncertainty); + is a worse AIR.
   */
  deviation: number;
  flags: ReportFlag[];
}

export interface ReportConsensus {
  /** One per report, in the order given. */
  assessed: AssessedReport[];
  /** Independent reporters among the reports that count (no shared address, device or network). */
  independent: number;
  /** How far the reporters' AIRs are from the forecast's, as the median ln(reported / forecast); 0 while it is the forecast. */
  shift: number;
  /** Whether enough independent reporters agree for the rank to be read off their reports. */
  departs: boolean;
  /** One (marks, AIR) per reporter that counts, weighing 1 for a typed report; empty until `departs`. */
  pairs: ReportedPair[];
}

/** Independent reporters needed before the fit leaves the earlier years' curves. */
export const MIN_INDEPENDENT_REPORTERS = 10;
/** A typed report weighs half a document-checked one (anyone can mistype, or lie, in a form). */
export const TYPED_WEIGHT = 0.5;
/** Within this many spreads of the consensus a report counts fully; beyond REJECT_SPREADS not at all. */
export const AGREE_SPREADS = 2;
export const REJECT_SPREADS = 4;
/**
 * The reporters within this many marks of a report are its neighbours (the MAX_NEIGHBOURS nearest of them), when
 * there are MIN_NEIGHBOURS of them.
 */
const NEIGHBOUR_MARKS = 5;
const MIN_NEIGHBOURS = 8;
const MAX_NEIGHBOURS = 40;
/**
 * Reported AIRs are this unsure at least (ln rank), whatever the reporters' spread: they are rounded and
 * misremembered (reported-ranks.ts's MIN_SPREAD).
 */
const MIN_SPREAD = 0.15;
/** A normal spread from the median absolute deviation. */
const MAD_TO_SD = 1.4826;
/** A forecast is never taken as surer than this (ln rank), before there is a consensus to measure against. */
const MIN_FORECAST_SD = 0.15;

/** ln(AIR reported / AIR forecast) at the report's marks. */
const offForecast = (report: ReportForConsensus) => Math.log(report.rank / report.forecast.rank);

const forecastSd = ({ rankRange: [best, worst] }: ReportForConsensus['forecast']) =>
  Math.max(MIN_FORECAST_SD, Math.log(worst / best) / (2 * RANGE_Z));

/** 1 within AGREE_SPREADS, falling smoothly to 0 at REJECT_SPREADS. */
function agreement(distance: number): number {
  const beyond = (Math.abs(distance) - AGREE_SPREADS) / (REJECT_SPREADS - AGREE_SPREADS);
  if (beyond <= 0) return 1;
  if (beyond >= 1) return 0;
  return (1 - beyond ** 2) ** 2;
}

/** Reports grouped by reporter: any shared address, device or network joins two reports (union–find). */
function reporterGroups(reports: readonly ReportForConsensus[]): number[][] {
  const parent = reports.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const firstWith = new Map<string, number>();
  reports.forEach((report, index) => {
    if (!report.reporter) return;
    for (const [kind, digest] of Object.entries(report.reporter)) {
      const key = `${kind}\0${digest}`;
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, index);
      else parent[root(index)] = root(first);
    }
  });
  const groups = new Map<number, number[]>();
  reports.forEach((_, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), index]));
  return [...groups.values()];
}

/** One reporter as the consensus sees them: their median report and the most any of their reports weighs. */
interface Reporter {
  members: number[];
  marks: number;
  off: number;
  rank: number;
  base: number;
  /** The forecast's uncertainty at the median report: the scale before there is a consensus. */
  forecastSd: number;
}

function reporterOf(members: number[], reports: readonly ReportForConsensus[]): Reporter {
  const byOff = [...members].sort((a, b) => offForecast(reports[a]!) - offForecast(reports[b]!));
  const middle = reports[byOff[Math.floor((byOff.length - 1) / 2)]!]!;
  return {
    members,
    marks: middle.marks,
    off: offForecast(middle),
    rank: middle.rank,
    base: Math.max(...members.map((index) => (reports[index]!.documentChecked ? 1 : TYPED_WEIGHT))),
    forecastSd: forecastSd(middle.forecast),
  };
}

/**
 * Each reporter's consensus: the other reporters' median offset near its marks, those within NEIGHBOUR_MARKS (at
 * most the MAX_NEIGHBOURS nearest), or the MIN_NEIGHBOURS nearest where fewer are that near (the forecast's shape can
 * be off at the sparse top, so the nearest say most there). Walked outwards from each reporter along the reporters
 * sorted by marks, so a year of thousands of reporters costs thousands of short walks, not a sort per reporter.
 */
function consensusByReporter(reporters: readonly Reporter[]): Map<Reporter, number> {
  const byMarks = [...reporters].sort((a, b) => a.marks - b.marks);
  return new Map(
    byMarks.map((own, index) => {
      const near: number[] = [];
      let [left, right] = [index - 1, index + 1];
      while (near.length < MAX_NEIGHBOURS && (left >= 0 || right < byMarks.length)) {
        const below = left >= 0 ? own.marks - byMarks[left]!.marks : Infinity;
        const above = right < byMarks.length ? byMarks[right]!.marks - own.marks : Infinity;
        const distance = Math.min(below, above);
        if (distance > NEIGHBOUR_MARKS && near.length >= MIN_NEIGHBOURS) break;
        near.push(below <= above ? byMarks[left--]!.off : byMarks[right++]!.off);
      }
      return [own, median(near)];
    }),
  );
}

export function reportConsensus(reports: readonly ReportForConsensus[]): ReportConsensus {
  const counted = reports.filter((report) => isTrustedProvenance(report.provenance) && !report.quarantined);
  const reporters = reporterGroups(counted).map((members) => reporterOf(members, counted));
  const independent = reporters.length;
  const departs = independent >= MIN_INDEPENDENT_REPORTERS;
  const shift = departs ? median(reporters.map((reporter) => reporter.off)) : 0;
  const consensusOf = departs ? consensusByReporter(reporters) : new Map(reporters.map((r) => [r, 0]));
  const spread = departs
    ? Math.max(MIN_SPREAD, MAD_TO_SD * median(reporters.map((r) => Math.abs(r.off - consensusOf.get(r)!))))
    : undefined;

  const assessedById = new Map<string, AssessedReport>();
  const pairs: ReportedPair[] = [];
  for (const reporter of reporters) {
    const consensus = consensusOf.get(reporter)!;
    const distance = (report: ReportForConsensus) =>
      (offForecast(report) - consensus) / (spread ?? forecastSd(report.forecast));
    const weight = reporter.base * agreement((reporter.off - consensus) / (spread ?? reporter.forecastSd));
    // The curve counts in typed reports: a counted typed report is one pair, as an official anchor is twenty.
    if (departs && weight > 0)
      pairs.push({ marks: reporter.marks, rank: reporter.rank, weight: weight / TYPED_WEIGHT });
    for (const index of reporter.members) {
      const report = counted[index]!;
      const deviation = distance(report);
      const flags: ReportFlag[] = [
        ...(reporter.members.length > 1 ? ['shared-reporter' as const] : []),
        ...(Math.abs(deviation) > AGREE_SPREADS ? ['far-from-consensus' as const] : []),
      ];
      // The reporter's weight is shared among their reports (one point of the fit, however many they sent), and each
      // report keeps only as much of its share as it agrees with the consensus itself.
      const own = (report.documentChecked ? 1 : TYPED_WEIGHT) * agreement(deviation);
      assessedById.set(report.id, { id: report.id, weight: own / reporter.members.length, deviation, flags });
    }
  }
  const assessed = reports.map(
    (report) =>
      assessedById.get(report.id) ?? {
        id: report.id,
        weight: 0,
        deviation: (offForecast(report) - shift) / (spread ?? forecastSd(report.forecast)),
        flags: [
          ...(isTrustedProvenance(report.provenance) ? [] : ['uploaded' as const]),
          ...(report.quarantined ? ['quarantined' as const] : []),
        ],
      },
  );
  return { assessed, independent, shift, departs, pairs };
}
