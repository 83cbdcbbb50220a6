import { array, boolean, number, object, string, type InferType } from 'yup';
import { recordOf } from './record';
import { keyVersionStampAnswer } from './checker-answers';
import { RESULT_PROVENANCES } from '../domain/gate/result-provenance';

/** The admin screens' answers: questions, papers, results, a whole key imported, the dashboard's figures. */

export const questionAnswer = object({
  _id: string().required(),
  long_id: string().required(),
  /** The master number as text. */
  short_id: string().required(),
  /** The paper's name. */
  name: string().required(),
  type: string()
    .oneOf(['MCQ', 'MSQ', 'NAT'] as const)
    .required(),
  marks: number().required(),
  /** Stem image address. */
  question: string().required(),
  /** Option letter → image address; empty for NAT. */
  options: recordOf(string().required()).required(),
  /** On a paper whose candidates choose sections: the question's section ('A', 'B1'). */
  section: string(),
  /** The id of the paper the question is filed under, e.g. 'CS1-2026'. */
  paperId: string().required(),
  answerKey: string(),
}).noUnknown();
export type QuestionAnswer = InferType<typeof questionAnswer>;

/** Paper id → its questions in master order (GET /api/data/all-question-paper). */
export const allPapersAnswer = recordOf(array(questionAnswer.required()).required()).required();
export type AllPapersAnswer = InferType<typeof allPapersAnswer>;

export const paperSectionsAnswer = object({
  paper: string().required(),
  year: number().required(),
  sections: array(
    object({
      id: string().required(),
      name: string().required(),
      optional: boolean().required(),
      rankedAs: string(),
      keySections: array(string().required()),
    })
      .noUnknown()
      .required(),
  ).required(),
  choose: number().required(),
}).noUnknown();

export const paperAnswer = object({
  id: string().required(),
  /** The one name the app shows for the paper, e.g. 'GATE 2026 CS 1' or 'GATE 2026 CS 1 (demo)'. */
  name: string().required(),
  year: number().required(),
  code: string().required(),
  session: number().nullable().defined(),
  demo: boolean().required(),
  retired: boolean().required(),
  /** Scores candidates: every question keyed and not a demo paper stood down. */
  live: boolean().required(),
  /** Questions with a key, and all of them. */
  keyed: number().required(),
  questions: number().required(),
  keyVersion: keyVersionStampAnswer.nullable().defined(),
  /** On a paper whose candidates choose sections: its sections, and their rule in words. */
  sections: paperSectionsAnswer.default(undefined).optional(),
  sectionRule: string(),
}).noUnknown();
export type PaperAnswer = InferType<typeof paperAnswer>;

export const resultAnswer = object({
  _id: string().required(),
  email: string().defined(),
  name: string().required(),
  candidateId: string().required(),
  set: string().required(),
  totalMarks: number().required(),
  finalMarks: number().required(),
  negativeMarks: number().required(),
  attempts: number().required(),
  isVerified: boolean().required(),
  /** ISO time. */
  createdAt: string().required(),
  paperId: string().required(),
  /** The name of the paper that scored it, e.g. 'GATE 2026 CS 1'. */
  paper: string(),
  /** The response-sheet link, while the server keeps it: View Scorecard sends it. */
  link: string(),
  /** Scored from a saved page the candidate uploaded (anyone can edit one), not fetched from the portal. */
  uploaded: boolean().oneOf([true] as const),
  /** Fetched from the portal, uploaded, or uploaded and later confirmed by its portal link (result-provenance.ts). */
  provenance: string().oneOf(RESULT_PROVENANCES).required(),
}).noUnknown();
export type ResultAnswer = InferType<typeof resultAnswer>;

export const resultsAnswer = array(resultAnswer.required()).required();

const rescoreStatusAnswer = object({
  paperId: string().required(),
  state: string()
    .oneOf(['queued', 'running', 'done', 'failed'] as const)
    .required(),
  rescored: number().required(),
  total: number().required(),
  updatedAt: string().required(),
  error: string(),
}).noUnknown();

/** The dashboard's figures: counters, re-scoring jobs and every paper with its stored results. */
export const adminStatsAnswer = object({
  paperCount: number().required(),
  results: number().required(),
  rescoring: array(rescoreStatusAnswer.required()).required(),
  papers: array(paperAnswer.shape({ results: number().required() }).required()).required(),
  /** Official results candidates added, and how the predictions did against them (docs/official-results.md). */
  officialResults: object({
    reports: number().required(),
    medianRatioError: number().nullable().defined(),
    /** The share of official AIRs inside their predicted range, 0–1. */
    insideRange: number().nullable().defined(),
  })
    .noUnknown()
    .required(),
}).noUnknown();
export type AdminStatsAnswer = InferType<typeof adminStatsAnswer>;

/** A whole official key imported as one key version (POST /api/data/import-key). */
export const importKeyAnswer = object({
  paperId: string().required(),
  applied: number().required(),
  unchanged: number().required(),
  /** Question IDs of the key that are not in the paper. */
  unknown: array(string().required()).required(),
  warnings: array(string().required()).required(),
  /** The key version the import made; null when it changed no key. */
  keyVersion: keyVersionStampAnswer.nullable().defined(),
  /** How many questions a Marks column gave marks to. */
  marks: number(),
}).noUnknown();
export type ImportKeyAnswer = InferType<typeof importKeyAnswer>;

/** POST /api/data/process: a master sheet filed, in the spec's `{data: {data}}` envelope. */
export const processedPaperAnswer = object({
  data: object({
    /** The paper's questions. */
    data: array(questionAnswer.required()).required(),
    paperId: string().required(),
    paper: paperAnswer.nullable().defined(),
    /** Created now, or the paper of this identity already here (nothing created, nobody's marks changed). */
    outcome: string()
      .oneOf(['created', 'existing'] as const)
      .required(),
    message: string().required(),
    warnings: array(string().required()).required(),
  })
    .noUnknown()
    .required(),
}).noUnknown();
export type ProcessedPaperAnswer = InferType<typeof processedPaperAnswer>;

/** PUT /api/data/update-answer: the key saved, or the save a newer one had already overtaken. */
export const updatedAnswerAnswer = object({
  data: object({
    data: object({
      long_id: string().required(),
      answerKey: string(),
      /** Applied; a repeat of a save already made (same opId); or older than the key saved since. */
      outcome: string()
        .oneOf(['applied', 'duplicate', 'stale'] as const)
        .required(),
    })
      .noUnknown()
      .required(),
  })
    .noUnknown()
    .required(),
}).noUnknown();
export type UpdatedAnswerAnswer = InferType<typeof updatedAnswerAnswer>;
