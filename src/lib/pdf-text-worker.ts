import { getDocument } from 'pdfjs-dist';
// pdf.js's worker code, run in this thread: it sets globalThis.pdfjsWorker, which pdf.js then uses in place of a
// worker of its own. All the reading happens here, in one Web Worker the page can end.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
import { readKeyPdfPages } from '../domain/gate/key-pdf';
import type { PdfTextRequest } from './pdf-text';

/** One request in, one answer out on the request's own channel. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<PdfTextRequest>) => void) | null };
scope.onmessage = ({ data: { answerTo, data, questions } }) =>
  void readKeyPdfPages(() => getDocument({ data: new Uint8Array(data), isEvalSupported: false }), questions).then(
    (answer) => answerTo.postMessage(answer),
  );
