import { isTrustedProvenance, type ResultProvenance } from '../../result-provenance';
import { MIN_INDEPENDENT_REPORTERS, type AssessedReport, type ReportFlag } from './report-consensus';

/**
 * What an official result counts for now, in one word and in the words its reporter reads: counted in others' ranks,
 * waiting for enough independent reporters, kept for review (far from the consensus), shown to its owner only (an
 * uploaded page), or quarantined by an admin.
 */
export const REPORT_STANDINGS = ['counted', 'waiting', 'review', 'own', 'quarantined'] as const;
export type ReportStanding = (typeof REPORT_STANDINGS)[number];

export interface Standing {
  state: ReportStanding;
  /** Its weight in the fit, 0 to 1, and why it is less (report-consensus.ts). */
  weight: number;
  flags: ReportFlag[];
  /** How far it is from the consensus near its marks, in the reporters' spread. */
  deviation: number;
}

export const STANDING_WORDS: Record<ReportStanding, string> = {
  counted: "Counted in other candidates' predicted ranks.",
  waiting: `It will count in other candidates' predicted ranks once ${MIN_INDEPENDENT_REPORTERS} candidates, each from their own device and network, have added theirs.`,
  review:
    "Kept for review: it is far from what other candidates near your marks reported (or, until enough have, from what GATE's earlier years give your marks), so it counts for little or nothing in their predicted ranks. It still shows how the prediction did for you.",
  own: "Shown to you only: this scorecard came from an uploaded page, so your result does not move other candidates' ranks. Check your response-sheet link here to confirm the page.",
  quarantined: "Held back by HireGate for review: it does not count in other candidates' predicted ranks.",
};

export function standingOf(
  report: { provenance?: ResultProvenance; quarantined?: true },
  assessed: AssessedReport | undefined,
  departs: boolean,
): Standing {
  const weighed = { weight: assessed?.weight ?? 0, flags: assessed?.flags ?? [], deviation: assessed?.deviation ?? 0 };
  if (report.quarantined) return { state: 'quarantined', ...weighed };
  if (!isTrustedProvenance(report.provenance ?? 'uploaded')) return { state: 'own', ...weighed };
  if (weighed.flags.includes('far-from-consensus')) return { state: 'review', ...weighed };
  return { state: departs ? 'counted' : 'waiting', ...weighed };
}
