import { meanPlusSd, topMean } from './statistics';

/**
 * A session's statistics need this many stored results before they mean anything: with fewer, one strong or weak
 * candidate moves the session's top mean by marks, and the normalised mark would swing with every new result.
 */
export const MIN_SESSION_RESULTS = 30;

/** The official top group is the top 0.1% or the top 10, whichever is larger. */
const OFFICIAL_TOP_SHARE = 0.001;
const OFFICIAL_TOP_MINIMUM = 10;

export interface SessionStatistics {
  /** Mean of the session's top group (M̄ti). */
  topMean: number;
  /** Mean + SD of the session (Miq). */
  meanPlusSd: number;
  count: number;
}

export interface NormalisationStatistics {
  sessions: Record<string, SessionStatistics>;
  /** The same statistics over all sessions together (M̄t^g, Mq^g). */
  global: SessionStatistics;
  /** Share of each session averaged as its top group: the same for every session so they stay comparable. */
  topShare: number;
}

export type NormalisationMethod = 'official-formula' | 'raw';

/**
 * Crowd statistics per session, or null while any session has fewer than MIN_SESSION_RESULTS results.
 * A crowd is far smaller than the field, so its top 0.1% would be a fraction of one candidate: every session uses the
 * same share, the larger of 0.1% and 10 of the smallest session, so each top mean rests on at least 10 results.
 */
export function sessionStatistics(marksBySession: Record<string, readonly number[]>): NormalisationStatistics | null {
  const sessions = Object.entries(marksBySession);
  const smallest = Math.min(...sessions.map(([, marks]) => marks.length));
  if (sessions.length === 0 || smallest < MIN_SESSION_RESULTS) return null;
  const topShare = Math.max(OFFICIAL_TOP_SHARE, OFFICIAL_TOP_MINIMUM / smallest);
  const describe = (marks: readonly number[]): SessionStatistics => ({
    topMean: topMean(marks, topShare, 1),
    meanPlusSd: meanPlusSd(marks),
    count: marks.length,
  });
  const all = sessions.flatMap(([, marks]) => marks);
  return {
    sessions: Object.fromEntries(sessions.map(([session, marks]) => [session, describe(marks)])),
    global: describe(all),
    topShare,
  };
}

/** The official multi-session formula: M̂ = (M̄t^g − Mq^g) / (M̄ti − Miq) · (M − Miq) + Mq^g. */
export function normaliseMarks(marks: number, session: SessionStatistics, global: SessionStatistics): number {
  const sessionSpread = session.topMean - session.meanPlusSd;
  return ((global.topMean - global.meanPlusSd) / sessionSpread) * (marks - session.meanPlusSd) + global.meanPlusSd;
}

/** Whether the formula can be applied: every session's top must sit above its mean + SD. */
export function canNormalise(statistics: NormalisationStatistics): boolean {
  return Object.values(statistics.sessions).every((s) => s.topMean - s.meanPlusSd > 0);
}

export { OFFICIAL_TOP_SHARE, OFFICIAL_TOP_MINIMUM };
