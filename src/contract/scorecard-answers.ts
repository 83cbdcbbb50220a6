import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import type { PaperPrediction } from '../domain/gate/paper-prediction';
import type { Prediction } from '../domain/gate/rank/prediction/predict';
import { RESULT_PROVENANCES } from '../domain/gate/result-provenance';
import { keyVersionStampAnswer } from './checker-answers';
import { engineObject, recordOf } from './record';

/** The checker's scorecard (generate-response, upload-response, scorecard), in the spec's words. */

const NOT_EVALUATED = 'Not evaluated';

export const scorecardQuestionAnswer = object({
  long_id: string().required(),
  short_id: string().required(),
  type: string()
    .oneOf(['MCQ', 'MSQ', 'NAT'] as const)
    .required(),
  marks: number().required(),
  status: string().required(),
  /** In the paper's letters ('A,C'), a number, or ' -- '. */
  response_given: string().required(),
  /** The key as stored ('B', 'A;C', '2.95:3.05', 'MTA'); null while the paper has no key for it. */
  answerKey: string().nullable().defined(),
  /** Exact marks (a multiple of 1/3), or 'Not evaluated'. */
  obtained_marks: mixed<number | typeof NOT_EVALUATED>(
    (input): input is number | typeof NOT_EVALUATED => typeof input === 'number' || input === NOT_EVALUATED,
  )
    .required()
    .meta({ jsonSchema: { oneOf: [{ type: 'number' }, { const: NOT_EVALUATED }] } }),
  question: string().required(),
  options: recordOf(string().required()).required(),
  /** On a paper with chosen sections: the question's section, and whether it counts. */
  section: string(),
  chosen: boolean(),
}).noUnknown();

export const totalScoreAnswer = object({
  Attempts: number().required(),
  'Incorrect Attempts': number().required(),
  'Final Marks': number().required(),
  'Negative Marks': number().required(),
  'Total Marks': number().required(),
}).noUnknown();

const sectionsOutcomeAnswer = object({
  /** The optional sections that count, in paper order. */
  chosen: array(string().required()).required(),
  /** 'answers' when the sheet settles the choice, 'candidate' when the candidate's answer does. */
  decidedBy: string()
    .oneOf(['answers', 'candidate'] as const)
    .required(),
  rankedAs: string().required(),
  sections: array(
    object({
      id: string().required(),
      name: string().required(),
      optional: boolean().required(),
      chosen: boolean().required(),
      questions: number().required(),
      attempts: number().required(),
      marks: number().required(),
      maxMarks: number().required(),
    })
      .noUnknown()
      .required(),
  ).required(),
}).noUnknown();

/**
 * The spec's prediction_data: normMarks, score and estimatedRank first. The rank model's prediction (with its range,
 * method and sample size), a paper without marks→rank data's prediction (paper-prediction.ts), or, with no model for
 * the paper, the raw marks with null score and rank and the reason in `warnings`.
 */
export type ScorecardPrediction =
  | (Pick<Prediction, 'normMarks' | 'score' | 'estimatedRank'> &
      Partial<Omit<Prediction, 'normMarks' | 'score' | 'estimatedRank'>>)
  | { normMarks: number; score: null; estimatedRank: null; warnings: string[] }
  | PaperPrediction;

export const scorecardAnswer = object({
  /** 'Scorecard generated successfully'. */
  message: string().required(),
  response: array(scorecardQuestionAnswer.required()).required(),
  totalScore: totalScoreAnswer.required(),
  testPaper: string().required(),
  /** How MTA ('marks to all') questions were scored. */
  scoringRules: object({
    mta: string()
      .oneOf(['all', 'attempted'] as const)
      .required(),
  })
    .noUnknown()
    .required(),
  /** On a paper whose candidates choose sections: which count, how that was decided, each section's marks. */
  sections: sectionsOutcomeAnswer.default(undefined).optional(),
  candidate: object({ id: string().required(), name: string().required() }).noUnknown().required(),
  prediction_data: engineObject<ScorecardPrediction>(
    'normMarks, score and estimatedRank (null when no model covers the paper), then what the model adds: rankRange, percentile, method, warnings…',
  ),
  /** The stored result's id (the rank and the score-alert switch name it). */
  resultId: string().required(),
  /** The stored paper that scored it: its id and the name the app shows. */
  paper: object({ id: string().required(), name: string().required() }).noUnknown().required(),
  /** The answer-key version the marks come from. */
  keyVersion: keyVersionStampAnswer.required(),
  /** Where the result's responses came from: fetched from the portal, uploaded, or uploaded and confirmed by it. */
  provenance: string().oneOf(RESULT_PROVENANCES).required(),
}).noUnknown();
export type ScorecardAnswer = InferType<typeof scorecardAnswer>;
