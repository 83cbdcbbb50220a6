import { GateError } from './errors';
import {
  officialRowsOfText,
  readOfficialKey,
  type KeyPaperQuestion,
  type OfficialKeyCells,
  type OfficialKeyRow,
} from './official-key';
import type { PaperSections } from './sections';

/**
 * Official answer-key PDFs to key rows. A PDF has no table, only positioned text: rows are rebuilt by grouping the
 * text items of each page by height on the page, cells by the columns of the header row above them. The browser and
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

type KeyColumn = keyof OfficialKeyCells;
const COLUMN_ORDER: readonly KeyColumn[] = ['number', 'session', 'type', 'section', 'key', 'marks'];
const HEADER_CELLS: ReadonlyArray<[KeyColumn, RegExp]> = [
  ['number', /^(?:Q|Question)\.?\s*No\.?$/i],
  ['type', /^(?:Q(?:uestion)?\.?\s*)?Type$/i],
  ['session', /^Session$/i],
  ['section', /^Section$/i],
  ['key', /^(?:Key|Answer)\b/i],
  ['marks', /^Marks?$/i],
];
const REQUIRED_COLUMNS: readonly KeyColumn[] = ['number', 'type', 'section', 'key'];

interface Column {
  name: KeyColumn;
  left: number;
  right: number;
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

const columnNamed = (text: string) => HEADER_CELLS.find(([, pattern]) => pattern.test(text.trim()))?.[0];

/** The columns of a header row ('Q. No.' may come as one item or as 'Q.' and 'No.'), or null for any other line. */
function headerColumns(line: Line): Column[] | null {
  const columns: Column[] = [];
  let pending: PdfTextItem[] = [];
  for (const item of line.items) {
    const joined = [...pending, item];
    const name = columnNamed(joined.map((part) => part.text).join(' '));
    const alone = name ? undefined : columnNamed(item.text);
    const span = name ? joined : [item];
    if (name ?? alone) {
      columns.push({ name: (name ?? alone)!, left: span[0]!.x, right: item.x + item.width });
      pending = [];
    } else {
      pending = [...pending, item].slice(-2);
    }
  }
  const names = new Set(columns.map((column) => column.name));
  return REQUIRED_COLUMNS.every((name) => names.has(name)) ? columns : null;
}

/** Header cells of narrow columns wrap ('Q.' over 'No.'): a header may take up to this many lines. */
const HEADER_LINES = 3;

/** The header that starts at a line, and how many lines it takes. */
function headerAt(lines: readonly Line[], start: number): { columns: Column[]; lines: number } | null {
  for (let count = 1; count <= HEADER_LINES && start + count <= lines.length; count++) {
    const columns = headerColumns(stacked(lines.slice(start, start + count)));
    if (columns) return { columns, lines: count };
  }
  return null;
}

/** Lines read as one: an item below another it overlaps continues that item's text (a wrapped cell). */
function stacked(lines: readonly Line[]): Line {
  const items: PdfTextItem[] = [];
  for (const item of lines.flatMap((line) => line.items)) {
    const above = items.find((other) => item.x < other.x + other.width && other.x < item.x + item.width);
    if (!above) {
      items.push({ ...item });
      continue;
    }
    const right = Math.max(above.x + above.width, item.x + item.width);
    above.text = `${above.text} ${item.text}`;
    above.x = Math.min(above.x, item.x);
    above.width = right - above.x;
  }
  return { ...lines[0]!, items: items.sort((a, b) => a.x - b.x) };
}

/** The column an item belongs to: the one its extent overlaps most, else the nearest (cells can be centred or not). */
function columnOf(item: PdfTextItem, columns: readonly Column[]): KeyColumn {
  let best = columns[0]!;
  let bestOverlap = -Infinity;
  for (const column of columns) {
    const overlap = Math.min(item.x + item.width, column.right) - Math.max(item.x, column.left);
    if (overlap > bestOverlap) [best, bestOverlap] = [column, overlap];
  }
  return best.name;
}

function cellsOf(line: Line, columns: readonly Column[]): OfficialKeyCells {
  const cells: OfficialKeyCells = {};
  for (const item of line.items) {
    const name = columnOf(item, columns);
    cells[name] = cells[name] ? `${cells[name]} ${item.text}` : item.text;
  }
  return cells;
}

const rowText = (cells: OfficialKeyCells) =>
  COLUMN_ORDER.flatMap((name) => (cells[name] ? [cells[name]] : [])).join(' ');

interface PlacedRow {
  y: number;
  height: number;
  cells: OfficialKeyCells;
  /** A key that wraps in its cell: each line of it with its height on the page. */
  keyLines: Array<{ y: number; text: string }>;
}

/** A table row as the columns place it, or a line that reads as a row copied as text. */
type PageEntry = { placed: PlacedRow } | { row: OfficialKeyRow };

/**
 * The table rows of one page. A line with cells in three columns, or a question number and one more, is a row; a
 * line holding only key text continues the key of the row next to it (within one and a half lines of it); any other
 * line (titles, page numbers, footers, text before the first header) counts only if it reads as a copied row.
 */
function pageRows(page: PdfTextPage, columnsBefore: Column[] | null) {
  let columns = columnsBefore;
  const entries: PageEntry[] = [];
  const keyFragments: Array<{ y: number; text: string }> = [];
  const lines = linesOf(page);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const header = headerAt(lines, index);
    if (header) {
      columns = header.columns;
      index += header.lines - 1;
      continue;
    }
    const cells = columns ? cellsOf(line, columns) : {};
    const filled = Object.keys(cells).length;
    if (filled === 1 && cells.key) {
      keyFragments.push({ y: line.y, text: cells.key });
    } else if (filled >= 3 || (filled === 2 && /^\d+$/.test(cells.number ?? ''))) {
      const keyLines = cells.key ? [{ y: line.y, text: cells.key }] : [];
      entries.push({ placed: { y: line.y, height: line.height, cells, keyLines } });
    } else {
      // Before any header, or a row printed as one run of text: it may still read like a copied row.
      entries.push(...officialRowsOfText(line.items.map((item) => item.text).join(' ')).map((row) => ({ row })));
    }
  }
  const placed = entries.flatMap((entry) => ('placed' in entry ? [entry.placed] : []));
  for (const fragment of keyFragments) {
    const distance = (row: PlacedRow) => Math.abs(row.y - fragment.y);
    const nearest = placed.reduce<PlacedRow | undefined>(
      (best, row) => (!best || distance(row) < distance(best) ? row : best),
      undefined,
    );
    if (nearest && distance(nearest) <= 1.5 * nearest.height) nearest.keyLines.push(fragment);
  }
  return { rows: entries.map((entry) => ('row' in entry ? entry.row : placedRow(entry.placed))), columns };
}

function placedRow({ cells, keyLines }: PlacedRow): OfficialKeyRow {
  const key = keyLines
    .sort((a, b) => b.y - a.y)
    .map((part) => part.text)
    .join(' ');
  const joined = { ...cells, ...(key ? { key } : {}) };
  const line = rowText(joined);
  // A row whose cells the columns could not tell apart (one item across several cells) may still read as text.
  const [asText] = joined.type ? [] : officialRowsOfText(line);
  return asText ?? { line, cells: joined };
}

/**
 * The key rows of an official key PDF, in page order: both layouts (with and without Session and Marks), the table
 * running over pages with or without its header repeated, titles, page numbers and footers left out.
 */
export function officialRowsOfPdf(pages: readonly PdfTextPage[]): OfficialKeyRow[] {
  let columns: Column[] | null = null;
  const rows: OfficialKeyRow[] = [];
  for (const page of pages) {
    const read = pageRows(page, columns);
    rows.push(...read.rows);
    columns = read.columns;
  }
  return rows;
}
