import { describe, expect, it } from 'vitest';
import { catalogueEntryOfSheet } from './identify';
import { parseResponseSheet } from '../parse-sheet';
import type { ParsedSheet } from '../types';
import { familyFile } from '../../../../test/support/paper-families';

const ge = parseResponseSheet(familyFile('ge-2025', 'master.html'));
const withCandidate = (sheet: ParsedSheet, candidate: Partial<ParsedSheet['candidate']>): ParsedSheet => ({
  ...sheet,
  candidate: { ...sheet.candidate, ...candidate },
});

describe('which catalogue paper a sheet is', () => {
  it('reads the candidate id, else the Subject line, else the subject images, and the year with it', () => {
    expect(catalogueEntryOfSheet(ge)).toMatchObject({ code: 'GE', year: 2025, layout: { year: 2025, exact: true } });
    const noId = withCandidate(ge, { id: 'ROLL-1', paperCode: '', testDate: '15/02/2025' });
    expect(catalogueEntryOfSheet(noId)).toMatchObject({ code: 'GE', year: 2025 });
    expect(catalogueEntryOfSheet(withCandidate(noId, { subject: 'Engineering (XE)' }))).toMatchObject({ code: 'XE' });
    expect(catalogueEntryOfSheet(withCandidate(noId, { subject: 'Geomatics' }))).toMatchObject({ code: 'GE' });
  });

  it('refuses a candidate id naming no GATE paper', () => {
    expect(() => catalogueEntryOfSheet(withCandidate(ge, { id: 'QQ25S1234567', paperCode: 'QQ' }))).toThrow(
      /This response sheet is for paper QQ \(candidate id QQ25S1234567\), which is not a GATE paper\./,
    );
  });
});
