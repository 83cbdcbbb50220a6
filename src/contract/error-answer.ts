import { object, string, type InferType } from 'yup';
import { API_CODES } from './codes';
import { recordOf } from './record';

/**
 * Every failure's answer: the message for people, a stable code where a client acts on the outcome, and on a refused
 * input each failing field's message. Some calls add fields (`verificationRequired`, `choice`, `notify`…), so unknown
 * fields are allowed here.
 */
export const errorAnswer = object({
  message: string().required(),
  code: string().oneOf(API_CODES),
  errors: recordOf(string().required()).default(undefined).optional(),
});
export type ErrorAnswer = InferType<typeof errorAnswer>;
