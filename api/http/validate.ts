import type { Middleware, ParameterizedContext } from 'koa';
import type { AnyObjectSchema, InferType, Schema } from 'yup';
import type { OperationInput } from '../../src/contract/operations';
import { firstErrors } from '../../src/domain/validation/accounts';
import { HttpError } from './errors';

/**
 * The one way a route reads its input: the JSON body, the query or the path parameters (and a page sent as a text
 * body, path parameters and headers beside a body) checked against a shared yup schema, the typed result on
 * `ctx.state.input`, or a 400 `{message, errors}` where `errors` holds each failing field's message and `message` speaks
 * of the first failing field in the schema's field order, the same every time.
 */

export const NOT_AN_OBJECT = 'Send the request as a JSON object.';

export interface ValidateOptions {
  /** Where the input is read: the JSON body (default), the query string or the route's path parameters. */
  from?: 'body' | 'query' | 'params';
  /** Path parameters read into the input's fields of the same name beside it: the path names what a body changes. */
  params?: readonly string[];
  /** Fields read from a request header (field → header name) when the input does not hold them. */
  headers?: Record<string, string>;
  /**
   * For a route that also takes a page as a text body (text/html): the field that text is read into. A JSON body
   * may hold the page in the same field instead. With `from: 'query'` the field comes from the body, never the query.
   */
  textBody?: string;
  /**
   * How the first problem becomes the answer's message: 'named' (default) puts the field in front
   * (`email: Email is not valid`); 'bare' keeps the form's own words, for calls whose screens show the message as is.
   */
  messages?: 'named' | 'bare';
  /**
   * Whether the 400 lists `errors` beside `message` (default). Off for a call whose page shows its one message as is
   * (the e-mailed verification link): its answer stays `{message}`.
   */
  fieldErrors?: boolean;
  /** Extra JSON beside `{message, errors}`, such as the account calls' `notify`. */
  extra?: (message: string) => Record<string, unknown>;
}

/**
 * Messages for a value of the wrong kind, keyed by the schema type that was expected; `fits` is told whether the input
 * came as text (the query string or the path), where numbers and flags can only be written as text.
 */
const EXPECTED: Record<string, { message: string; fits: (value: unknown, asText: boolean) => boolean }> = {
  string: { message: 'Must be text', fits: (value) => typeof value === 'string' },
  // yup turns number text into its number.
  number: { message: 'Must be a number', fits: (value) => typeof value === 'number' || typeof value === 'string' },
  // In JSON a flag is true or false: the text "true" (or "false", which yup would read as false) is a broken client.
  boolean: {
    message: 'Must be true or false',
    fits: (value, asText) => typeof value === 'boolean' || (asText && typeof value === 'string'),
  },
  array: { message: 'Must be a list', fits: Array.isArray },
  object: { message: 'Must be an object', fits: isPlainObject },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Fields whose value is of the wrong kind (an object or a list where text is expected, ...), found before yup runs:
 * yup's transforms (trim) would throw on them, and its own type messages speak of internals.
 */
function wrongKinds(schema: AnyObjectSchema, input: Record<string, unknown>, asText: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, fieldSchema] of Object.entries(schema.fields as Record<string, Schema>)) {
    const value = input[field];
    if (value === undefined) continue;
    const expected = EXPECTED[fieldSchema.type];
    if (value === null ? !fieldSchema.spec.nullable : expected && !expected.fits(value, asText)) {
      problems[field] = expected?.message ?? 'Must not be null';
    }
  }
  return problems;
}

/** The schema's fields in their declared order: the order a form shows them, and the order problems are told. */
function firstInOrder(schema: AnyObjectSchema, errors: Record<string, string>): [string, string] | undefined {
  const fields = [...Object.keys(schema.fields), ...Object.keys(errors)];
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) return [field, message];
  }
  return undefined;
}

function refusal(
  schema: AnyObjectSchema,
  errors: Record<string, string>,
  options: ValidateOptions,
  nameField: boolean,
): HttpError {
  const first = firstInOrder(schema, errors);
  if (first === undefined) return new HttpError(400, NOT_AN_OBJECT, options.extra?.(NOT_AN_OBJECT));
  const [field, problem] = first;
  const message = nameField ? `${field}: ${problem}` : problem;
  return new HttpError(400, message, {
    ...options.extra?.(message),
    ...(options.fieldErrors === false ? {} : { errors }),
  });
}

/** Checks one input against a schema and returns it typed (trimmed, unknown fields dropped), or throws the 400. */
function validInput<S extends AnyObjectSchema>(schema: S, input: unknown, options: ValidateOptions = {}): InferType<S> {
  const value = input ?? {};
  if (!isPlainObject(value)) throw refusal(schema, {}, options, false);
  const kinds = wrongKinds(schema, value, options.from === 'query' || options.from === 'params');
  // A value of the wrong kind is a broken client or a probe, never a person at a form: always name the field.
  if (Object.keys(kinds).length > 0) throw refusal(schema, kinds, options, true);
  // Only the schema's own fields reach yup: it looks every key up among its fields, and `constructor` is on every object.
  const known = Object.fromEntries(
    Object.keys(schema.fields).flatMap((field) => (Object.hasOwn(value, field) ? [[field, value[field]]] : [])),
  );
  try {
    return schema.validateSync(known, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const errors = firstErrors(error);
    if (Object.keys(errors).length === 0) throw error;
    throw refusal(schema, errors, options, options.messages !== 'bare');
  }
}

export interface Validated<S extends AnyObjectSchema> {
  input: InferType<S>;
}

/** The raw input a route reads, from where its options say. */
function rawInput(ctx: ParameterizedContext & { params?: Record<string, string> }, options: ValidateOptions): unknown {
  const body: unknown = ctx.request.body;
  const { from = 'body', textBody } = options;
  if (from === 'params') return ctx.params;
  if (from === 'body') return textBody && typeof body === 'string' ? { [textBody]: body } : body;
  if (!textBody) return ctx.query;
  const page = typeof body === 'string' ? body : isPlainObject(body) ? body[textBody] : undefined;
  return { ...ctx.query, [textBody]: page };
}

/** The input with the path parameters and the headers its options name, when it is an object to add them to. */
function withPathAndHeaders(
  ctx: ParameterizedContext & { params?: Record<string, string> },
  input: unknown,
  { params = [], headers = {} }: ValidateOptions,
): unknown {
  const value = input ?? {};
  if (!isPlainObject(value)) return input;
  const fromHeaders = Object.entries(headers).flatMap(([field, header]) => {
    const given = ctx.get(header);
    return given ? [[field, given]] : [];
  });
  const fromPath = params.flatMap((field) => (ctx.params?.[field] === undefined ? [] : [[field, ctx.params[field]]]));
  return { ...Object.fromEntries(fromHeaders), ...value, ...Object.fromEntries(fromPath) };
}

/** What a `validate` middleware reads: the document (api/openapi) publishes each route's input from it. */
export interface ValidatedInput<S extends AnyObjectSchema = AnyObjectSchema> {
  schema: S;
  from: NonNullable<ValidateOptions['from']>;
  textBody?: string;
  /** Fields read from the path (beside a body or query) and from headers (field → header name). */
  params: readonly string[];
  headers: Record<string, string>;
}

export type ValidateMiddleware<S extends AnyObjectSchema> = Middleware<Validated<S>> & {
  readonly input: ValidatedInput<S>;
};

/** Koa middleware: `ctx.state.input` holds the checked input for the handlers after it. */
export function validate<S extends AnyObjectSchema>(schema: S, options: ValidateOptions = {}): ValidateMiddleware<S> {
  const middleware: Middleware<Validated<S>> = async (ctx, next) => {
    ctx.state.input = validInput(schema, withPathAndHeaders(ctx, rawInput(ctx, options), options), options);
    await next();
  };
  const { from = 'body', textBody, params = [], headers = {} } = options;
  return Object.assign(middleware, { input: { schema, from, params, headers, ...(textBody ? { textBody } : {}) } });
}

/**
 * `validate` of a call's input as the operation table (src/contract/operations.ts) declares it, so a route reads its
 * schema and its input's places from the table; the options left are how a refusal is worded.
 */
export function validateInput<S extends AnyObjectSchema>(
  { schema, ...places }: OperationInput<S>,
  options: Pick<ValidateOptions, 'messages' | 'fieldErrors' | 'extra'> = {},
): ValidateMiddleware<S> {
  return validate(schema, { ...places, ...options });
}

/** The input a middleware of a route's stack validates, if it is a `validate` middleware. */
export function validatedInputOf(middleware: unknown): ValidatedInput | undefined {
  if (typeof middleware !== 'function' || !('input' in middleware)) return undefined;
  return middleware.input as ValidatedInput;
}
