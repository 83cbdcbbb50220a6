import { describe, expect, it } from 'vitest';
import { PROVENANCE_LABELS } from '../../../domain/gate/result-provenance';
import { resultsToCsv, searchResults, sortResults, type AdminResult } from './result-list';

const result = (overrides: Partial<AdminResult>): AdminResult => ({
  _id: overrides.candidateId ?? 'id',
  email: 'someone@example.com',
  name: 'Someone',
  candidateId: 'CS26S40000000',
  set: 'CS 1 2026',
  totalMarks: 50,
  finalMarks: 52,
  negativeMarks: 2,
  attempts: 40,
  isVerified: true,
  createdAt: '2026-02-20T10:00:00.000Z',
  paperId: 'CS1-2026',
  provenance: 'portal',
  ...overrides,
});

const asha = result({
  candidateId: 'CS26S41111111',
  name: 'Asha Rao',
  email: 'asha@example.com',
  finalMarks: 70,
  createdAt: '2026-02-21T08:00:00Z',
});
const bilal = result({
  candidateId: 'DA25S52222222',
  name: 'bilal khan',
  email: 'bk@mail.test',
  set: 'DA 2025',
  finalMarks: 81.33,
  createdAt: '2026-02-19T08:00:00Z',
});
const chen = result({
  candidateId: 'CS26S43333333',
  name: 'Chen Li',
  email: 'zz@example.com',
  finalMarks: 12,
  createdAt: '2026-02-22T08:00:00Z',
});
const all = [asha, bilal, chen];
const ids = (list: AdminResult[]) => list.map((r) => r.candidateId);

describe('searchResults', () => {
  it('matches email, set, name and candidate id case-insensitively', () => {
    expect(ids(searchResults(all, 'ASHA@'))).toEqual([asha.candidateId]);
    expect(ids(searchResults(all, 'da 2025'))).toEqual([bilal.candidateId]);
    expect(ids(searchResults(all, 'KHAN'))).toEqual([bilal.candidateId]);
    expect(ids(searchResults(all, 's4333'))).toEqual([chen.candidateId]);
    expect(searchResults(all, 'nobody')).toEqual([]);
    expect(searchResults(all, '  ')).toHaveLength(3);
  });
});

describe('sortResults', () => {
  it('puts the newest first by default order', () => {
    expect(ids(sortResults(all, 'createdAt'))).toEqual([chen, asha, bilal].map((r) => r.candidateId));
  });
  it('puts the highest final marks first', () => {
    expect(ids(sortResults(all, 'finalMarks'))).toEqual([bilal, asha, chen].map((r) => r.candidateId));
  });
  it('sorts text in reverse alphabetical order, ignoring case', () => {
    expect(sortResults(all, 'name').map((r) => r.name)).toEqual(['Chen Li', 'bilal khan', 'Asha Rao']);
    expect(sortResults(all, 'email').map((r) => r.email)).toEqual([
      'zz@example.com',
      'bk@mail.test',
      'asha@example.com',
    ]);
    expect(sortResults(all, 'set')[0]?.set).toBe('DA 2025');
    expect(ids(sortResults(all, 'candidateId'))).toEqual([bilal, chen, asha].map((r) => r.candidateId));
  });
  it('leaves the input untouched', () => {
    sortResults(all, 'name');
    expect(all[0]).toBe(asha);
  });
});

describe('resultsToCsv', () => {
  it('writes a header and one quoted, formula-safe row per result', () => {
    const csv = resultsToCsv([result({ name: 'Rao, "Asha"', email: '=HYPERLINK("x")', isVerified: false })]);
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'Candidate ID,Candidate Name,Email,Exam Set,Total Marks,Positive Marks,Negative Marks,Attempts,Verified,Uploaded,Provenance,Date Created',
    );
    expect(row).toBe(
      `CS26S40000000,"Rao, ""Asha""","'=HYPERLINK(""x"")",CS 1 2026,50,52,2,40,Pending,No,${PROVENANCE_LABELS.portal},2026-02-20T10:00:00.000Z`,
    );
  });
  it('says which result came from an uploaded page, so a candidate listed twice is told apart', () => {
    const [, fetched, uploaded] = resultsToCsv([result({}), result({ uploaded: true, provenance: 'uploaded' })])
      .trimEnd()
      .split('\r\n');
    expect([fetched?.split(',')[9], uploaded?.split(',')[9]]).toEqual(['No', 'Yes']);
  });
  it('says after it where each result came from: the portal, an uploaded page, or one the portal confirmed', () => {
    const rows = resultsToCsv([
      result({}),
      result({ uploaded: true, provenance: 'uploaded' }),
      result({ uploaded: true, provenance: 'confirmed' }),
    ])
      .trimEnd()
      .split('\r\n');
    expect(rows[0]?.split(',').slice(9, 11)).toEqual(['Uploaded', 'Provenance']);
    expect(rows.slice(1).map((row) => row.split(',').slice(9, 11))).toEqual([
      ['No', PROVENANCE_LABELS.portal],
      ['Yes', PROVENANCE_LABELS.uploaded],
      ['Yes', PROVENANCE_LABELS.confirmed],
    ]);
  });
  it('keeps negative numbers as numbers', () => {
    expect(resultsToCsv([result({ totalMarks: -1.33 })])).toContain(',-1.33,');
  });
});
