import { LRUCache } from 'lru-cache';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from 'pino';
import type { Crowd } from '../../crowd/crowd';
import type { Metrics } from '../../http/metrics';
import { consume } from '../../http/limiters';
import type { Paper } from '../../store';

/** The marks a paper's predicted ranks are watched at: the qualifying region to the top. */
export const WATCHED_MARKS = [30, 40, 50, 60, 70, 80] as const;

export interface ReportWatch {
  /**
   * Runs a change of a paper's official results (a report added, quarantined or restored) and makes the fit follow
   * at once. It warns (a log line at warn and `hiregate_official_result_alerts_total`) when the paper's predicted
   * ranks have moved by more than the configured share since the window began, and, for a new report, when its
   * network has sent more than the configured number today.
   */
  around<T>(paper: Paper, network: string | null, change: () => Promise<T>): Promise<T>;
}

export function createReportWatch(options: {
  crowd: Crowd;
  logger: Logger;
  metrics: Metrics;
  /** Counts a network's reports per day; refusals are warnings, not refusals of the report. */
  perNetwork: RateLimiterAbstract;
  rankShift: number;
  windowMs: number;
}): ReportWatch {
  const { crowd, logger, metrics } = options;
  /** Each paper's predicted ranks when its window began. */
  const baselines = new LRUCache<string, number[]>({ max: 500, ttl: options.windowMs });

  async function ranksOf(paper: Paper): Promise<number[]> {
    const predictions = await Promise.all(WATCHED_MARKS.map((marks) => crowd.predictionFor(paper, marks)));
    return predictions.map((prediction) => prediction.estimatedRank ?? NaN);
  }

  return {
    async around(paper, network, change) {
      const baseline = baselines.get(paper.id) ?? (await ranksOf(paper));
      if (!baselines.has(paper.id)) baselines.set(paper.id, baseline);
      const changed = await change();
      crowd.forgetReports(paper.year);

      const now = await ranksOf(paper);
      const moves = now.map((rank, index) => Math.abs(Math.log(rank / baseline[index]!)));
      const largest = Math.max(...moves.filter(Number.isFinite), 0);
      if (largest > Math.log(1 + options.rankShift)) {
        const at = WATCHED_MARKS[moves.indexOf(largest)];
        metrics.officialResultAlerts.inc({ reason: 'rank-shift' });
        logger.warn(
          { paper: paper.id, marks: at, from: baseline[moves.indexOf(largest)], to: now[moves.indexOf(largest)] },
          'official results moved predicted ranks: review them in the admin area',
        );
        // Warned once per move: the next warning needs another move of that size.
        baselines.set(paper.id, now);
      }
      if (network !== null && !(await consume(options.perNetwork, network)).allowed) {
        metrics.officialResultAlerts.inc({ reason: 'network' });
        logger.warn({ paper: paper.id, network }, 'many official results from one network today');
      }
      return changed;
    },
  };
}
