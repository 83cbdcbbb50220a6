import { describe, expect, it } from 'vitest';
import { keyPdfPages } from '../../../test/support/key-pdf';
import {
  keyIsWhole,
  officialRowsOfPdf,
  readOfficialKey,
  readPdfTextPages,
  type PaperQuestion,
  type QuestionType,
} from '.';

/** A 65-question paper: GA 1-10, the subject 11-65; Question IDs 1001-1065. */
const TYPES: Record<number, QuestionType> = { 13: 'MSQ', 14: 'MSQ', 19: 'NAT', 20: 'NAT', 40: 'NAT', 41: 'NAT' };
const paper: PaperQuestion[] = Array.from({ length: 65 }, (_, index) => ({
  long_id: String(1001 + index),
  short_id: String(index + 1),
  name: 'GATE 2026 CS1',
  type: TYPES[index + 1] ?? 'MCQ',
  marks: 1,
  question: `q${index + 1}.png`,
  options: {},
}));
const id = (master: number) => String(1000 + master);

/** Every key form: MCQ, MCQs with two accepted options, MTA, MSQ, NAT ranges, ranges joined by OR, negative bounds. */
const KEY_FORMS = [
  { master: 1, section: 'GA', type: 'MCQ', key: 'B', expected: 'B' },
  { master: 2, section: 'GA', type: 'MCQ', key: 'B OR C', expected: 'B OR C' },
  { master: 3, section: 'GA', type: 'MCQ', key: 'A;D', expected: 'A OR D' },
  { master: 5, section: 'GA', type: 'MCQ', key: 'MTA', expected: 'MTA' },
  { master: 13, section: 'CS', type: 'MSQ', key: 'A;C', expected: 'A;C' },
  { master: 14, section: 'CS', type: 'MSQ', key: 'A;B;C', expected: 'A;B;C' },
  { master: 19, section: 'CS', type: 'NAT', key: '8.90 to 9.10', expected: '8.90:9.10' },
  { master: 20, section: 'CS', type: 'NAT', key: '2 to 2', expected: '2:2' },
  { master: 40, section: 'CS', type: 'NAT', key: '1.5 to 2.5 OR 3.0 to 3.0', expected: '1.5:2.5 OR 3.0:3.0' },
  { master: 41, section: 'CS', type: 'NAT', key: '-3.04 to -2.84', expected: '-3.04:-2.84' },
] as const;
const expectedKeys = Object.fromEntries(KEY_FORMS.map((form) => [id(form.master), form.expected]));
const uncovered = paper.map((question) => question.short_id).filter((master) => !(id(Number(master)) in expectedKeys));

describe('official key PDFs to key rows', () => {
  it('reads the 2026 layout over two pages with the header repeated, a key wrapped in its cell and page footers', async () => {
    const pages = await keyPdfPages({
      layout: 'current',
      rows: KEY_FORMS.map((form) => [String(form.master), form.type, form.section, form.key]),
      rowsPerPage: 6,
      keyWidth: 80,
    });
    expect(pages).toHaveLength(2);
    const rows = officialRowsOfPdf(pages);
    expect(rows.map((row) => row.line)).toEqual(
      KEY_FORMS.map((form) => `${form.master} ${form.type} ${form.section} ${form.key}`),
    );
    const reading = readOfficialKey(rows, paper);
    expect(reading.keys).toEqual(expectedKeys);
    expect(reading.rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(reading.missing).toEqual(uncovered);
  });

  it('reads older keys with Session and Marks columns, the subject numbered 1-55 and no header on page 2', async () => {
    const pages = await keyPdfPages({
      layout: 'older',
      rows: KEY_FORMS.map((form) => {
        const number = form.section === 'GA' ? form.master : form.master - 10;
        return [String(number), '1', form.type, form.section, form.key, form.master > 35 ? '2' : '1'];
      }),
      rowsPerPage: 5,
      repeatHeader: false,
    });
    const rows = officialRowsOfPdf(pages);
    expect(rows[4]).toEqual({
      line: '3 1 MSQ CS A;C 1',
      cells: { number: '3', session: '1', type: 'MSQ', section: 'CS', key: 'A;C', marks: '1' },
    });
    expect(readOfficialKey(rows, paper).keys).toEqual(expectedKeys);
  });

  it('reads a header printed on two lines and cells centred beside a key that wraps', async () => {
    const pages = await keyPdfPages({
      layout: 'current',
      rows: KEY_FORMS.map((form) => [String(form.master), form.type, form.section, form.key]),
      keyWidth: 60,
      middle: true,
      twoLineHeader: true,
    });
    const rows = officialRowsOfPdf(pages);
    expect(rows.map((row) => row.line)).toEqual(
      KEY_FORMS.map((form) => `${form.master} ${form.type} ${form.section} ${form.key}`),
    );
    expect(readOfficialKey(rows, paper).keys).toEqual(expectedKeys);
  });

  it('flags a type that differs from the paper, a question the paper lacks and a row that cannot be read', async () => {
    const pages = await keyPdfPages({
      layout: 'current',
      rows: [
        ['1', 'MCQ', 'GA', 'C'],
        ['13', 'MCQ', 'CS', 'A;C'],
        ['66', 'MCQ', 'CS', 'D'],
        ['19', 'NAT', 'CS', 'about nine'],
        ['20', '', 'CS', '2 to 2'],
      ],
    });
    const reading = readOfficialKey(officialRowsOfPdf(pages), paper);
    expect(reading.rows.map((row) => row.flags)).toEqual([
      [],
      ['type-differs'],
      ['unknown-question'],
      ['unreadable'],
      ['unreadable'],
    ]);
    expect(reading.rows.flatMap((row) => row.problems)).toEqual([
      "The key row '13 MCQ CS A;C' says MCQ; the paper has Q13 as MSQ.",
      "The key row '66 MCQ CS D' names Q66, which is not in this paper.",
      "The key row '19 NAT CS about nine' has an answer that cannot be read as a NAT key.",
      "The key row '20 CS 2 to 2' has no question type (MCQ, MSQ or NAT).",
    ]);
    // The differing type is read as the paper's: the letters stay one MSQ answer.
    expect(reading.keys).toEqual({ [id(1)]: 'C', [id(13)]: 'A;C' });
    expect(reading.warnings.at(-1)).toMatch(/^No key for Q2, Q3, .*Q19, Q20, .*Q65\.$/);
  });

  it('finds no rows in a PDF without a key table', async () => {
    expect(officialRowsOfPdf(await keyPdfPages({ layout: 'current', rows: [] }))).toEqual([]);
  });
});

describe('reading a key PDF stays bounded', () => {
  /** A document of `numPages` pages, page n holding the row `n MCQ GA B`; counts the pages asked for. */
  function documentOf(numPages: number) {
    const asked: number[] = [];
    const row = (n: number) =>
      [`${n}`, 'MCQ', 'GA', 'B'].map((text, index) => ({
        str: text,
        width: 20,
        height: 10,
        transform: [1, 0, 0, 1, 50 + 60 * index, 700],
      }));
    return {
      asked,
      document: {
        numPages,
        getPage: (pageNumber: number) => {
          asked.push(pageNumber);
          return Promise.resolve({ getTextContent: () => Promise.resolve({ items: row(pageNumber) }) });
        },
      },
    };
  }

  it('refuses a PDF of more pages than a key has, without reading one', async () => {
    const { document, asked } = documentOf(10_000_000);
    await expect(readPdfTextPages(document)).rejects.toThrow(
      'This PDF could not be read: it has 1,00,00,000 pages, and an answer key has at most 50.',
    );
    expect(asked).toEqual([]);
  });

  it('stops reading once a row for every question of the paper is read', async () => {
    const { document, asked } = documentOf(40);
    const threeQuestions = paper.slice(0, 3);
    const pages = await readPdfTextPages(document, { enough: keyIsWhole(threeQuestions) });
    expect(asked).toEqual([1, 2, 3]);
    expect(readOfficialKey(officialRowsOfPdf(pages), threeQuestions).keys).toEqual({
      [id(1)]: 'B',
      [id(2)]: 'B',
      [id(3)]: 'B',
    });
  });
});
