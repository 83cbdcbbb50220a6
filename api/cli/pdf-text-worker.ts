import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { keyIsWhole, pdfFailure, readPdfTextPages } from '../../src/domain/gate/key-pdf';
import type { PdfTextAnswer, PdfTextRequest } from './pdf-text';

/** pdf.js reads the widths of fonts a PDF does not embed (Helvetica, Times) from its own font files. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The reading itself, in the worker thread pdf-text.ts starts and bounds. pdf.js comes from that thread's own import
 * (not through tsx, which would transform its 4 MB on every start).
 */
export async function readPdf(
  { getDocument }: typeof PdfJs,
  { data, questions }: PdfTextRequest,
): Promise<PdfTextAnswer> {
  try {
    const document = await getDocument({ data, isEvalSupported: false, standardFontDataUrl }).promise;
    try {
      return { pages: await readPdfTextPages(document, { enough: questions && keyIsWhole(questions) }) };
    } finally {
      await document.destroy();
    }
  } catch (error) {
    return { error: pdfFailure(error).message };
  }
}
