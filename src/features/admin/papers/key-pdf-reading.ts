import {
  officialRowsOfPdf,
  readOfficialKey,
  type KeyPaperQuestion,
  type OfficialKeyReading,
  type PaperSections,
  type QuestionType,
} from '../../../domain/gate';
import { pdfTextPages } from '../../../lib/pdf-text';
import type { AdminQuestion } from '../admin-api';

export interface KeyPdfPreview {
  fileName: string;
  reading: OfficialKeyReading;
}

/** Why a dropped file gave no key to preview; its message is shown to the admin as is. */
export class KeyPdfError extends Error {}

export const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

const keyQuestion = (question: AdminQuestion): KeyPaperQuestion => ({
  long_id: question.long_id,
  short_id: question.short_id ?? '',
  type: (question.type ?? '') as QuestionType,
  ...(question.section ? { section: question.section } : {}),
  ...(question.marks !== undefined ? { marks: question.marks } : {}),
});

/**
 * Reads an official key PDF in the browser and sets its rows beside the paper's questions; on a paper with parts
 * (`sections`) a row names its question by section, and its Marks column is read.
 */
export async function readKeyPdf(
  file: File,
  questions: readonly AdminQuestion[],
  sections?: PaperSections,
): Promise<KeyPdfPreview> {
  let rows;
  try {
    rows = officialRowsOfPdf(await pdfTextPages(await file.arrayBuffer()));
  } catch {
    // The PDF reader is not kept for offline use: it loads the first time a PDF is dropped.
    throw new KeyPdfError(
      navigator.onLine
        ? `${file.name} could not be read as a PDF. Download the key again and drop it here.`
        : 'Your device is offline. Reading a key PDF needs the network; connect and drop it again.',
    );
  }
  if (rows.length === 0) {
    throw new KeyPdfError(
      `No answer-key rows were found in ${file.name}. Is it the official answer-key PDF, with the columns Q. No., Q. Type, Section and Key/Range?`,
    );
  }
  return { fileName: file.name, reading: readOfficialKey(rows, questions.map(keyQuestion), sections) };
}
