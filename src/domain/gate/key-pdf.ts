import { GateError } from './gate-error';
import {
  readOfficialKey,
  rowCellsOf,
  rowLineText,
  withMarksCells,
  type KeyPaperQuestion,
  type OfficialKeyCells,
  type OfficialKeyRow,
} from './official-key';
import type { PaperSections } from './sections';

/**
 * Official answer-key PDFs to key rows. A PDF has no table, only positioned text: rows are rebuilt by grouping the
 * text items of each page by height on the page, and read by what their cells hold (no header word is needed). The browser and
 * the command line share this reading; each brings its own pdf.js (the domain imports none).
 */

/** One text item as pdf.js places it: x from the left, y of the baseline from the bottom of the page (PDF units). */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PdfTextPage = readonly PdfTextItem[];

/** What pdf.js's getTextContent lists: text items, and marked-content boundaries without text. */
type PdfJsContentItem = { str: string; transform: readonly number[]; width: number; height: number } | { type: string };

/** The part of a pdf.js document that reading its text needs. */
export interface PdfTextSource {
  numPages: number;
  getPage(pageNumber: number): Promise<{ getTextContent(): Promise<{ items: readonly PdfJsContentItem[] }> }>;
}

/**
 * What reading a key PDF may cost. An official key is a few pages read in well under a second; a file built to make
 * pdf.js work forever (a tree of ten million pages in 1.6 KB, half a million nested graphics states, a megabyte that
 * inflates to a gigabyte) is stopped at one of these, in the CLI's worker thread or the admin's Web Worker.
 */
export const KEY_PDF_LIMITS = { pages: 50, seconds: 10, memoryMb: 256 } as const;

export function unreadablePdf(reason: string): GateError {
  return new GateError('UNREADABLE_PDF', `This PDF could not be read: ${reason}`);
}

export const PDF_PROBLEMS = {
  tooManyPages: (pages: number) =>
    `it has ${pages.toLocaleString('en-IN')} pages, and an answer key has at most ${KEY_PDF_LIMITS.pages}.`,
  tooSlow: `reading it took longer than ${KEY_PDF_LIMITS.seconds} seconds; an answer key reads in well under one.`,
  tooLarge: `reading it needed more than ${KEY_PDF_LIMITS.memoryMb} MB of memory.`,
  stopped: 'the reader stopped without an answer.',
} as const;

/** Any failure of a reading as the admin reads it: ours as they are, pdf.js's ('Invalid PDF structure.') behind ours. */
export function pdfFailure(error: unknown): GateError {
  if (error instanceof GateError) return error;
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return unreadablePdf(/[.!?]$/.test(reason) ? reason : `${reason}.`);
}

export interface PdfReading {
  /** A PDF with more pages is refused before any is read. */
  maxPages?: number;
  /** Told the pages read so far after each page: true ends the reading (it has what it needs). */
  enough?: (pages: readonly PdfTextPage[]) => boolean;
}

/** A document as pdf.js opens it: its pages, and the close that frees them. */
export interface PdfDocument extends PdfTextSource {
  destroy(): Promise<void>;
}

/** What a reader's worker answers: the pages, or the message the admin reads. */
export type PdfTextAnswer = { pages: PdfTextPage[] } | { error: string };

/**
 * A worker's whole reading, the same in the CLI's thread and the browser's Web Worker (each brings its own pdf.js):
 * open the document, read pages until the key is whole, close it; any failure becomes the admin's message.
 */
export async function readKeyPdfPages(
  open: () => { promise: Promise<PdfDocument> },
  questions?: readonly KeyPaperQuestion[],
  sections?: PaperSections,
): Promise<PdfTextAnswer> {
  try {
    const document = await open().promise;
    try {
      return { pages: await readPdfTextPages(document, { enough: questions && keyIsWhole(questions, sections) }) };
    } finally {
      await document.destroy();
    }
  } catch (error) {
    return { error: pdfFailure(error).message };
  }
}

/** Reading can end once a row for every question of the paper has been read: the rest is titles and footers. */
export function keyIsWhole(
  questions: readonly KeyPaperQuestion[],
  sections?: PaperSections,
): (pages: readonly PdfTextPage[]) => boolean {
  return (pages) => readOfficialKey(officialRowsOfPdf(pages), questions, sections).missing.length === 0;
}

/**
 * The text items of each page in page order (without the whitespace items pdf.js puts between words), until the
 * reading has what it needs; a PDF of more than KEY_PDF_LIMITS.pages pages is refused unread.
 */
export async function readPdfTextPages(
  document: PdfTextSource,
  { maxPages = KEY_PDF_LIMITS.pages, enough }: PdfReading = {},
): Promise<PdfTextPage[]> {
  if (document.numPages > maxPages) throw unreadablePdf(PDF_PROBLEMS.tooManyPages(document.numPages));
  const pages: PdfTextPage[] = [];
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const { items } = await (await document.getPage(pageNumber)).getTextContent();
    pages.push(
      items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [
              {
                text: item.str.trim(),
                x: item.transform[4] ?? 0,
                y: item.transform[5] ?? 0,
                width: item.width,
                height: item.height,
              },
            ]
          : [],
      ),
    );
    if (enough?.(pages)) break;
  }
  return pages;
}

/** A line of a page: its text items left to right, grouped by their height on the page. */
export interface Line {
  y: number;
  height: number;
  items: PdfTextItem[];
}

/** Items whose baselines differ by less than this share a line (a fraction of the text height, at least 2 units). */
const lineTolerance = (height: number) => Math.max(2, 0.4 * height);

export function linesOf(page: PdfTextPage): Line[] {
  const lines: Line[] = [];
  for (const item of [...page].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - item.y) <= lineTolerance(Math.max(line.height, item.height))) {
      line.items.push(item);
      line.height = Math.max(line.height, item.height);
    } else {
      lines.push({ y: item.y, height: item.height, items: [item] });
    }
  }
  for (const line of lines) line.items.sort((a, b) => a.x - b.x);
  return lines;
}

const COLUMN_ORDER: ReadonlyArray<keyof OfficialKeyCells> = ['number', 'session', 'type', 'section', 'key', 'marks'];

const rowText = (cells: OfficialKeyCells) =>
  COLUMN_ORDER.flatMap((name) => (cells[name] ? [cells[name]] : [])).join(' ');

/** Text that is only part of a key: letters A-D, numbers, 'to', 'or', ';' and ',', 'MTA' (a key wrapped in its cell). */
const KEY_FRAGMENT = /^(?:\s*(?:MTA\*?|[A-D]|[-+]?\d*\.?\d+|to|or|OR|[;,]))+\s*$/;

/** A row of a page as its cells' content reads it, with where its key may continue (a key wrapped in its cell). */
interface PlacedRow {
  y: number;
  height: number;
  cells: OfficialKeyCells;
  /** Where the section cell ends: a wrapped key's lines lie to the right of it. */
  keyLeft: number;
  /** The items after the section: key, then marks. */
  tail: PdfTextItem[];
  /** Lines of key text above or below the row, wrapped in its cell. */
  fragments: Line[];
}

/** The items of a line from a character offset of its text (items joined by one space) on. */
function itemsFrom(items: readonly PdfTextItem[], offset: number): PdfTextItem[] {
  let start = 0;
  return items.filter((item) => {
    const end = start + item.text.length;
    start = end + 1;
    return end > offset;
  });
}

/** A line read as a row by content: its cells, and the items of its key and marks. */
function placedRowOf(line: Line): PlacedRow | null {
  const text = rowLineText(line.items.map((item) => item.text).join(' '));
  const cells = rowCellsOf(text);
  if (!cells) return null;
  const keyAt = cells.key === undefined ? text.length : text.length - cells.key.length;
  const tail = itemsFrom(line.items, keyAt);
  const before = line.items.filter((item) => !tail.includes(item));
  const keyLeft = before.length ? Math.max(...before.map((item) => item.x + item.width)) : line.items[0]!.x;
  return { y: line.y, height: line.height, cells, keyLeft, tail, fragments: [] };
}

/**
 * A row with the key lines wrapped around it: its key is the key text top to bottom; a number printed on the row's
 * own line to the right of all key text is its marks.
 */
function joinedRow(row: PlacedRow): OfficialKeyRow {
  if (row.fragments.length === 0) {
    const cells = Object.fromEntries(Object.entries(row.cells).filter(([, value]) => value)) as OfficialKeyCells;
    return { line: rowText(cells), cells };
  }
  const fragmentRight = Math.max(...row.fragments.flatMap((line) => line.items.map((item) => item.x + item.width)));
  const after = row.tail.filter((item) => item.x >= fragmentRight);
  const inline = row.tail.filter((item) => !after.includes(item));
  const parts = [
    ...row.fragments.map((line) => ({ y: line.y, text: line.items.map((item) => item.text).join(' ') })),
    ...(inline.length ? [{ y: row.y, text: inline.map((item) => item.text).join(' ') }] : []),
  ].sort((a, b) => b.y - a.y);
  const marks = after.map((item) => item.text).join(' ');
  const cells: OfficialKeyCells = {
    ...Object.fromEntries(Object.entries(row.cells).filter(([name, value]) => value && name !== 'key')),
    key: rowLineText(parts.map((part) => part.text).join(' ')),
    ...(marks && /^\d{1,2}(?:\.\d+)?$/.test(marks) ? { marks } : {}),
  };
  if (marks && cells.marks === undefined) cells.key = `${cells.key} ${marks}`;
  return { line: rowText(cells), cells };
}

/**
 * The rows of one page, by what the lines hold, not by header words: a line that starts with a question number is a
 * row (read, or flagged for the cell it lacks); a line of key text only continues the key of the row beside it
 * (within one and a half lines, right of its section); titles, headers (on one line or several, repeated or not),
 * page footers and footnotes are none.
 */
function pageRows(page: PdfTextPage): OfficialKeyRow[] {
  const entries: Array<{ row: PlacedRow } | { fragment: Line }> = [];
  for (const line of linesOf(page)) {
    const text = line.items.map((item) => item.text).join(' ');
    const row = KEY_FRAGMENT.test(text) ? null : placedRowOf(line);
    if (row) entries.push({ row });
    else if (KEY_FRAGMENT.test(text)) entries.push({ fragment: line });
  }
  const placed = entries.flatMap((entry) => ('row' in entry ? [entry.row] : []));
  const rows: Array<{ y: number; row: PlacedRow }> = placed.map((row) => ({ y: row.y, row }));
  for (const entry of entries) {
    if (!('fragment' in entry)) continue;
    const fragment = entry.fragment;
    const distance = (row: PlacedRow) => Math.abs(row.y - fragment.y);
    const nearest = placed
      .filter((row) => fragment.items[0]!.x >= row.keyLeft - 1)
      .reduce<PlacedRow | undefined>((best, row) => (!best || distance(row) < distance(best) ? row : best), undefined);
    if (nearest && distance(nearest) <= 1.5 * Math.max(nearest.height, fragment.height)) {
      nearest.fragments.push(fragment);
    } else {
      // Key text beside no row: if it starts like a row ('20 2 to 2', its type and section missing), it is one.
      const row = placedRowOf(fragment);
      if (row) rows.push({ y: fragment.y, row });
    }
  }
  return rows.sort((a, b) => b.y - a.y).map(({ row }) => joinedRow(row));
}

/** The lines of a PDF's pages as text, top to bottom (for what the document says of itself: keyDocumentVersion). */
export function pdfLines(pages: readonly PdfTextPage[]): string[] {
  return pages.flatMap((page) => linesOf(page).map((line) => line.items.map((item) => item.text).join(' ')));
}

/**
 * The key rows of an official key PDF, in page order: every layout (four or six columns, with or without Session and
 * Marks, headers in words or abbreviations, on one line or several), the table running over pages with or without
 * its header repeated, titles, page numbers, footers and footnotes left out. The Marks column is found by content.
 */

export function officialRowsOfPdf(pages: readonly PdfTextPage[]): OfficialKeyRow[] {
  return withMarksCells(pages.flatMap(pageRows));
}
