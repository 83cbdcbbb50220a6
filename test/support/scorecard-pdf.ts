import PDFDocument from 'pdfkit';
import { pdfTextPages } from '../../api/cli/node-pdf-text';
import type { PdfTextPage } from '../../src/domain/gate';

/**
 * An official GATE scorecard as a PDF, written with pdfkit: the title with the year, the candidate's details, then
 * the result as label–value rows: the test paper, marks out of 100, GATE score, All India Rank, the number who
 * appeared and the qualifying marks per category. GATE has printed the values to the right of their labels
 * ('beside') and, in narrow layouts, under them ('below').
 */
export interface ScorecardPdfOptions {
  year?: number;
  paper?: string;
  marks?: string;
  score?: string;
  rank?: string;
  appeared?: string;
  qualifyingMarks?: string;
  /** The registration number: the candidate id of the response sheet the scorecard is for. */
  registration?: string;
  layout?: 'beside' | 'below';
  /** Leave a row out (a damaged or partial scorecard). */
  without?: ScorecardRow;
}

export type ScorecardRow = 'paper' | 'marks' | 'score' | 'rank' | 'appeared' | 'qualifyingMarks';

const LABELS: Record<ScorecardRow, string> = {
  paper: 'Test Paper',
  marks: 'Marks out of 100*',
  score: 'GATE Score',
  rank: 'All India Rank in this paper',
  appeared: 'Number of Candidates Appeared in this paper',
  qualifyingMarks: 'Qualifying Marks** (GEN / OBC-NCL/EWS / SC/ST/PwD)',
};

export async function scorecardPdf({
  year = 2025,
  paper = 'Computer Science and Information Technology (CS)',
  marks = '62.33',
  score = '688',
  rank = '1234',
  appeared = '170825',
  qualifyingMarks = '29.2   26.2   19.4',
  registration = 'CS25S71012345',
  layout = 'beside',
  without,
}: ScorecardPdfOptions = {}): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  const text = (value: string, x: number, y: number, size = 10, bold = false) =>
    document
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .text(value, x, y, { lineBreak: false });
  text(`GATE ${year} Scorecard`, 200, 50, 16, true);
  text('Graduate Aptitude Test in Engineering', 190, 72);
  text('Name of Candidate', 50, 110);
  text('A CANDIDATE', 300, 110);
  text('Registration Number', 50, 130);
  text(registration, 300, 130);
  const values: Record<ScorecardRow, string> = { paper, marks, score, rank, appeared, qualifyingMarks };
  let top = 170;
  for (const row of Object.keys(LABELS) as ScorecardRow[]) {
    if (row === without) continue;
    text(LABELS[row], 50, top, 10, true);
    if (layout === 'beside') {
      text(values[row], 330, top);
      top += 24;
    } else {
      text(values[row], 50, top + 14);
      top += 38;
    }
  }
  text('* Normalized marks for multi-session papers.  ** Qualifying marks are out of 100.', 50, top + 20, 8);
  document.end();
  return written;
}

/** A scorecard PDF's text as pdf.js reads it. */
export async function scorecardPdfPages(options?: ScorecardPdfOptions): Promise<PdfTextPage[]> {
  return pdfTextPages(await scorecardPdf(options));
}
