import { describe, expect, it } from 'vitest';
import { dateTimeInZone, dateTimeText, dayText } from './dates';

describe('the one date format', () => {
  const moment = '2026-11-27T02:12:00Z';

  it("writes day, month, year and 24-hour time in the device's time zone", () => {
    const local = new Date(moment);
    const time = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(dateTimeText(moment)).toBe(`${local.getDate()} Nov 2026, ${time}`);
    expect(dateTimeText(Date.parse(moment))).toBe(dateTimeText(moment));
  });

  it('writes a named zone, and names it', () => {
    expect(dateTimeInZone(moment, 'Asia/Kolkata')).toBe('27 Nov 2026, 07:42 IST');
    expect(dateTimeInZone(moment, 'UTC')).toBe('27 Nov 2026, 02:12 UTC');
  });

  it('writes a calendar day alone the same way, whatever the zone', () => {
    expect(dayText('2026-03-19')).toBe('19 Mar 2026');
  });
});
