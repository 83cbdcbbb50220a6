import { Worker } from 'node:worker_threads';
import {
  GateError,
  KEY_PDF_LIMITS,
  PDF_PROBLEMS,
  unreadablePdf,
  type KeyPaperQuestion,
  type PaperSections,
  type PdfTextAnswer,
  type PdfTextPage,
} from '../../src/domain/gate';

export interface PdfTextRequest {
  data: Uint8Array;
  /** The paper's questions: the reading ends once it has a key row for each. */
  questions?: readonly KeyPaperQuestion[];
  /** The paper's sections, when its key rows name questions by section (GE, XE). */
  sections?: PaperSections;
}

/**
 * The worker thread's program (a script: worker threads take no TypeScript): it imports pdf.js, and the reader
 * (node-pdf-text-worker.ts) through tsx, as the CLI runs, then answers once.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
Promise.all([import(${JSON.stringify(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))}), import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})])
  .then(([pdfjs, { tsImport }]) => tsImport(${JSON.stringify(new URL('./node-pdf-text-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)})
    .then((reader) => reader.readPdf(pdfjs, workerData)))
  .then((answer) => parentPort.postMessage(answer));`;

/** How often the process's memory is looked at while a PDF is read. */
const MEMORY_CHECK_MS = 50;
const MB = 1024 * 1024;

/**
 * The text items of a PDF's pages, read with pdf.js in a worker thread of its own, within KEY_PDF_LIMITS: its time,
 * and its memory twice over, as a heap limit of the thread and as the growth of the whole process (pdf.js decodes a
 * stream into buffers outside any heap: a flate bomb inflates there). Past either the thread is ended and the PDF
 * refused ("This PDF could not be read: …"): a hostile file costs seconds, never the process.
 */
export function pdfTextPages(
  data: Uint8Array,
  paper?: Pick<PdfTextRequest, 'questions' | 'sections'>,
): Promise<PdfTextPage[]> {
  const request: PdfTextRequest = {
    data: new Uint8Array(data),
    questions: paper?.questions,
    sections: paper?.sections,
  };
  const memoryCeiling = process.memoryUsage.rss() + KEY_PDF_LIMITS.memoryMb * MB;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: KEY_PDF_LIMITS.memoryMb },
  });
  let memoryCheck: NodeJS.Timeout | undefined;
  return new Promise<PdfTextPage[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(unreadablePdf(PDF_PROBLEMS.tooSlow)), KEY_PDF_LIMITS.seconds * 1000);
    memoryCheck = setInterval(() => {
      if (process.memoryUsage.rss() > memoryCeiling) reject(unreadablePdf(PDF_PROBLEMS.tooLarge));
    }, MEMORY_CHECK_MS);
    worker.once('message', (answer: PdfTextAnswer) =>
      'pages' in answer ? resolve(answer.pages) : reject(new GateError('UNREADABLE_PDF', answer.error)),
    );
    worker.once('error', (error: NodeJS.ErrnoException) =>
      reject(unreadablePdf(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? PDF_PROBLEMS.tooLarge : error.message)),
    );
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(unreadablePdf(PDF_PROBLEMS.stopped));
    });
  }).finally(() => {
    clearInterval(memoryCheck);
    void worker.terminate();
  });
}

/** Whether bytes are a PDF: every PDF starts with '%PDF-'. */
export const isPdf = (data: Uint8Array) => Buffer.from(data.subarray(0, 5)).toString('latin1') === '%PDF-';
