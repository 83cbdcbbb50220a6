import { boolean, number, object, string, tuple, type InferType } from 'yup';
import { OFFICIAL_RESULT_SOURCES } from '../domain/validation/official-result';

/** The scorecard's "Add your official result" answers (docs/official-results.md). */

/** An official result beside the prediction the scorecard showed when it was added. */
export const officialResultAnswer = object({
  resultId: string().required(),
  testPaper: string().required(),
  year: number().required(),
  /** Typed in, or read on the device from the official scorecard PDF. */
  source: string().oneOf(OFFICIAL_RESULT_SOURCES).required(),
  /** ISO time it was added. */
  reportedAt: string().required(),
  actual: object({
    rank: number().required(),
    score: number().required(),
    marks: number().nullable().defined(),
  })
    .noUnknown()
    .required(),
  predicted: object({
    rank: number().required(),
    /** Best and worst AIR of the range the scorecard showed. */
    rankRange: tuple([number().required(), number().required()]).required(),
    normMarks: number().required(),
    score: number().nullable().defined(),
  })
    .noUnknown()
    .required(),
  /** How far the predicted AIR was from the official one, as a ratio (×1 is exact). */
  rankRatioError: number().required(),
  insideRange: boolean().required(),
}).noUnknown();
export type OfficialResultAnswer = InferType<typeof officialResultAnswer>;

/**
 * POST /api/data/official-results/status: whether this device may add one, and the one it added; before the year's
 * results are out, the day (YYYY-MM-DD, IST) they are due, and whether that day is GATE's schedule or a guess.
 */
export const officialResultStatusAnswer = object({
  available: boolean().required(),
  report: officialResultAnswer.nullable().defined(),
  opensOn: object({ day: string().required(), scheduled: boolean().required() }).noUnknown().nullable().defined(),
}).noUnknown();
export type OfficialResultStatusAnswer = InferType<typeof officialResultStatusAnswer>;

/** POST /api/data/official-results: the result added (201). */
export const officialResultAddedAnswer = object({ report: officialResultAnswer.required() }).noUnknown();
export type OfficialResultAddedAnswer = InferType<typeof officialResultAddedAnswer>;
