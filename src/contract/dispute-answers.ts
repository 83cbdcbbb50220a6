import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { keyVersionStampAnswer } from './checker-answers';

/** Where a paper's disputes stand: looked for and listed, or why none are looked for. */
export const DISPUTE_STATES = ['listed', 'too-few-results', 'final-key', 'no-key'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** The challenge window of the paper's year, as the catalogue records it ('YYYY-MM-DD'; opens when known). */
export const challengeWindowAnswer = object({
  opens: string(),
  closes: string().required(),
  /** Where the catalogue read the dates. */
  source: string().required(),
}).noUnknown();

/** A candidate beside a dispute: their own answer (null when they left it) and their total were the key moved. */
export const ownSideAnswer = object({
  answer: string().nullable().defined(),
  total: number().required(),
}).noUnknown();

/** One disputed question: the key's answer, the strong candidates' answer, their share and the counts behind it. */
export const disputeAnswer = object({
  /** The question's number on the key ('15'), its section on a paper with parts, and its Question ID. */
  number: string().required(),
  section: string(),
  questionId: string().required(),
  type: string()
    .oneOf(['MCQ', 'MSQ', 'NAT'] as const)
    .required(),
  /** The provisional key as stored, and the strong candidates' answer in the same form ('D', 'A;C', '4.1:4.12'). */
  key: string().required(),
  answer: string().required(),
  /** Of the strong candidates who answered, the share who chose `answer` (0–1). */
  share: number().required(),
  counts: object({
    strong: number().required(),
    answered: number().required(),
    choseKey: number().required(),
    choseAnswer: number().required(),
    restAnswered: number().required(),
    restChoseKey: number().required(),
    restChoseAnswer: number().required(),
  })
    .noUnknown()
    .required(),
  /** The binomial test against the key (before Holm's correction), and Fisher's against the other candidates. */
  pValue: number().required(),
  restPValue: number().required(),
  /** On a scorecard's disputes only: this candidate's answer and total were the key moved. */
  yours: ownSideAnswer.optional().default(undefined),
}).noUnknown();
export type DisputeAnswer = InferType<typeof disputeAnswer>;

/**
 * GET /api/data/disputes (a paper, for an administrator) and POST /api/data/disputes/scorecard (a stored result's,
 * with `resultId`, `total` and each dispute's `yours`).
 */
export const disputesAnswer = object({
  paperId: string().required(),
  state: mixed<DisputeState>().oneOf(DISPUTE_STATES).required(),
  /** The published key the disputes were looked for under; null before the paper's first key. */
  keyVersion: keyVersionStampAnswer.nullable().defined(),
  /** Results the rule read (fetched from the portal, or confirmed by it), and uploads it left out. */
  trustedResults: number().required(),
  ignoredResults: number().required(),
  /** Trusted results needed before any question can be disputed: below it the state is 'too-few-results'. */
  minTrustedResults: number().required(),
  questionsTested: number().required(),
  /** ISO time the disputes were worked out: an instance keeps them a short while (docs/gate/disputes.md). */
  foundAt: string().required(),
  challengeWindow: challengeWindowAnswer.nullable().defined(),
  disputes: array(disputeAnswer.required()).required(),
  resultId: string(),
  /** The candidate's total under the published key, beside `yours.total` of each dispute. */
  total: number(),
  /** Whether the candidate's result counts among the trusted results (an unconfirmed upload does not). */
  counted: boolean(),
}).noUnknown();
export type DisputesAnswer = InferType<typeof disputesAnswer>;

/** POST /api/data/disputes/apply: the key version the change made. */
export const disputeAppliedAnswer = object({
  message: string().required(),
  keyVersion: keyVersionStampAnswer.required(),
}).noUnknown();
export type DisputeAppliedAnswer = InferType<typeof disputeAppliedAnswer>;
