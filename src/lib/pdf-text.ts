import {
  GateError,
  KEY_PDF_LIMITS,
  PDF_PROBLEMS,
  unreadablePdf,
  type KeyPaperQuestion,
  type PdfTextAnswer,
  type PdfTextPage,
} from '../domain/gate';

export interface PdfTextRequest {
  data: ArrayBuffer;
  /** The paper's questions: the reading ends once it has a key row for each. */
  questions?: readonly KeyPaperQuestion[];
  /**
   * Where the answer goes: a channel of its own, since pdf.js's worker code, run in the same worker, greets the page
   * on the worker's own port.
   */
  answerTo: MessagePort;
}

/**
 * The text of a PDF read in the browser with pdf.js, in a Web Worker of its own (a file of this site, so a strict
 * Content-Security-Policy allows it, loaded only when a PDF is read): the page stays responsive whatever the file
 * does, and after KEY_PDF_LIMITS.seconds the worker is ended and the PDF refused ("This PDF could not be read: …").
 */
export function pdfTextPages(data: ArrayBuffer, questions?: readonly KeyPaperQuestion[]): Promise<PdfTextPage[]> {
  const worker = new Worker(new URL('./pdf-text-worker.ts', import.meta.url), { type: 'module', name: 'key-pdf' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<PdfTextPage[]>((resolve, reject) => {
    timer = setTimeout(() => reject(unreadablePdf(PDF_PROBLEMS.tooSlow)), KEY_PDF_LIMITS.seconds * 1000);
    const answers = new MessageChannel();
    answers.port1.onmessage = ({ data: answer }: MessageEvent<PdfTextAnswer>) =>
      'pages' in answer ? resolve(answer.pages) : reject(new GateError('UNREADABLE_PDF', answer.error));
    // The reader's code did not load or start (the device is offline, or the site was updated meanwhile).
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'The PDF reader did not start.'));
    };
    const request: PdfTextRequest = { data, questions, answerTo: answers.port2 };
    worker.postMessage(request, [data, answers.port2]);
  }).finally(() => {
    clearTimeout(timer);
    worker.terminate();
  });
}
