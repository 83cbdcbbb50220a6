import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../domain/dates';
import { keyVersionText } from './key-version-text';

describe('a key version in words', () => {
  const at = '2026-11-27T02:12:00Z';

  it('names the version, then its time in the one date format', () => {
    expect(keyVersionText({ label: 'final', at })).toBe(`Final key, ${dateTimeText(at)}`);
    expect(keyVersionText({ label: 'Edited Q12', at })).toBe(`Edited Q12, ${dateTimeText(at)}`);
  });

  it('tells a version named only "Answer key" by its time, so the key line never says it twice', () => {
    for (const label of ['Answer key', 'answer key', 'Key']) {
      expect(keyVersionText({ label, at })).toBe(dateTimeText(at));
      expect(`Answer key: ${keyVersionText({ label, at })}`).not.toMatch(/Answer key: Answer key/i);
    }
  });
});
