import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdfTextPages, type PdfTextPage } from '../../src/domain/gate';

/** pdf.js reads the widths of fonts a PDF does not embed (Helvetica, Times) from its own font files. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text items of every page of a PDF, read with pdf.js in Node (its legacy build; no worker thread). */
export async function pdfTextPages(data: Uint8Array): Promise<PdfTextPage[]> {
  const document = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, standardFontDataUrl })
    .promise;
  try {
    return await readPdfTextPages(document);
  } finally {
    await document.destroy();
  }
}

/** Whether bytes are a PDF: every PDF starts with '%PDF-'. */
export const isPdf = (data: Uint8Array) => Buffer.from(data.subarray(0, 5)).toString('latin1') === '%PDF-';
