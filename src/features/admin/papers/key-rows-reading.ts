import {
  isGateError,
  keyDocumentVersion,
  officialRowsOfPdf,
  pdfLines,
  officialRowsOfText,
  readOfficialKey,
  type KeyDocumentVersion,
  type KeyPaperQuestion,
  type OfficialKeyReading,
  type OfficialKeyRow,
  type PaperSections,
} from '../../../domain/gate';
import { pdfTextPages } from '../../../lib/pdf-text';
import type { AdminQuestion } from '../admin-api';

/** Official key rows read against the paper, before anything is imported; `source` names where they came from. */
export interface KeyRowsPreview {
  source: string;
  reading: OfficialKeyReading;
  /** What the document says of itself: provisional or final, and its date, where it prints them. */
  version: KeyDocumentVersion;
}

/** Why a key PDF or pasted rows gave no key to preview; its message is shown to the admin as is. */
export class KeyRowsError extends Error {}

export const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** What the pasted rows are called in the preview's heading and its messages. */
export const PASTED_ROWS = 'the pasted rows';

const keyQuestion = (question: AdminQuestion): KeyPaperQuestion => ({
  long_id: question.long_id,
  short_id: question.short_id,
  type: question.type,
  marks: question.marks,
  ...(question.section ? { section: question.section } : {}),
});

/** On a paper with parts (`sections`) a row names its question by section, and its Marks column is read. */
function previewOf(
  rows: OfficialKeyRow[],
  lines: readonly string[],
  source: string,
  questions: readonly AdminQuestion[],
  sections?: PaperSections,
): KeyRowsPreview {
  if (rows.length === 0) {
    throw new KeyRowsError(
      `No answer-key rows were found in ${source}. Is it the official answer key, with the columns Q. No., Q. Type, Section and Key/Range?`,
    );
  }
  return {
    source,
    reading: readOfficialKey(rows, questions.map(keyQuestion), sections),
    version: keyDocumentVersion(lines),
  };
}

/** Reads an official key PDF in the browser and sets its rows beside the paper's questions. */
export async function readKeyPdf(
  file: File,
  questions: readonly AdminQuestion[],
  sections?: PaperSections,
): Promise<KeyRowsPreview> {
  let rows;
  let lines;
  try {
    const pages = await pdfTextPages(await file.arrayBuffer(), questions.map(keyQuestion));
    rows = officialRowsOfPdf(pages);
    lines = pdfLines(pages);
  } catch (error) {
    // The PDF reader is not kept for offline use: it loads the first time a PDF is dropped.
    if (!navigator.onLine) {
      throw new KeyRowsError('Your device is offline. Reading a key PDF needs the network; connect and drop it again.');
    }
    throw new KeyRowsError(
      isGateError(error)
        ? error.message
        : `${file.name} could not be read as a PDF. Download the key again and drop it here.`,
    );
  }
  return previewOf(rows, lines, file.name, questions, sections);
}

/** Sets official key rows given as text (pasted, or a rows file) beside the paper's questions. */
export function readKeyRows(
  text: string,
  source: string,
  questions: readonly AdminQuestion[],
  sections?: PaperSections,
): KeyRowsPreview {
  return previewOf(officialRowsOfText(text), text.split(/\r?\n/), source, questions, sections);
}
