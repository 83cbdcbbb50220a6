import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GateError, buildPaper, identifyPaper, mapResponse, parseResponseSheet, type ParsedSheet } from '.';

const sheetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/sheets');
const readSheet = (name: string): ParsedSheet => parseResponseSheet(readFileSync(path.join(sheetsDir, name), 'utf8'));

/** What a person checking the sheet by eye would read off each question, in master terms. */
function summary(sheet: ParsedSheet) {
  return sheet.questions.map((q) => ({
    q: `${q.sectionKind} Q.${q.displayNumber}`,
    master: q.masterNumber,
    id: q.longId,
    type: q.type,
    status: q.status,
    response: mapResponse(q),
  }));
}

describe('parseResponseSheet on the variants of the sheet format', () => {
  it('reads 2021-style digit labels and a subject numbered 1-55 in its image names', () => {
    const sheet = readSheet('digits-2021.html');
    expect(sheet.candidate).toMatchObject({ id: 'CS21S61023045', name: 'ASHA RAO', paperCode: 'CS' });
    expect(sheet.questions[0].options).toHaveProperty('2');
    expect(summary(sheet)).toEqual([
      { q: 'GA Q.1', master: 7, id: '6410781007', type: 'MCQ', status: 'Answered', response: 'A' },
      { q: 'GA Q.2', master: 2, id: '6410781002', type: 'MCQ', status: 'Not Answered', response: ' -- ' },
      { q: 'subject Q.1', master: 50, id: '6410781050', type: 'MSQ', status: 'Answered', response: 'B,D' },
      { q: 'subject Q.2', master: 13, id: '6410781013', type: 'NAT', status: 'Marked For Review', response: '3.5' },
    ]);
    expect(buildPaper(sheet).warnings).toContain(
      'The sheet has 4 questions, not 65; missing master numbers: 1, 3, 4, 5, 6, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65.',
    );
  });

  it('reads Participant labels ending in "&nbsp;:", (A)-style option labels and SA as NAT', () => {
    const sheet = readSheet('participant-labels.html');
    expect(sheet.candidate).toMatchObject({ id: 'CS19S51000123', name: 'RAHUL K', testDate: '02/02/2019' });
    expect(summary(sheet)).toEqual([
      { q: 'GA Q.1', master: 1, id: '2251101', type: 'MCQ', status: 'Answered', response: 'B' },
      { q: 'subject Q.1', master: 11, id: '2251111', type: 'MCQ', status: 'Marked For Review', response: 'C' },
      { q: 'subject Q.2', master: 60, id: '2251160', type: 'NAT', status: 'Answered', response: '-0.25' },
    ]);
  });

  it('reads menu tables whose rows lack the opening <tr>, with &nbsp; around labels and values', () => {
    const sheet = readSheet('missing-tr.html');
    expect(sheet.candidate.subject).toBe('Data Science and Artificial Intelligence (DA)');
    expect(identifyPaper(sheet)).toBe('DA');
    expect(summary(sheet)).toEqual([
      { q: 'GA Q.1', master: 6, id: '90000006', type: 'MCQ', status: 'Answered', response: 'B' },
      { q: 'subject Q.1', master: 25, id: '90000025', type: 'MSQ', status: 'Answered', response: 'B,C' },
      { q: 'subject Q.2', master: 30, id: '90000030', type: 'NAT', status: 'Answered', response: '12.003' },
    ]);
    expect(sheet.questions[0].section).toBe('General Aptitude');
  });

  it('reads 2025-style .jpg names and never keeps the inline photo', () => {
    const html = readFileSync(path.join(sheetsDir, 'jpg-2025.html'), 'utf8');
    expect(html).toContain('data:image/jpeg;base64');
    const sheet = parseResponseSheet(html);
    expect(JSON.stringify(sheet)).not.toContain('base64');
    expect(summary(sheet)).toEqual([
      { q: 'GA Q.1', master: 3, id: '68024448392', type: 'MCQ', status: 'Answered', response: 'A' },
      { q: 'subject Q.1', master: 47, id: '68024448436', type: 'MSQ', status: 'Answered', response: 'A,B' },
      {
        q: 'subject Q.2',
        master: 12,
        id: '68024448401',
        type: 'NAT',
        status: 'Not Attempted and Marked For Review',
        response: ' -- ',
      },
    ]);
  });

  it('reads v<n> version suffixes and names the CS 2 paper from the Subject line', () => {
    const sheet = readSheet('version-suffix.html');
    expect(identifyPaper(sheet)).toBe('CS 2');
    expect(summary(sheet).map(({ master, response }) => ({ master, response }))).toEqual([
      { master: 4, response: 'A' },
      { master: 18, response: 'A,C' },
    ]);
    expect(buildPaper(sheet).questions[1].options.B).toMatch(/cs2q18bv3\.png$/);
  });

  it('treats padded " -- " and &nbsp;--&nbsp; as no answer', () => {
    expect(readSheet('padded-dashes.html').questions.map((q) => [q.answer, mapResponse(q)])).toEqual([
      [null, ' -- '],
      [null, ' -- '],
      [null, ' -- '],
    ]);
  });

  it("reads typed answers without a leading zero ('.5', '-.25')", () => {
    expect(readSheet('point-five.html').questions.map((q) => [q.answer, mapResponse(q)])).toEqual([
      ['.5', '0.5'],
      ['-.25', '-0.25'],
    ]);
  });
});

function refusal(html: string): GateError {
  try {
    parseResponseSheet(html);
  } catch (error) {
    expect(error).toBeInstanceOf(GateError);
    return error as GateError;
  }
  throw new Error('the page was accepted');
}

describe('parseResponseSheet refuses what is not a GATE response sheet', () => {
  const variant = (name: string) => readFileSync(path.join(sheetsDir, name), 'utf8');

  it('an empty file', () => {
    expect(refusal('')).toMatchObject({
      code: 'EMPTY_PAGE',
      message: expect.stringMatching(/^The response sheet is empty/),
    });
    expect(refusal(' \n\t ').code).toBe('EMPTY_PAGE');
  });

  it('a login page', () => {
    const login =
      '<html><head><title>Candidate Login</title></head><body><form><input name="user"><input type="password" name="pwd"></form></body></html>';
    expect(refusal(login)).toMatchObject({ code: 'LOGIN_PAGE', message: expect.stringContaining('login page') });
  });

  it('another exam on the same portal (no GATE image names)', () => {
    const other = variant('missing-tr.html').replace(/_(ga2|da)q(\d+)/g, '_phy_$2');
    expect(refusal(other)).toMatchObject({ code: 'UNREADABLE_IMAGE_NAMES' });
  });

  it('a page with questions but no candidate block', () => {
    const headless = variant('point-five.html').replace(/<div class="main-info-pnl">[\s\S]*?<\/div>/, '');
    expect(refusal(headless).code).toBe('NOT_A_RESPONSE_SHEET');
  });

  it('a question without a Question ID', () => {
    const broken = variant('point-five.html').replace('80000020', '');
    expect(refusal(broken).message).toBe(
      'The response sheet could not be read: Q.1 of Computer Science and Information Technology has no readable Question ID.',
    );
  });

  it('an ordinary web page and 10 MB of junk, quickly and without crashing', () => {
    expect(refusal('<html><body><h1>Hello</h1><p>Nothing here</p></body></html>').code).toBe('NOT_A_RESPONSE_SHEET');
    const junk = Array.from(
      { length: 10 * 1024 },
      (_, i) => `<${'div td img <<>> &amp; data:'.repeat(i % 7)}>${'x'.repeat(1000)}`,
    ).join('');
    expect(junk.length).toBeGreaterThan(10_000_000);
    const started = performance.now();
    expect(refusal(junk).code).toBe('NOT_A_RESPONSE_SHEET');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
