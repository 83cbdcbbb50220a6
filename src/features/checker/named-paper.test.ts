import { describe, expect, it } from 'vitest';
import { paperOfLink } from '../../domain/gate/test-papers';
import { paperAfterNaming } from './named-paper';

const EE = paperOfLink('https://cdn.digialm.com/per/EE25S33874251_GATE2565S4D1E1.html');
const CS = paperOfLink('https://cdn.digialm.com/per/CS26S49388056_GATE2565S4D1E1.html');

describe('the test paper a link or saved page names', () => {
  it('replaces a paper that does not fit it', () => {
    expect(paperAfterNaming('', EE)).toBe('EE');
    expect(paperAfterNaming('DA', EE)).toBe('EE');
  });

  it('leaves a two-session paper to be chosen, keeping a session already chosen', () => {
    expect(paperAfterNaming('EE', CS)).toBe('');
    expect(paperAfterNaming('CS 2', CS)).toBe('CS 2');
  });

  it('leaves the choice alone when nothing is named', () => {
    expect(paperAfterNaming('DA', null)).toBe('DA');
  });
});
