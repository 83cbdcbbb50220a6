import { describe, expect, it } from 'vitest';
import { paperResultsText } from './paper-state';

describe('the dashboard count of results per paper', () => {
  it('counts each paper in Indian grouping, one result in the singular', () => {
    expect(paperResultsText({ results: 0 })).toBe('0 results');
    expect(paperResultsText({ results: 1 })).toBe('1 result');
    expect(paperResultsText({ results: 123456 })).toBe('1,23,456 results');
  });

  it('says nothing when the figures come from a version that did not count them', () => {
    expect(paperResultsText({})).toBe('');
  });
});
