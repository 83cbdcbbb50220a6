import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readKeyPdfPages, type PdfTextAnswer } from '../../src/domain/gate/key-pdf';
import type { PdfTextRequest } from './node-pdf-text';

/** pdf.js reads the widths of fonts a PDF does not embed (Helvetica, Times) from its own font files. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The reading itself, in the worker thread node-pdf-text.ts starts and bounds. pdf.js comes from that thread's own
 * import (not through tsx, which would transform its 4 MB on every start).
 */
export function readPdf(
  { getDocument }: typeof PdfJs,
  { data, questions, sections }: PdfTextRequest,
): Promise<PdfTextAnswer> {
  // verbosity 0 (errors only): pdf.js's font-hinting warnings ('TT: undefined function: 32') say nothing of the key.
  const open = () => getDocument({ data, isEvalSupported: false, standardFontDataUrl, verbosity: 0 });
  return readKeyPdfPages(open, questions, sections);
}
