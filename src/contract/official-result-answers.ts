import { array, boolean, number, object, string, tuple, type InferType } from 'yup';
import { OFFICIAL_RESULT_SOURCES } from '../domain/validation/official-result';
import { RESULT_PROVENANCES } from '../domain/gate/result-provenance';
import { REPORT_FLAGS } from '../domain/gate/rank/official-results/report-consensus';
import { REPORT_STANDINGS } from '../domain/gate/rank/official-results/report-standing';

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
  /** Where the result's responses came from: fetched from the portal, uploaded, or uploaded and confirmed by it. */
  provenance: string().oneOf(RESULT_PROVENANCES).required(),
  /** Read from the official scorecard PDF whose registration number and marks matched the result. */
  documentChecked: boolean().required(),
  /** What it counts for in other candidates' ranks now (report-standing.ts), with its weight in the fit. */
  standing: object({
    state: string().oneOf(REPORT_STANDINGS).required(),
    weight: number().required(),
  })
    .noUnknown()
    .required(),
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

/** One official result as the admin's Official results panel lists it. */
export const officialResultReviewRow = object({
  resultId: string().required(),
  paperId: string().required(),
  testPaper: string().required(),
  year: number().required(),
  reportedAt: string().required(),
  provenance: string().oneOf(RESULT_PROVENANCES).required(),
  /** Typed in, or read from the official scorecard PDF; document-checked when that PDF matched the result. */
  source: string().oneOf(OFFICIAL_RESULT_SOURCES).required(),
  documentChecked: boolean().required(),
  actual: object({ rank: number().required(), score: number().required(), marks: number().nullable().defined() })
    .noUnknown()
    .required(),
  /** The earlier years' forecast for the result when it was reported: what plausibility is measured against. */
  forecast: object({
    rank: number().required(),
    rankRange: tuple([number().required(), number().required()]).required(),
  })
    .noUnknown()
    .required(),
  /** How far from the consensus near its marks, in the reporters' spread (+ a worse AIR), its weight and flags. */
  deviation: number().required(),
  weight: number().required(),
  flags: array(string().oneOf(REPORT_FLAGS).required()).required(),
  state: string().oneOf(REPORT_STANDINGS).required(),
  /** The first characters of the reporter's digests: reports sharing one share a reporter. */
  reporter: object({ address: string().required(), device: string().required(), network: string().required() })
    .noUnknown()
    .nullable()
    .defined(),
  moderation: array(
    object({
      action: string()
        .oneOf(['quarantine', 'restore'] as const)
        .required(),
      by: string().required(),
      at: string().required(),
      reason: string().required(),
    }).noUnknown(),
  ).required(),
}).noUnknown();
export type OfficialResultReviewRow = InferType<typeof officialResultReviewRow>;

/** GET /api/data/official-results/review: every report of a year, and each ranked paper's consensus. */
export const officialResultReviewAnswer = object({
  year: number().required(),
  papers: array(
    object({
      paper: string().required(),
      reports: number().required(),
      /** Independent reporters among the reports that count, and whether ranks are read off them yet. */
      independent: number().required(),
      departs: boolean().required(),
    }).noUnknown(),
  ).required(),
  reports: array(officialResultReviewRow).required(),
}).noUnknown();
export type OfficialResultReviewAnswer = InferType<typeof officialResultReviewAnswer>;

/** POST /api/data/official-results/:resultId/quarantine and /restore: the report after the action. */
export const officialResultModeratedAnswer = object({ report: officialResultReviewRow.required() }).noUnknown();
export type OfficialResultModeratedAnswer = InferType<typeof officialResultModeratedAnswer>;
