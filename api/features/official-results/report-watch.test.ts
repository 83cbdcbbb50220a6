import { describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import type { Crowd } from '../../crowd/crowd';
import { createMetrics } from '../../http/metrics';
import { memoryLimiters } from '../../store/limit-counts';
import { buildPaperRecord } from '../../../test/support/builders';
import { createReportWatch } from './report-watch';

/** A crowd whose predicted AIR at any marks is `rank × factor`, the factor moved by the change under watch. */
function watched(options: { perNetwork?: number } = {}) {
  let factor = 1;
  const forgotten: number[] = [];
  const crowd = {
    predictionFor: (_paper: unknown, marks: number) =>
      Promise.resolve({ estimatedRank: Math.round(100_000 * Math.exp(-0.1 * marks) * factor) }),
    forgetReports: (year: number) => forgotten.push(year),
  } as unknown as Crowd;
  const warn = vi.fn<(fields: object, message: string) => void>();
  const metrics = createMetrics();
  const watch = createReportWatch({
    crowd,
    logger: { warn } as unknown as Logger,
    metrics,
    perNetwork: memoryLimiters({ name: 'alert', points: options.perNetwork ?? 100, windowMs: 86_400_000 }),
    rankShift: 0.25,
    windowMs: 3_600_000,
  });
  const alerts = async (reason: string) =>
    (await metrics.officialResultAlerts.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
  const moveTo = (next: number) => () => {
    factor = next;
    return Promise.resolve('changed');
  };
  return { watch, warn, alerts, forgotten, moveTo };
}

const paper = buildPaperRecord({ id: 'CS1-2026', year: 2026 });

describe("watching what official results do to a paper's ranks", () => {
  it('warns once when changes move predicted ranks by more than the share, and makes the fit follow', async () => {
    const { watch, warn, alerts, forgotten, moveTo } = watched();
    expect(await watch.around(paper, null, moveTo(1.1))).toBe('changed');
    expect(warn).not.toHaveBeenCalled();
    expect(forgotten).toEqual([2026]);
    // Another change within the window: 1.3 against the window's start, past 25%.
    await watch.around(paper, null, moveTo(1.3));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe('official results moved predicted ranks: review them in the admin area');
    expect(warn.mock.calls[0]![0]).toMatchObject({ paper: 'CS1-2026' });
    expect(await alerts('rank-shift')).toBe(1);
    // Measured from the warned state on: no second warning for the same move.
    await watch.around(paper, null, moveTo(1.35));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warns for every report past the per-network count of the day, without refusing any', async () => {
    const { watch, warn, alerts, moveTo } = watched({ perNetwork: 2 });
    for (let i = 0; i < 4; i++) expect(await watch.around(paper, 'network digest', moveTo(1))).toBe('changed');
    expect(warn.mock.calls.map((call) => call[1])).toEqual([
      'many official results from one network today',
      'many official results from one network today',
    ]);
    expect(await alerts('network')).toBe(2);
    await watch.around(paper, 'another network', moveTo(1));
    expect(await alerts('network')).toBe(2);
  });
});
