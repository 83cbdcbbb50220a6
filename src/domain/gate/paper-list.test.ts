import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  GateError,
  identifySheet,
  paperOfLink,
  paperOfSavedPage,
  parseResponseSheet,
  testPaperFromCode,
  TEST_PAPER_OPTIONS,
  TEST_PAPERS,
} from '.';
import { PAPER_LIST } from './paper-list';
import { familyFile, familySets } from '../../../test/support/paper-families';

describe('the papers the checker offers', () => {
  it("are the catalogue's 30 papers by name, a two-session paper's sessions apart, the spec's three among them", () => {
    expect(PAPER_LIST.map((paper) => [paper.code, paper.name])).toEqual(
      Object.entries(CATALOGUE.papers).map(([code, paper]) => [code, paper.name]),
    );
    for (const { code, sessions } of PAPER_LIST) {
      const years = Object.keys(CATALOGUE.papers[code]!.years).sort();
      expect(CATALOGUE.papers[code]!.years[years.at(-1)!]!.sessions?.value, code).toBe(sessions);
    }
    expect(TEST_PAPERS).toEqual(expect.arrayContaining(['CS 1', 'CS 2', 'DA', 'CE 1', 'CE 2', 'EE', 'GG', 'XE']));
    expect(TEST_PAPER_OPTIONS.find((option) => option.value === 'DA')?.label).toBe(
      'Data Science and Artificial Intelligence',
    );
  });

  it('reads a code as written on a sheet or a paper name', () => {
    expect(['CS1', 'cs 2', 'EE', 'ce2', 'CS', 'CE3', 'ZZ'].map(testPaperFromCode)).toEqual([
      'CS 1',
      'CS 2',
      'EE',
      'CE 2',
      null,
      null,
      null,
    ]);
  });

  it("reads the paper from the candidate id in a portal link's file name", () => {
    const portal = 'https://cdn.digialm.com/per/g01/pub/585/touchstone/AssessmentQPHTMLMode1//GATE2565/GATE2565S4D1/';
    expect(paperOfLink(`${portal}EE25S33874251_GATE2565S4D1E1.html`)).toEqual({ code: 'EE', testPapers: ['EE'] });
    expect(paperOfLink(`${portal}cs25s12345678_GATE2565S4D1E1.html?x=1`)).toEqual({
      code: 'CS',
      testPapers: ['CS 1', 'CS 2'],
    });
    expect(paperOfLink(`${portal}ZZ25S12345678_GATE.html`)).toBeNull();
    expect(paperOfLink('https://example.org/demo/response-sheets/sheet.html')).toBeNull();
  });
});

describe('a saved response-sheet page names its paper', () => {
  it('by the candidate id in its header table, before any upload', () => {
    expect(paperOfSavedPage(familyFile('ee-2025', 'master.html'))).toEqual({ code: 'EE', testPapers: ['EE'] });
    expect(paperOfSavedPage('<tr><td>Candidate ID</td><td> cs26s49388056 </td></tr>')).toEqual({
      code: 'CS',
      testPapers: ['CS 1', 'CS 2'],
    });
  });

  it('not when the page shows no candidate id of a GATE paper', () => {
    expect(paperOfSavedPage('<tr><td>Candidate ID</td><td>ZZ26S49388056</td></tr>')).toBeNull();
    expect(paperOfSavedPage('<p>My notes about EE26S1 and the key</p>')).toBeNull();
  });
});

describe('a sheet of any paper names its identity', () => {
  it.each(familySets)('%s', (set) => {
    const identity = identifySheet(parseResponseSheet(familyFile(set, 'master.html')));
    const code = set.slice(0, 2).toUpperCase();
    const session = /^ce(\d)/.exec(set)?.[1];
    expect(identity).toEqual({ year: 2025, code, session: session ? Number(session) : null });
  });

  it('refuses a candidate id of no GATE paper, naming the paper it says', () => {
    expect(() => identifySheet(parseResponseSheet(familyFile('ee-2025', 'bad/unknown-paper.html')))).toThrow(GateError);
    expect(() => identifySheet(parseResponseSheet(familyFile('ee-2025', 'bad/unknown-paper.html')))).toThrow(
      /^This response sheet is for paper ZZ \(candidate id ZZ25S3\d+\), which is not a GATE paper\./,
    );
  });
});
