import { number, object, string } from 'yup';
import { officialResultSchema } from '../domain/validation/official-result';
import { plainText } from '../domain/validation/text';

/** The official-result calls' refusals of an input naming a result (the routes answer them too). */
export const OFFICIAL_RESULT_INPUT_ERRORS = {
  noResult: 'No scorecard with this id is stored here.',
  noReport: 'No official result was added to this result.',
  verifyFirst: 'Verify your email address before adding an official result.',
} as const;

/** A stored result, asked about by the device that holds the proof of an address verified for it (access). */
export const resultOfDevice = object({
  resultId: plainText(
    string().trim().required(OFFICIAL_RESULT_INPUT_ERRORS.noResult).max(100, OFFICIAL_RESULT_INPUT_ERRORS.noResult),
  ),
  access: plainText(string().trim().max(600, OFFICIAL_RESULT_INPUT_ERRORS.verifyFirst)),
});
/** An official result added to a stored result: the form's fields and the result it is for. */
export const officialResultReport = officialResultSchema.concat(resultOfDevice);

const YEAR = 'Name the GATE year (year), such as 2026.';
export const reviewQuery = object({
  year: number().typeError(YEAR).required(YEAR).integer(YEAR).min(2000, YEAR).max(2100, YEAR),
});

const REASON = 'Say why in at most 500 characters (reason).';
export const moderation = object({
  resultId: plainText(
    string().trim().required(OFFICIAL_RESULT_INPUT_ERRORS.noReport).max(100, OFFICIAL_RESULT_INPUT_ERRORS.noReport),
  ),
  reason: plainText(string().trim().required(REASON).max(500, REASON)),
});
