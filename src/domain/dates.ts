/**
 * The one way the app writes a moment: '27 Nov 2026, 07:42' (day, month's short name, year, 24-hour time). The web
 * app writes it in the device's own time zone; a mail, read anywhere, writes it in a named zone and says which
 * ('27 Nov 2026, 07:42 IST'). Admin results, key versions, the scorecard's key line, the offline dashboard, the saved
 * scorecards and the score-change mail all use it.
 */
const PARTS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** en-IN orders the parts as candidates in India write them; the time zone is the device's. */
const ON_DEVICE = new Intl.DateTimeFormat('en-IN', PARTS);

/** '27 Nov 2026, 07:42' in the device's time zone. */
export const dateTimeText = (at: string | number | Date): string => ON_DEVICE.format(new Date(at));

/** '27 Nov 2026, 07:42 IST': in the given IANA time zone, named. */
export const dateTimeInZone = (at: string | number | Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-IN', { ...PARTS, timeZone, timeZoneName: 'short' }).format(new Date(at));

/** A calendar day (YYYY-MM-DD) as the moments above write it, without a time: '19 Mar 2026'. */
export const dayText = (day: string): string =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
