import { getDocument } from 'pdfjs-dist';
// pdf.js's worker code, run in this thread: it sets globalThis.pdfjsWorker, which pdf.js then uses in place of a
// worker of its own. All the reading happens here, in one Web Worker the page can end.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
import { keyIsWhole, pdfFailure, readPdfTextPages } from '../domain/gate/key-pdf';
import type { PdfTextAnswer, PdfTextRequest } from './pdf-text';

async function read({ data, questions }: Omit<PdfTextRequest, 'answerTo'>): Promise<PdfTextAnswer> {
  try {
    const document = await getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
    try {
      return { pages: await readPdfTextPages(document, { enough: questions && keyIsWhole(questions) }) };
    } finally {
      void document.destroy();
    }
  } catch (error) {
    return { error: pdfFailure(error).message };
  }
}

/** One request in, one answer out on the request's own channel. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<PdfTextRequest>) => void) | null };
scope.onmessage = ({ data: { answerTo, ...request } }) =>
  void read(request).then((answer) => answerTo.postMessage(answer));
