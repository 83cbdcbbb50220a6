import type { SortedMarks } from '../crowd/sorted-marks';
import { rankedMarks, topMeanOf } from '../crowd/sorted-marks';

/**
 * A session's statistics need this many stored results before they mean anything: with fewer, one strong or weak
 * candidate moves the session's top mean by marks, and the normalised mark would swing with every new result.
 */
export const MIN_SESSION_RESULTS = 30;

/** The official top group is the top 0.1% or the top 10, whichever is larger. */
const OFFICIAL_TOP_SHARE = 0.001;
const OFFICIAL_TOP_MINIMUM = 10;

/** How many candidates the official top group of a field of `size` holds (not rounded). */
export function officialTopCount(size: number): number {
  return Math.max(OFFICIAL_TOP_MINIMUM, OFFICIAL_TOP_SHARE * size);
}

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
 * Read off sorted marks: the top means from the ends of the lists, the overall mean and SD from the sessions' own.
 */
export function sessionStatistics(marksBySession: Record<string, SortedMarks>): NormalisationStatistics | null {
  const sessions = Object.entries(marksBySession);
  const smallest = Math.min(...sessions.map(([, marks]) => marks.ascending.length));
  if (sessions.length === 0 || smallest < MIN_SESSION_RESULTS) return null;
  const topShare = Math.max(OFFICIAL_TOP_SHARE, OFFICIAL_TOP_MINIMUM / smallest);
  const topCount = (count: number) => Math.min(count, Math.max(1, Math.ceil(topShare * count)));
  const describe = ({ ascending, mean, sd }: SortedMarks): SessionStatistics => ({
    topMean: topMeanOf(ascending, topCount(ascending.length)),
    meanPlusSd: mean + sd,
    count: ascending.length,
  });
  const all = sessions.map(([, marks]) => marks);
  const count = all.reduce((n, m) => n + m.ascending.length, 0);
  const mean = all.reduce((sum, m) => sum + m.ascending.length * m.mean, 0) / count;
  // The pooled variance: each session's own plus how far its mean sits from the overall one.
  const variance = all.reduce((sum, m) => sum + m.ascending.length * (m.sd ** 2 + (m.mean - mean) ** 2), 0) / count;
  const pooled = rankedMarks(all.map((marks) => ({ marks, normalise: (raw: number) => raw })));
  return {
    sessions: Object.fromEntries(sessions.map(([session, marks]) => [session, describe(marks)])),
    global: { topMean: pooled.topMean(topCount(count)), meanPlusSd: mean + Math.sqrt(variance), count },
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
