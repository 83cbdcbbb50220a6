import { keyVersionName, type KeyVersionStamp } from '../../domain/gate';
import { dateTimeText } from '../../domain/dates';

/**
 * A key version as people read it, the same on the scorecard and in the admin area: "Final key, 24 Nov 2026, 10:00",
 * in the app's one date format, in the device's own time zone.
 */

/** '24 Nov 2026, 10:00' */
export const keyVersionTime = (at: string): string => dateTimeText(at);

/**
 * A name that says no more than "answer key" (versions recorded before keys were named were all 'Answer key'): the
 * time alone tells such a version, so the scorecard never reads "Answer key: Answer key, 24 Nov 2026".
 */
const saysOnlyAnswerKey = (name: string) => /^(answer )?key$/i.test(name.trim());

/** 'Final key, 24 Nov 2026, 10:00'; '24 Nov 2026, 10:00' for a version named only 'Answer key'. */
export function keyVersionText({ label, at }: Pick<KeyVersionStamp, 'label' | 'at'>): string {
  const name = keyVersionName(label);
  return saysOnlyAnswerKey(name) ? keyVersionTime(at) : `${name}, ${keyVersionTime(at)}`;
}

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
