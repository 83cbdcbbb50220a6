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

/**
 * A version as a picker lists it: its name, and its time only when another version has the same name. A phone shows
 * about 27 characters of a closed picker, and "Provisional key, 24 Nov 2026, 10:00" lost its time there anyway.
 */
export function keyVersionChoiceText(
  version: Pick<KeyVersionStamp, 'label' | 'at'>,
  versions: readonly Pick<KeyVersionStamp, 'label'>[],
): string {
  const name = keyVersionName(version.label);
  const sameName = (other: Pick<KeyVersionStamp, 'label'>) =>
    keyVersionName(other.label).toLowerCase() === name.toLowerCase();
  const namesakes = versions.filter(sameName).length;
  return namesakes > 1 ? keyVersionText(version) : name;
}
