import { describe, expect, it } from 'vitest';
import { paperDisplayName } from './paper-name';

describe('paperDisplayName: one name per paper on every admin screen', () => {
  it('names a paper the same whichever form the server used', () => {
    for (const form of ['DA 2026', 'GATE 2026 DA', ' da 2026 '])
      expect([form, paperDisplayName(form)]).toEqual([form, 'GATE 2026 DA']);
    for (const form of ['CS 1 2026', 'GATE 2026 CS1', 'CS1 2026']) {
      expect([form, paperDisplayName(form)]).toEqual([form, 'GATE 2026 CS 1']);
    }
    expect(paperDisplayName('CS 2')).toBe('GATE CS 2');
  });

  it('shows a name it does not know as it is', () => {
    expect(paperDisplayName('GATE 2019 ME')).toBe('GATE 2019 ME');
    expect(paperDisplayName('Question Paper')).toBe('Question Paper');
  });
});
