import { array, boolean, number, object, string, type InferType } from 'yup';

/** The checker's and the scorecard's answers besides the scorecard itself. */

/** An answer-key version as a scorecard names it. */
export const keyVersionStampAnswer = object({
  paperId: string().required(),
  /** Grows with every applied key change of the paper. */
  version: number().required(),
  /** 'provisional', 'final', or the administrator's own name for it. */
  label: string().required(),
  /** ISO time the version was made. */
  at: string().required(),
}).noUnknown();
export type KeyVersionStampAnswer = InferType<typeof keyVersionStampAnswer>;

/** GET /api/data/get-rank: the rank among the paper's results checked here. */
export const rankAnswer = object({
  rank: number().required(),
  /** The results checked here, plus this one when it is not among them (an uploaded page). */
  totalParticipants: number().required(),
  /** Whether this result is one of the results checked here: an uploaded page never is. */
  counted: boolean().required(),
}).noUnknown();
export type RankAnswer = InferType<typeof rankAnswer>;

/** GET /api/data/distribution: the marks of a paper's stored results, as bars. */
export const distributionAnswer = object({
  paperId: string().required(),
  /** The paper's name. */
  paper: string().required(),
  /** Results the bars count. */
  count: number().required(),
  binWidth: number().required(),
  /** Raw total marks, [from, to) per bar, lowest first; empty without results. */
  bins: array(
    object({ from: number().required(), to: number().required(), count: number().required() }).noUnknown().required(),
  ).required(),
}).noUnknown();
export type DistributionAnswer = InferType<typeof distributionAnswer>;

/** The scorecard's score-alert switch, about this device's verified address only. */
export const scoreAlertStatusAnswer = object({
  available: boolean().required(),
  subscribed: boolean().required(),
  /** Masked: 'as…@example.com'. */
  email: string().nullable().defined(),
}).noUnknown();
export type ScoreAlertStatusAnswer = InferType<typeof scoreAlertStatusAnswer>;

/** POST /api/data/send-verification: a mail sent (and when another may be asked for), or this device verified. */
export const sendVerificationAnswer = object({
  message: string().required(),
  code: string()
    .oneOf(['VERIFICATION_SENT', 'ALREADY_VERIFIED'] as const)
    .required(),
  alreadyVerified: boolean().required(),
  /** Seconds before another mail may be asked for; absent when none was sent. */
  resendAfterSeconds: number(),
}).noUnknown();
export type SendVerificationAnswer = InferType<typeof sendVerificationAnswer>;

/** GET /api/data/verify: the mail's token opened, the device's proof, and what to open next. */
export const verifyAnswer = object({
  message: string().required(),
  code: string()
    .oneOf(['VERIFIED', 'ALREADY_VERIFIED'] as const)
    .required(),
  alreadyVerified: boolean().required(),
  /** Kept by this device and sent as `access` with every later score request. */
  access: string().required(),
  /** An upload's stored result to open. */
  resultId: string(),
  /** Or the link (and test paper) to ask the scorecard for. */
  link: string(),
  testPaper: string(),
}).noUnknown();
export type VerifyAnswer = InferType<typeof verifyAnswer>;

/** POST /api/data/score-alerts/unsubscribe. */
export const unsubscribeAnswer = object({
  message: string().required(),
  /** Masked: 'as…@example.com'. */
  email: string().required(),
}).noUnknown();

/** A key version as the admin lists it: how it came about, who made it and how many keys it changed. */
export const keyVersionEntryAnswer = keyVersionStampAnswer.shape({
  source: string()
    .oneOf(['import', 'edit', 'recorded', 'dispute'] as const)
    .required(),
  /** The administrator's e-mail. */
  by: string(),
  changedQuestions: number().required(),
});

/** GET /api/data/key-versions: a paper's key versions, newest first. */
export const keyVersionsAnswer = object({
  paperId: string().required(),
  versions: array(keyVersionEntryAnswer.required()).required(),
}).noUnknown();
export type KeyVersionsAnswer = InferType<typeof keyVersionsAnswer>;

/** GET /api/data/key-versions/compare: each question's key change, and the stored results scored under both. */
export const keyVersionComparisonAnswer = object({
  paperId: string().required(),
  from: keyVersionStampAnswer.required(),
  to: keyVersionStampAnswer.required(),
  questions: array(
    object({
      long_id: string().required(),
      short_id: string().required(),
      type: string()
        .oneOf(['MCQ', 'MSQ', 'NAT'] as const)
        .required(),
      kind: string()
        .oneOf([
          'key-added',
          'key-removed',
          'answer-changed',
          'answer-added',
          'marks-to-all',
          'range-widened',
          'range-narrowed',
        ] as const)
        .required(),
      before: string().nullable().defined(),
      after: string().nullable().defined(),
      /** The change in words: "Answer changed from B to C". */
      text: string().required(),
    })
      .noUnknown()
      .required(),
  ).required(),
  /** The paper's stored results scored under both: how many moved, and by how much. */
  results: object({
    compared: number().required(),
    changed: number().required(),
    rose: number().required(),
    fell: number().required(),
    /** Mean change of the total over the results that changed (0 when none did). */
    meanChange: number().required(),
    largestRise: number().required(),
    largestFall: number().required(),
    /** How many results moved by how much, largest fall first. */
    changes: array(
      object({ change: number().required(), count: number().required() }).noUnknown().required(),
    ).required(),
  })
    .noUnknown()
    .required(),
}).noUnknown();
export type KeyVersionComparisonAnswer = InferType<typeof keyVersionComparisonAnswer>;
