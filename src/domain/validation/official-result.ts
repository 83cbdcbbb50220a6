import { boolean, number, object, string } from 'yup';

/**
 * An official result a candidate adds to their saved scorecard, shared by the scorecard's form and the API: the AIR
 * and GATE score typed in, or read from the official scorecard PDF (which also gives the marks, the paper and the
 * year). Whether it fits the result is the rank model's question (checkOfficialResult); these are its shape only.
 */

export const OFFICIAL_RESULT_MESSAGES = {
  rank: 'Type your All India Rank (AIR) as a whole number, 1 or more.',
  score: 'Type your GATE score as a whole number, up to 1000.',
  marks: 'The marks out of 100 must be a number from -33.33 to 100.',
  paper: "The paper is its two-letter code, such as 'CS'.",
  year: 'The year is a GATE year, such as 2026.',
  registration: 'The registration number is the one your scorecard prints, such as CS26S41001.',
  consent: 'Tick the box to let HireGate keep your official result.',
} as const;

const M = OFFICIAL_RESULT_MESSAGES;

export const OFFICIAL_RESULT_SOURCES = ['typed', 'pdf'] as const;

/** Optional numbers: a form's empty field and JSON's null both mean "not given". */
const optionalNumber = (message: string) =>
  number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(message);

export const officialResultSchema = object({
  rank: number().typeError(M.rank).required(M.rank).integer(M.rank).min(1, M.rank).max(10_000_000, M.rank),
  // Far below the qualifying mark a GATE score is negative: the formula is not floored.
  score: number().typeError(M.score).required(M.score).integer(M.score).min(-10_000, M.score).max(1000, M.score),
  marks: optionalNumber(M.marks)
    .min(-100 / 3, M.marks)
    .max(100, M.marks),
  paper: string()
    .trim()
    .matches(/^[A-Z]{2}$/, { message: M.paper, excludeEmptyString: true }),
  year: optionalNumber(M.year).integer(M.year).min(2000, M.year).max(2100, M.year),
  registration: string()
    .trim()
    .max(30, M.registration)
    .matches(/^[A-Za-z0-9]*$/, { message: M.registration, excludeEmptyString: true }),
  source: string().oneOf(OFFICIAL_RESULT_SOURCES).default('typed'),
  // Opt-in: nothing is kept unless the candidate says so.
  consent: boolean().required(M.consent).oneOf([true], M.consent),
});
