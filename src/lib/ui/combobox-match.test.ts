import { describe, expect, it } from 'vitest';
import { TEST_PAPER_OPTIONS } from '../../domain/gate';
import { exactOption, matchOptions } from './combobox-match';

const papers = TEST_PAPER_OPTIONS.map(({ value, label }) => ({ value, label }));
const values = (query: string) => matchOptions(papers, query).map((option) => option.value);

describe("the test paper list's search", () => {
  it('finds a code first, spaces and case ignored, then names with a word starting so, then the rest', () => {
    expect(values('xe')[0]).toBe('XE');
    expect(values('cs1')).toEqual(['CS 1']);
    expect(values('CE')).toEqual(['CE 1', 'CE 2']);
    expect(values('civil')).toEqual(['CE 1', 'CE 2']);
    expect(values('ee')).toEqual(['EE']);
    expect(values('eng')).toEqual(expect.arrayContaining(['AE', 'CE 1', 'EE', 'ME', 'XE']));
    expect(values('science').slice(0, 3)).toEqual(['CS 1', 'CS 2', 'DA']);
    expect(values('ology')).toEqual(['BT', 'CS 1', 'CS 2', 'EY', 'GG']);
    expect(values('zzz')).toEqual([]);
  });

  it('lists every paper for an empty query, in the list order', () => {
    expect(values('  ')).toEqual(papers.map((paper) => paper.value));
  });

  it('takes typed text as a choice only when it is exactly a value', () => {
    expect(exactOption(papers, ' cs 2 ')?.value).toBe('CS 2');
    expect(exactOption(papers, 'ee')?.value).toBe('EE');
    expect(exactOption(papers, 'cs')).toBeUndefined();
    expect(exactOption(papers, '')).toBeUndefined();
  });
});
