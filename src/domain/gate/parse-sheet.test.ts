import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  GateError,
  assertSheetIsPaper,
  buildPaper,
  identifyPaper,
  mapResponse,
  parseResponseSheet,
  type ParsedSheet,
} from '.';
import { SHEET_TEXT_MAX } from './parse-sheet';

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
    expect(sheet.questions[0]?.options).toHaveProperty('2');
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
    expect(sheet.questions[0]?.section).toBe('General Aptitude');
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
    expect(buildPaper(sheet).questions[1]?.options.B).toMatch(/cs2q18bv3\.png$/);
  });

  it('reads a 2024 CS2 sheet (code-first Subject, .jpg names without a stem q, "Options" rows) as GATE 2024 CS2', () => {
    const sheet = readSheet('cs2-2024.html');
    expect(sheet.candidate).toMatchObject({
      id: 'CS24S52034567',
      subject: 'CS2 COMPUTER SCIENCE AND INFORMATION TECHNOLOGY',
    });
    expect(summary(sheet)).toEqual([
      { q: 'GA Q.1', master: 9, id: '6410782009', type: 'MCQ', status: 'Answered', response: 'A' },
      { q: 'subject Q.1', master: 11, id: '6410782011', type: 'MCQ', status: 'Answered', response: 'A' },
      { q: 'subject Q.2', master: 36, id: '6410782036', type: 'MSQ', status: 'Marked For Review', response: 'A,D' },
      { q: 'subject Q.3', master: 40, id: '6410782040', type: 'NAT', status: 'Answered', response: '7.5' },
    ]);
    expect(identifyPaper(sheet)).toBe('CS 2');
    const paper = buildPaper(sheet);
    expect(paper).toMatchObject({ name: 'GATE 2024 CS2', testPaper: 'CS 2' });
    expect(paper.questions[1]?.options.A).toBe('../../images/585_231904_0_50874112_cs2q11a.jpg');
    expect(() => assertSheetIsPaper(sheet, 'CS 1')).toThrow(
      'This response sheet is CS 2, not CS 1. Choose CS 2 as the test paper and try again.',
    );
  });

  const withSubject = (name: string, subject: string) =>
    parseResponseSheet(
      readFileSync(path.join(sheetsDir, name), 'utf8').replace(/(<td>Subject<\/td><td>)[^<]*/, `$1${subject}`),
    );

  it.each([
    ['Computer Science and Information Technology (CS1)', 'CS 1'],
    ['Computer Science and Information Technology(CS 2)', 'CS 2'],
    ['Computer Science and Information Technology - CS2', 'CS 2'],
    ['CS1 COMPUTER SCIENCE AND INFORMATION TECHNOLOGY', 'CS 1'],
    ['CS 2 - Computer Science and Information Technology', 'CS 2'],
    ['(CS2) Computer Science and Information Technology', 'CS 2'],
    ['cs1: computer science and information technology', 'CS 1'],
    ['Computer Science and Information Technology (CS)', null],
    ['CS COMPUTER SCIENCE AND INFORMATION TECHNOLOGY', null],
    ['CS12 COMPUTER SCIENCE', null],
    [`Computer Science ${'(CS1) '.repeat(100_000)}and Information Technology`, null],
  ])('the Subject line %j names test paper %s', (subject, testPaper) => {
    // A 2021 sheet: its images (cs3q…) do not name a session, so only the Subject line can.
    expect(identifyPaper(withSubject('digits-2021.html', subject))).toBe(testPaper);
  });

  it('the subject images name the CS session on 2024 and 2026 sheets only', () => {
    const unnamed = 'Computer Science and Information Technology';
    expect(identifyPaper(withSubject('cs2-2024.html', unnamed))).toBe('CS 2');
    expect(identifyPaper(withSubject('version-suffix.html', unnamed))).toBe('CS 2');
    const as2025 = readFileSync(path.join(sheetsDir, 'cs2-2024.html'), 'utf8').replace('CS24S', 'CS25S');
    expect(
      identifyPaper(parseResponseSheet(as2025.replace(/(<td>Subject<\/td><td>)[^<]*/, `$1${unnamed}`))),
    ).toBeNull();
    expect(identifyPaper(withSubject('cs2-2024.html', 'DA DATA SCIENCE AND ARTIFICIAL INTELLIGENCE'))).toBe('DA');
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
    const empty = refusal('');
    expect(empty.code).toBe('EMPTY_PAGE');
    expect(empty.message).toMatch(/^The response sheet is empty/);
    expect(refusal(' \n\t ').code).toBe('EMPTY_PAGE');
  });

  it('a login page', () => {
    const login =
      '<html><head><title>Candidate Login</title></head><body><form><input name="user"><input type="password" name="pwd"></form></body></html>';
    const refused = refusal(login);
    expect(refused.code).toBe('LOGIN_PAGE');
    expect(refused.message).toContain('login page');
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
    expect(refusal(junk).code).toBe('NOT_A_RESPONSE_SHEET');
  });
});

/**
 * Issue 16: inputs that took tens of seconds when a pattern backtracked over a long run or a list was copied per
 * element (each size below took 12-25 s before the fix, so the test times out), and 1 MB of other junk. Each now
 * reads in milliseconds; `npm run bench:parser` times them.
 */
describe('parseResponseSheet reads pathological markup in one pass', () => {
  const MB = 1024 * 1024;
  const variant = (name: string) => readFileSync(path.join(sheetsDir, name), 'utf8');
  const withHeaderRow = (row: string) =>
    variant('version-suffix.html').replace('<tr><td>Candidate Name</td>', `${row}<tr><td>Candidate Name</td>`);

  /** Images are read only inside a question: the attribute reader sees these. */
  const inQuestion = (body: string) => `<div class="question-pnl"><table><tr><td>${body}</td></tr></table></div>`;

  it.each([
    ['an img tag with one 50 KB attribute name', inQuestion(`<img ${'a'.repeat(50_000)}>`)],
    ['one cell of 20,000 images', inQuestion('<img>'.repeat(20_000))],
    ['an img tag with an unclosed quote', inQuestion(`<img src=x alt="${'a'.repeat(MB)}>`)],
    ['an img tag of names without values', inQuestion(`<img ${'a= '.repeat(MB / 3)}>`)],
    ['1 MB of "<img a="', inQuestion('<img a='.repeat(MB / 7))],
    ['1 MB of "<"', '<'.repeat(MB)],
    ['deeply nested divs', `${'<div>'.repeat(MB / 10)}${'</div>'.repeat(MB / 10)}`],
  ])('%s is refused as no response sheet', (_name, html) => {
    expect(refusal(html).code).toBe('NOT_A_RESPONSE_SHEET');
  });

  it('a header label "a" + 100,000 × ":" + "b" is no label, and the rest of the header still reads', () => {
    const sheet = parseResponseSheet(withHeaderRow(`<tr><td>a${':'.repeat(100_000)}b</td><td>x</td></tr>`));
    expect(sheet.candidate).toMatchObject({ id: 'CS26S42101001', name: 'PRIYA' });
  });

  it('keeps at most SHEET_TEXT_MAX characters of a name, a status or a typed answer, and refuses a 20,000-digit ID', () => {
    const long = (text: string) => text.repeat(20_000 / text.length);
    const html = variant('version-suffix.html')
      .replace('<td>PRIYA</td>', `<td>${long('PRIYA ')}</td>`)
      .replace('<td class="bold">Answered</td>', `<td class="bold">${long('\u{1F600}')}</td>`);
    const sheet = parseResponseSheet(html);
    expect(sheet.candidate.name).toHaveLength(SHEET_TEXT_MAX);
    expect(sheet.candidate.name.startsWith('PRIYA PRIYA')).toBe(true);
    // Cut between characters: 99 emoji, never half of the hundredth.
    expect(sheet.questions[0]?.status).toBe('\u{1F600}'.repeat(SHEET_TEXT_MAX / 2 - 1) + '\u{1F600}');
    const natAnswer = variant('point-five.html').replace('>.5<', `>${'5'.repeat(20_000)}<`);
    const typed = parseResponseSheet(natAnswer).questions.find((question) => question.type === 'NAT')?.answer;
    expect(typed).toHaveLength(SHEET_TEXT_MAX);
    expect(refusal(variant('point-five.html').replace('80000020', '8'.repeat(20_000))).message).toMatch(
      /has no readable Question ID\.$/,
    );
  });

  it('a label ending in 1 MB of " :" is still its label', () => {
    const html = variant('version-suffix.html').replace(
      '<td>Candidate Name</td>',
      `<td>Candidate Name${' :'.repeat(MB / 2)}</td>`,
    );
    expect(parseResponseSheet(html).candidate.name).toBe('PRIYA');
  });

  it('a chosen option padded with em spaces reads as its letters, and 50,000 of them inside a label are refused', () => {
    const padded = variant('version-suffix.html').replace('>B,C<', `>B${'\u2003'.repeat(MB)},\u2003C<`);
    expect(parseResponseSheet(padded).questions[1]?.answer).toBe('B,C');
    const split = variant('version-suffix.html').replace('>B,C<', `>B${'\u2003'.repeat(50_000)}C<`);
    expect(refusal(split).message).toBe(
      "The response sheet could not be read: Q.1 of Computer Science and Information Technology shows chosen option 'B C', which is not one of its options.",
    );
  });

  it('an attribute whose quote never closes does not hide the attributes after it', () => {
    const html = variant('version-suffix.html').replace(
      /<img class="question-img" name="([^"]+)" src="([^"]+)"/,
      `<img alt="${'x'.repeat(50_000)} name='$1' src='$2'`,
    );
    expect(parseResponseSheet(html).questions[0]?.stemImage).toMatch(/ga1q4qv2\.png$/);
  });

  it('entities decode as before, and names off the prototype (&constructor;, a "constructor" label) stay text', () => {
    const sheet = parseResponseSheet(
      withHeaderRow('<tr><td>constructor</td><td>x</td></tr>').replace(
        '<td>PRIYA</td>',
        '<td>&constructor; &LT;b&gt;&#65;&#x42;&#0000067; &amp;amp; &#xZZ; &#1114112;</td>',
      ),
    );
    expect(sheet.candidate.name).toBe('&constructor; <b>ABC &amp; &#xZZ; &#1114112;');
    expect(Object.keys(sheet.candidate)).toEqual([
      'id',
      'name',
      'testCenter',
      'testDate',
      'testTime',
      'subject',
      'paperCode',
    ]);
  });

  it('an image src with a query or fragment still names its file', () => {
    const html = variant('version-suffix.html').replace(
      /<img name="585_142276_0_27112816_cs2q18dv3\.png" src="([^"]+)"/,
      `<img src="$1?x=${'?/'.repeat(MB / 2)}#a/b"`,
    );
    expect(parseResponseSheet(html).questions[1]?.masterLetters.A).toBe('D');
  });
});
