import { mixed, type InferType, type Schema } from 'yup';

/**
 * An object keyed by ids (paper id → its questions, option letter → image): yup has no record type, so the values'
 * schema rides in `meta.recordOf`, where the OpenAPI document reads it for `additionalProperties`.
 */
export function recordOf<S extends Schema>(values: S) {
  return mixed<Record<string, InferType<S>>>(
    (input): input is Record<string, InferType<S>> =>
      typeof input === 'object' && input !== null && !Array.isArray(input),
  )
    .test('record-values', 'Every value must fit its schema', (record) =>
      Object.values(record ?? {}).every((value) => values.isValidSync(value, { strict: true })),
    )
    .meta({ recordOf: values });
}

/**
 * A part of an answer that is the engine's own type (src/domain/gate), published as an object with its description:
 * the type is the domain's, so the web app's typecheck follows the engine, and the test of the answer checks it is
 * an object.
 */
export function engineObject<T extends object>(description: string) {
  return mixed<T>((input): input is T => typeof input === 'object' && input !== null && !Array.isArray(input))
    .required()
    .meta({ jsonSchema: { type: 'object', description } });
}
