/**
 * Official results (AIR, GATE score) exist only once GATE declares a year's results, in the second half of March: a
 * candidate adds theirs from that day on. The days as each year's organising institute scheduled them.
 */
export const GATE_RESULTS_DAYS: Readonly<Record<number, { day: string; source: string }>> = {
  2024: {
    day: '2024-03-16',
    source:
      'https://tv9hindi.com/education/gate-2024-answer-key-challenge-facility-date-process-iisc-official-website-2442477.html/amp',
  },
  2025: {
    day: '2025-03-19',
    source:
      'https://www.ndtv.com/education/gate-2025-admit-card-release-date-postponed-for-graduate-aptitude-test-in-engineering-7382215',
  },
  2026: {
    day: '2026-03-19',
    source: 'https://www.edexlive.com/exams/gate-2026-exam-dates-announced-by-iit-guwahati-check-full-schedule',
  },
};

/** A year not listed yet: the earliest listed day of March, which no year's results have come before. */
const EARLIEST_MONTH_DAY = Object.values(GATE_RESULTS_DAYS)
  .map(({ day }) => day.slice(5))
  .sort()[0]!;

/** GATE declares its results in India: a day starts at 00:00 IST (UTC+5:30). */
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The day (YYYY-MM-DD, IST) GATE declares the year's results, and whether it is the scheduled day or a guess. */
export function resultsDayOf(year: number): { day: string; scheduled: boolean } {
  const listed = GATE_RESULTS_DAYS[year];
  return listed ? { day: listed.day, scheduled: true } : { day: `${year}-${EARLIEST_MONTH_DAY}`, scheduled: false };
}

/** Whether the year's results are out at `now`: from 00:00 IST of its results day. */
export function resultsAreOut(year: number, now: Date): boolean {
  const { day } = resultsDayOf(year);
  return now.getTime() >= Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
}
