import PDFDocument from 'pdfkit';
import { pdfTextPages } from '../../api/cli/node-pdf-text';
import type { PdfTextPage } from '../../src/domain/gate';

/**
 * Official answer-key PDFs as GATE lays them out, written with pdfkit: a title, a ruled table with its header row,
 * cells centred (a long key wraps inside its cell), the header repeated on every page, a page footer. The current
 * (2026) layout has four columns; older keys add Session and Marks.
 */
export const KEY_PDF_LAYOUTS = {
  current: ['Q. No.', 'Q. Type', 'Section', 'Key/Range'],
  older: ['Q. No.', 'Session', 'Q. Type', 'Section', 'Key/Range', 'Marks'],
} as const;
export type KeyPdfLayout = keyof typeof KEY_PDF_LAYOUTS;

export interface KeyPdfOptions {
  layout: KeyPdfLayout;
  /** Each row's cells in the layout's column order. */
  rows: ReadonlyArray<readonly string[]>;
  /** Rows on a page before the table continues on the next one. */
  rowsPerPage?: number;
  /** Print the header again at the top of each following page (the official PDFs do). */
  repeatHeader?: boolean;
  /** Key cell width in points: a narrow one makes long keys wrap. */
  keyWidth?: number;
  /** Centre each cell's text vertically in its row (the other cells sit between the lines of a wrapped key). */
  middle?: boolean;
  /** Header labels on two lines ('Q.' over 'No.'), as in a table with narrow columns. */
  twoLineHeader?: boolean;
}

const LEFT = 50;
const TOP = 110;
const ROW_HEIGHT = 20;
const FONT_SIZE = 10;

export async function keyPdf({
  layout,
  rows,
  rowsPerPage = 30,
  repeatHeader = true,
  keyWidth = 140,
  middle = false,
  twoLineHeader = false,
}: KeyPdfOptions): Promise<Buffer> {
  const header = KEY_PDF_LAYOUTS[layout].map((name) =>
    twoLineHeader ? name.replace(/^Q\. /, 'Q.\n').replace('Key/', 'Key/\n') : name,
  );
  const widths = KEY_PDF_LAYOUTS[layout].map((name) =>
    name === 'Key/Range' ? keyWidth : name === 'Section' ? 70 : 60,
  );
  const document = new PDFDocument({ size: 'A4', margin: 40, autoFirstPage: false });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));

  const pages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  const drawRow = (cells: readonly string[], top: number, bold = false): number => {
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const height = Math.max(
      ROW_HEIGHT,
      ...cells.map((cell, index) => document.heightOfString(cell, { width: widths[index]! - 8 }) + 10),
    );
    let left = LEFT;
    cells.forEach((cell, index) => {
      const width = widths[index]!;
      const textHeight = document.heightOfString(cell, { width: width - 8 });
      document.rect(left, top, width, height).stroke();
      document.text(cell, left + 4, middle ? top + (height - textHeight) / 2 : top + 5, {
        width: width - 8,
        align: 'center',
      });
      left += width;
    });
    return top + height;
  };

  for (let page = 0; page < pages; page++) {
    document.addPage();
    if (page === 0) {
      document.font('Helvetica-Bold').fontSize(14).text('GATE 2026 Answer Key', LEFT, 50, { lineBreak: false });
      document.font('Helvetica').fontSize(10).text('Paper: Computer Science and Information Technology', LEFT, 72, {
        lineBreak: false,
      });
    }
    let top = TOP;
    if (page === 0 || repeatHeader) top = drawRow(header, top, true);
    for (const row of rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage)) top = drawRow(row, top);
    document
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${page + 1} of ${pages}`, 270, 780, { lineBreak: false });
  }
  document.end();
  return written;
}

/** A key PDF's text as the command reads it (pdf.js in Node). */
export async function keyPdfPages(options: KeyPdfOptions): Promise<PdfTextPage[]> {
  return pdfTextPages(await keyPdf(options));
}

/** The text pages of a key PDF file (an official one, as published), read as the CLI reads it. */
export const pdfFilePages = (data: Uint8Array): Promise<PdfTextPage[]> => pdfTextPages(data);
