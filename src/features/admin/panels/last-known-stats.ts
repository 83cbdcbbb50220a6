import type { AdminStats } from '../admin-api';
import { dateTimeText } from '../../../domain/dates';

/** The dashboard's last fetched counters, kept so that an offline dashboard shows them (marked) instead of 0. */
export interface LastKnownStats {
  paperCount: number;
  results: number;
  /** When they were fetched (ISO time). */
  at: string;
}

export const LAST_KNOWN_STATS_KEY = 'adminLastKnownStats';

export function rememberStats(storage: Storage, stats: AdminStats, now = new Date()): void {
  const known: LastKnownStats = { paperCount: stats.paperCount, results: stats.results, at: now.toISOString() };
  try {
    storage.setItem(LAST_KNOWN_STATS_KEY, JSON.stringify(known));
  } catch (error) {
    // A full quota only costs the offline figures, never the fresh ones on screen.
    console.warn('Could not keep the dashboard figures', error);
  }
}

export function readLastKnownStats(storage: Storage): LastKnownStats | null {
  try {
    const known = JSON.parse(storage.getItem(LAST_KNOWN_STATS_KEY) ?? 'null') as Partial<LastKnownStats> | null;
    if (typeof known?.paperCount !== 'number' || typeof known.results !== 'number' || !known.at) return null;
    return { paperCount: known.paperCount, results: known.results, at: known.at };
  } catch {
    return null;
  }
}

/** 'as of 24 Nov 2026, 14:05, offline' (the app's one date format) or '…, could not refresh'. */
export function asOfText(at: string, offline: boolean): string {
  return `as of ${dateTimeText(at)}, ${offline ? 'offline' : 'could not refresh'}`;
}

export interface DashboardFigures {
  loading: boolean;
  paperCount: number | null;
  results: number | null;
  /** Says that the figures are not fresh ('as of 14:05, offline'), or why there are none. */
  note: string | null;
}

interface StatsState {
  data?: Pick<AdminStats, 'paperCount' | 'results'>;
  /** When `data` was fetched (ms since the epoch). */
  dataUpdatedAt: number;
  isError: boolean;
}

export const NO_FIGURES_OFFLINE = 'Offline: the figures load when the connection returns';

/**
 * What the counters show: fresh figures; else the newest known ones, marked with their time; else, after a failure
 * online, 0; else, offline with nothing known, no figure and a note; else a spinner.
 */
export function dashboardFigures(
  stats: StatsState,
  lastKnown: LastKnownStats | null,
  online: boolean,
): DashboardFigures {
  const stale = !online || stats.isError;
  if (stats.data && !stale) return { loading: false, ...pick(stats.data), note: null };
  const newest = stats.data ? { ...pick(stats.data), at: new Date(stats.dataUpdatedAt).toISOString() } : lastKnown;
  if (stale && newest) return { loading: false, ...pick(newest), note: asOfText(newest.at, !online) };
  if (!online) return { loading: false, paperCount: null, results: null, note: NO_FIGURES_OFFLINE };
  if (stats.isError) return { loading: false, paperCount: 0, results: 0, note: null };
  return { loading: true, paperCount: null, results: null, note: null };
}

const pick = ({ paperCount, results }: { paperCount: number; results: number }) => ({ paperCount, results });
