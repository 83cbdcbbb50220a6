import { readPdfTextPages, type PdfTextPage } from '../domain/gate/key-pdf';

/**
 * The text of a PDF read in the browser with pdf.js. The library and its worker (a file of this site, so a strict
 * Content-Security-Policy allows it) load only when a PDF is read, never with the app's first pages.
 */
export async function pdfTextPages(data: ArrayBuffer): Promise<PdfTextPage[]> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const document = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  try {
    return await readPdfTextPages(document);
  } finally {
    void document.destroy();
  }
}
