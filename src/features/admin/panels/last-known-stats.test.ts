import { describe, expect, it } from 'vitest';
import { NO_FIGURES_OFFLINE, dashboardFigures, readLastKnownStats, rememberStats } from './last-known-stats';
import { MemoryStorage } from '../../../../test/support/memory-storage';

const now = new Date(2026, 10, 24, 14, 30);
const known = { paperCount: 3, results: 41, at: new Date(2026, 10, 24, 9, 5).toISOString() };
const fresh = { data: { paperCount: 4, results: 42 }, dataUpdatedAt: now.getTime(), isError: false };
const nothing = { data: undefined, dataUpdatedAt: 0, isError: false };

describe('dashboard figures (offline shows the last known figures, marked)', () => {
  it('shows fresh figures online without a note', () => {
    expect(dashboardFigures(fresh, known, true)).toEqual({
      loading: false,
      paperCount: 4,
      results: 42,
      note: null,
    });
  });

  it('offline, shows the last known figures with their time instead of 0', () => {
    const figures = dashboardFigures(nothing, known, false);
    expect(figures).toMatchObject({ loading: false, paperCount: 3, results: 41 });
    expect(figures.note).toBe('as of 24 Nov 2026, 09:05, offline');
    expect(dashboardFigures(fresh, known, false)).toMatchObject({ paperCount: 4, results: 42 });
  });

  it('keeps the spec: a spinner while loading, 0 after a failure with nothing known', () => {
    expect(dashboardFigures(nothing, null, true).loading).toBe(true);
    expect(dashboardFigures({ ...nothing, isError: true }, null, true)).toMatchObject({
      paperCount: 0,
      results: 0,
    });
    expect(dashboardFigures(nothing, null, false)).toMatchObject({ paperCount: null, note: NO_FIGURES_OFFLINE });
  });

  it('remembers what was fetched', () => {
    const storage = new MemoryStorage();
    expect(readLastKnownStats(storage)).toBeNull();
    rememberStats(storage, { paperCount: 2, results: 7, rescoring: [] }, now);
    expect(readLastKnownStats(storage)).toEqual({ paperCount: 2, results: 7, at: now.toISOString() });
  });
});
