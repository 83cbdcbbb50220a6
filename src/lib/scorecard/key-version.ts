import { keyVersionName, type KeyVersionStamp } from '../../domain/gate';

/**
 * A key version as people read it, the same on the scorecard and in the admin area: "Final key, 24 Nov 2026, 10:00",
 * in the device's own time zone.
 */

const TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '24 Nov 2026, 10:00' */
export const keyVersionTime = (at: string): string => TIME.format(new Date(at));

/** 'Final key, 24 Nov 2026, 10:00' */
export const keyVersionText = ({ label, at }: Pick<KeyVersionStamp, 'label' | 'at'>): string =>
  `${keyVersionName(label)}, ${keyVersionTime(at)}`;
