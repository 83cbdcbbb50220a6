import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { officialKeySets, type OfficialKeySet } from '../../../test/support/fixtures';
import { pdfFilePages } from '../../../test/support/key-pdf';
import { expectFamilyScorecard, familyFile, loadFamilySet } from '../../../test/support/paper-families';
import {
  buildPaper,
  diffKeys,
  identifySheet,
  parseResponseSheet,
  scoreSheet,
  withKeyMarks,
  keyDocumentVersion,
  officialRowsOfPdf,
  pdfLines,
  parseKey,
  readOfficialKey,
  responseMatchesKey,
  type PaperQuestion,
  type QuestionType,
} from '.';

/**
 * Every official key PDF of test/fixtures/gate/official-keys/ (2023-2026, four layouts), read row for row against
 * the key written from the document's text (expected.json, see the README there).
 */
const DIR = path.resolve(import.meta.dirname, '../../../test/fixtures/gate/official-keys');
const FOLDERS = ['cs-2023', 'cs1-2024', 'cs1-2025-provisional', 'cs1-2025-final', 'da-2025', 'da-2026'] as const;
type Folder = (typeof FOLDERS)[number];

interface ExpectedRow {
  number: number;
  session?: number;
  type: QuestionType;
  section: string;
  key: string;
  marks?: number;
}
interface ExpectedKey {
  paper: string;
  marksColumn: boolean;
  printedStatus: 'provisional' | 'final' | null;
  rows: ExpectedRow[];
}

const expected = (folder: Folder) =>
  JSON.parse(readFileSync(path.join(DIR, folder, 'expected.json'), 'utf8')) as ExpectedKey;
const pdfPages = (folder: Folder) => pdfFilePages(readFileSync(path.join(DIR, folder, 'key.pdf')));

/** The paper the key's rows describe: master numbers 1-65, Question IDs 5001-5065, types and marks as printed. */
function paperOf(rows: readonly ExpectedRow[]): PaperQuestion[] {
  return rows.map((row) => ({
    long_id: String(5000 + row.number),
    short_id: String(row.number),
    name: 'official key paper',
    type: row.type,
    marks: row.marks ?? (row.number <= 5 || (row.number > 10 && row.number <= 35) ? 1 : 2),
    question: `q${row.number}.png`,
    options: {},
  }));
}

/** The product's key for a row, written here from the printed text by the README's rules, not by the reader. */
function productKey({ type, key }: ExpectedRow): string {
  if (/^MTA\*?$/.test(key)) return 'MTA';
  const separator = type === 'NAT' ? ' OR ' : ' or ';
  return key
    .split(separator)
    .map((part) =>
      type === 'NAT' ? part.replace(' to ', ':') : part.split(/\s*[;,]\s*/).join(type === 'MCQ' ? ' OR ' : ';'),
    )
    .join(' OR ');
}

describe.each(FOLDERS)('the official key %s', (folder) => {
  it('reads every row as printed, and every question keyed', async () => {
    const want = expected(folder);
    const pages = await pdfPages(folder);
    const rows = officialRowsOfPdf(pages);
    expect(
      rows.map(({ cells }) => ({
        number: Number(cells.number),
        ...(cells.session ? { session: Number(cells.session) } : {}),
        type: cells.type,
        section: cells.section,
        key: cells.key,
        ...(cells.marks ? { marks: Number(cells.marks) } : {}),
      })),
    ).toEqual(want.rows);
    expect(rows.every((row) => (row.cells.marks !== undefined) === want.marksColumn)).toBe(true);
    const paper = paperOf(want.rows);
    const reading = readOfficialKey(rows, paper);
    expect(reading).toMatchObject({ whole: true, unread: [], missing: [], warnings: [] });
    expect(reading.keys).toEqual(
      Object.fromEntries(want.rows.map((row) => [String(5000 + row.number), productKey(row)])),
    );
    expect(keyDocumentVersion(pdfLines(pages)).status ?? null).toBe(want.printedStatus);
  });
});

describe('provisional and final keys', () => {
  it("the CS 1 2025 keys differ in exactly one row: Q65 '10 to 10' → '10 to 11'", async () => {
    const paper = paperOf(expected('cs1-2025-final').rows);
    const [provisional, final] = await Promise.all(
      (['cs1-2025-provisional', 'cs1-2025-final'] as const).map(
        async (folder) => readOfficialKey(officialRowsOfPdf(await pdfPages(folder)), paper).keys,
      ),
    );
    expect(diffKeys(paper, provisional!, final!)).toEqual([
      expect.objectContaining({ long_id: '5065', short_id: '65', type: 'NAT', before: '10:10', after: '10:11' }),
    ]);
  });

  it('reads the status and date a document prints, and nothing where it prints none', () => {
    expect(keyDocumentVersion(['Computer Science (CS1)', 'Final Answer Key', '1 5 MCQ GA A 1'])).toEqual({
      status: 'final',
    });
    expect(keyDocumentVersion(['Provisional Answer Key', 'Published on 25 February 2025'])).toEqual({
      status: 'provisional',
      date: '2025-02-25',
    });
    expect(keyDocumentVersion(['Final key (10/03/2025)'])).toEqual({ status: 'final', date: '2025-03-10' });
    expect(keyDocumentVersion(['Answer Key for Computer Science and Information Technology 1 (CS1)'])).toEqual({});
  });
});

describe('scoring with an official key', () => {
  it("scores CS 2023's alternatives (an MSQ with two sets, a NAT with two ranges) and MTA* for either answer", () => {
    const want = expected('cs-2023');
    const keys = Object.fromEntries(want.rows.map((row) => [row.number, productKey(row)]));
    expect([keys[2], keys[27], keys[30]]).toEqual(['MTA', 'A;C;D OR C;D', '2:2 OR 4:4']);
    const msq = parseKey(keys[27]!, 'MSQ');
    expect(['A,C,D', 'C,D', 'A,C', 'D'].map((response) => responseMatchesKey('MSQ', response, msq))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const nat = parseKey(keys[30]!, 'NAT');
    expect(['2', '4', '3', '4.001'].map((response) => responseMatchesKey('NAT', response, nat))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(responseMatchesKey('NAT', '17', parseKey('MTA*', 'NAT'))).toBe(true);
  });
});

describe.each(Object.keys(officialKeySets) as OfficialKeySet[])(
  'sheets the fixture generator made for the questions of %s, scored with the official PDF',
  (set) => {
    const { paper: fixturePaper, key, sheets } = loadFamilySet(set);
    const master = parseResponseSheet(familyFile(set, 'master.html'));
    const paper = buildPaper(master, fixturePaper.name);
    let reading: ReturnType<typeof readOfficialKey>;
    beforeAll(async () => {
      reading = readOfficialKey(officialRowsOfPdf(await pdfPages(officialKeySets[set])), paper.questions);
    });

    it('files the master sheet under its paper and year, and the PDF keys every question of it', () => {
      expect(paper.warnings).toEqual([]);
      expect(identifySheet(master)).toMatchObject({ year: fixturePaper.year, code: fixturePaper.paper });
      expect(reading).toMatchObject({ whole: true, unread: [], missing: [], warnings: [] });
      expect(reading.keys).toEqual(key.keys);
    });

    it.each(sheets.map((sheet) => [sheet.candidateId, sheet] as const))(
      "scores %s exactly as the generator's own scorer does",
      (_candidate, expected) => {
        const sheet = parseResponseSheet(familyFile(set, expected.file));
        expectFamilyScorecard(
          scoreSheet(sheet, withKeyMarks(paper, reading.marks ?? {}), reading.keys),
          expected,
          false,
        );
      },
    );
  },
);

describe('a provisional key, then the final one', () => {
  it('moves only the marks of Q65 for the candidate who typed 10.5 (inside 10 to 11, outside 10 to 10)', async () => {
    const set = 'official-cs1-2025';
    const paper = buildPaper(parseResponseSheet(familyFile(set, 'master.html')));
    const keysOf = async (folder: Folder) =>
      readOfficialKey(officialRowsOfPdf(await pdfPages(folder)), paper.questions).keys;
    const [provisional, final] = await Promise.all([keysOf('cs1-2025-provisional'), keysOf('cs1-2025-final')]);
    const totals = loadFamilySet(set).sheets.map((expected) => {
      const sheet = parseResponseSheet(familyFile(set, expected.file));
      const q65 = (card: ReturnType<typeof scoreSheet>) => card.response.find((q) => q.short_id === '65')!;
      const [before, after] = [provisional, final].map((keys) => scoreSheet(sheet, paper, keys));
      return {
        typed: q65(before!).response_given,
        change: Math.round((after!.totalScore['Total Marks'] - before!.totalScore['Total Marks']) * 3) / 3,
      };
    });
    expect(totals.filter(({ change }) => change !== 0)).toEqual([{ typed: '10.5', change: 2 }]);
  });
});
