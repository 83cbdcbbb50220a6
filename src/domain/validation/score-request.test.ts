import { describe, expect, it } from 'vitest';
import { firstErrors } from './accounts';
import { TEST_PAPERS } from '../gate';
import {
  SECTIONS_FORMAT,
  SHEET_LINK_MESSAGES,
  chosenSectionsOf,
  scoreRequestSchema,
  sheetLinkProblem,
  verificationRequestSchema,
} from './score-request';

async function errorsOf(schema: typeof scoreRequestSchema | typeof verificationRequestSchema, values: object) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return firstErrors(error);
  }
}

const LINK = 'https://cdn.digialm.com/per/g01/pub/585/sheet.html';

describe('score request rules', () => {
  it('requires the response link and the test paper', async () => {
    expect(await errorsOf(scoreRequestSchema, { link: '  ', testPaper: '' })).toEqual({
      link: 'This field is required',
      testPaper: 'This field is required',
    });
  });

  it('caps the link and the e-mail and refuses control characters in them', async () => {
    const email = `${'a'.repeat(243)}@example.com`;
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'DA', email })).toEqual({
      email: 'Must be at most 254 characters long',
    });
    expect(await errorsOf(scoreRequestSchema, { link: `${LINK}\u0000`, testPaper: 'DA' })).toEqual({
      link: 'Must not contain control characters',
    });
    expect(await errorsOf(scoreRequestSchema, { link: `${LINK}?${'x'.repeat(2048)}`, testPaper: 'DA' })).toEqual({
      link: 'Must be at most 2048 characters long',
    });
  });

  it("accepts the spec's three test papers and every other GATE paper, and nothing else", async () => {
    for (const testPaper of ['CS 1', 'CS 2', 'DA', 'EE', 'CE 2', 'XE', 'GG']) {
      expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper })).toEqual({});
    }
    for (const testPaper of ['CS', 'CE 3', 'ZZ', 'EE 1']) {
      expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper })).toEqual({
        testPaper: `Choose one of ${TEST_PAPERS.join(', ')}`,
      });
    }
    expect(TEST_PAPERS).toHaveLength(32);
  });

  it('takes the sections a candidate chose as ids separated by commas', async () => {
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'XE', sections: 'B, c' })).toEqual({});
    expect(chosenSectionsOf('B, c')).toEqual(['B', 'C']);
    expect(chosenSectionsOf('')).toBeUndefined();
    for (const sections of ['B;C', 'B,,C', `${'B,'.repeat(12)}B`, '<b>']) {
      expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'XE', sections })).toEqual({
        sections: SECTIONS_FORMAT,
      });
    }
  });

  it('checks an e-mail sent with a score request only when one is given', async () => {
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'DA', email: '' })).toEqual({});
    expect(await errorsOf(scoreRequestSchema, { link: LINK, testPaper: 'DA', email: 'nope' })).toEqual({
      email: 'Email is not valid',
    });
  });

  it('needs a valid e-mail in verification mode', async () => {
    expect(await errorsOf(verificationRequestSchema, { link: LINK, email: '' })).toEqual({
      email: 'This field is required',
    });
    expect(await errorsOf(verificationRequestSchema, { link: LINK, email: 'a@b' })).toEqual({
      email: 'Email is not valid',
    });
    expect(await errorsOf(verificationRequestSchema, { link: '', email: 'asha@example.in' })).toEqual({
      link: 'This field is required',
    });
  });
});

describe('what can be a response-sheet link', () => {
  const PORTAL =
    'https://cdn.digialm.com//per/g01/pub/585/touchstone/AssessmentQPHTMLMode1//GATE2565/GATE2565S4D9886/17706396805423777/CS26S42101001_GATE2565S4D9886E1.html';

  it.each([
    ['a portal sheet (double slashes and all)', PORTAL, []],
    ['an older portal host', 'https://www.digialm.com/per/g01/pub/585/touchstone/CS21S42101001.HTML', []],
    ['a test fixture on this machine', 'http://127.0.0.1:4599/per/g01/pub/585/sheet.html', []],
    ['a demo sample on the app’s https origin', 'https://hiregate.example/demo/response-sheets/CS26S1.html', []],
    [
      'a demo sample on the app’s own http origin',
      'http://gate.lan:8080/demo/response-sheets/CS26S1.html',
      ['http://gate.lan:8080'],
    ],
  ])('accepts %s', (_what, link, ownOrigins) => {
    expect(sheetLinkProblem(` ${link} `, ownOrigins)).toBeUndefined();
  });

  it.each([
    ['words', 'my gate result', SHEET_LINK_MESSAGES.notALink],
    ['a path of this site', '/about', SHEET_LINK_MESSAGES.notALink],
    ['another scheme', 'file:///etc/passwd', SHEET_LINK_MESSAGES.notALink],
    ['plain http elsewhere', 'http://cdn.digialm.com/per/sheet.html', SHEET_LINK_MESSAGES.notHttps],
    ['plain http on another origin', 'http://gate.lan:9090/demo/response-sheets/x.html', SHEET_LINK_MESSAGES.notHttps],
    ['a site’s home page', 'https://gate2026.iitg.ac.in/', SHEET_LINK_MESSAGES.notASheetPage],
    ['a page of this site', 'https://hiregate.example/about', SHEET_LINK_MESSAGES.notASheetPage],
    ['the portal’s login page', 'https://goaps.iitg.ac.in/login', SHEET_LINK_MESSAGES.notASheetPage],
  ])('refuses %s, saying what is wrong', (_what, link, message) => {
    expect(sheetLinkProblem(link, ['http://gate.lan:8080'])).toBe(message);
  });
});
