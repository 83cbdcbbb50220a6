import { buildPaper, isGateError, type ParsedSheet } from '../../../src/domain/gate';
import type { PaperQuestion } from '../../store';
import { HttpError } from '../../http/errors';
import { paperSetName } from './paper-set';

export interface ReadPaper {
  paperSet: string;
  questions: PaperQuestion[];
  /** The engine's doubts about the sheet (missing questions, Question IDs out of order), for the admin to check. */
  warnings: string[];
}

/**
 * Builds the master paper from a sheet and names its paper set. The year comes from the engine's paper name
 * ('GATE 2026 CS1'); a sheet that does not say which test paper it is keeps that paper name as its set.
 */
export async function readPaper(load: () => Promise<ParsedSheet> | ParsedSheet): Promise<ReadPaper> {
  let sheet: ParsedSheet;
  try {
    sheet = await load();
  } catch (error) {
    if (isGateError(error)) throw new HttpError(422, error.message);
    throw error;
  }
  let built: ReturnType<typeof buildPaper>;
  try {
    built = buildPaper(sheet);
  } catch (error) {
    if (isGateError(error)) throw new HttpError(422, error.message);
    throw error;
  }
  const year = /\b(\d{4})\b/.exec(built.name)?.[1];
  const paperSet = built.testPaper && year ? paperSetName(built.testPaper, Number(year)) : built.name;
  const questions = built.questions.map((question) => ({ ...question, short_id: Number(question.short_id) }));
  return { paperSet, questions, warnings: built.warnings };
}
