import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { Converters, YupType } from '@sodaru/yup-to-json-schema/dist/types';
import type { AnyObjectSchema, Schema, SchemaDescription, SchemaObjectDescription } from 'yup';
import { errorAnswer } from '../../src/contract';
import { OPERATION_PATHS, type OperationName } from '../../src/contract/operation-paths';
import {
  OPERATIONS,
  type Auth,
  type OperationDescription,
  type OperationInput,
  type OtherAnswer,
} from '../../src/contract/operations';

/**
 * The OpenAPI 3.1 document of the operation table (src/contract/operations.ts): each call's method and path, its
 * inputs, answer, failures and auth, and every yup schema converted to JSON Schema by @sodaru/yup-to-json-schema.
 */

type JsonSchema = Record<string, unknown>;

/** A call's input with its places spelled out: the body unless said, no path parameter or header beside it. */
interface Input {
  schema: AnyObjectSchema;
  from: NonNullable<OperationInput['from']>;
  params: readonly string[];
  headers: Record<string, string>;
  textBody?: string;
}

const inputOf = ({ schema, from = 'body', params = [], headers = {}, textBody }: OperationInput): Input => ({
  schema,
  from,
  params,
  headers,
  textBody,
});

/** Where the library's converters do not fit this app's schemas. */
const converters: Partial<Converters> = {
  /**
   * Objects as the library converts them, without the default yup describes every object with (its fields' defaults,
   * `{a: undefined}`: no default at all), and closed where the schema refuses unknown fields (noUnknown): a client
   * may rely on nothing else coming.
   */
  object: (description: SchemaDescription, all: Converters) => {
    const { fields, tests, nullable, meta } = description as SchemaObjectDescription & {
      meta?: { jsonSchema?: JsonSchema };
    };
    const entries = Object.entries(fields);
    const required = entries.filter(([, field]) => !(field as SchemaDescription).optional).map(([name]) => name);
    return {
      type: nullable ? ['object', 'null'] : 'object',
      ...(entries.length > 0
        ? {
            properties: Object.fromEntries(
              entries.map(([name, field]) => [name, all[field.type as YupType](field as SchemaDescription, all)]),
            ),
          }
        : {}),
      ...(required.length > 0 ? { required } : {}),
      ...(tests.some((test) => test.name === 'noUnknown') ? { additionalProperties: false } : {}),
      ...meta?.jsonSchema,
    };
  },
  /**
   * yup's `mixed` has no JSON type of its own: a record (src/contract/record.ts) is an object of its values' schema;
   * any other mixed says what it is in `meta.jsonSchema`.
   */
  mixed: (description: SchemaDescription, all: Converters) => {
    const meta = (description as { meta?: { recordOf?: Schema; jsonSchema?: JsonSchema } }).meta ?? {};
    if (meta.recordOf)
      return { type: 'object', additionalProperties: convertSchema(meta.recordOf, { converters: all }) };
    return { ...meta.jsonSchema };
  },
};

function jsonSchemaOf(schema: Schema): JsonSchema {
  return convertSchema(schema, { converters: converters as Converters }) as JsonSchema;
}

const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  anyone: [],
  admin: [{ adminBasic: [] }],
  // No credentials (the device's access token rides in the body as `access`), or an administrator's.
  device: [{}, { adminBasic: [] }],
  clientCode: [{ clientCode: [] }],
  metricsToken: [{ metricsToken: [] }],
};

const AUTH_WORDS: Record<Auth, string> = {
  anyone: 'Anyone.',
  admin: 'An administrator (HTTP Basic).',
  device:
    "Anyone; what is answered depends on this device's access token (`access`, from GET /api/data/verify), or an administrator's HTTP Basic credentials.",
  clientCode: "Anyone sending this product's client code in `x-client-code`.",
  metricsToken: 'The operator: `Authorization: Bearer <METRICS_TOKEN>`.',
};

const isOtherAnswer = (answer: OperationDescription['answer']): answer is OtherAnswer => 'mediaType' in answer;

/** '/api/data/get-rank/:resultId/:testPaper' → '/api/data/get-rank/{resultId}/{testPaper}'. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parametersOf(path: string, input: Input | undefined) {
  const pathNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const fromSchema = (schema: AnyObjectSchema, place: 'path' | 'query' | 'header', skip?: string) => {
    const converted = jsonSchemaOf(schema);
    const required = new Set((converted.required as string[] | undefined) ?? []);
    const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(properties)
      .filter(([name]) => name !== skip)
      .map(([name, schema]) => ({
        name: place === 'header' ? input!.headers[name]! : name,
        in: place,
        required: place === 'path' || (place !== 'header' && required.has(name)),
        schema,
      }));
  };
  const byPath = !input
    ? []
    : fromSchema(input.from === 'params' ? input.schema : input.schema.pick([...input.params]), 'path');
  const unvalidated = pathNames
    .filter((name) => !byPath.some((parameter) => parameter.name === name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const byQuery = input?.from === 'query' ? fromSchema(bodyOf(input), 'query', input.textBody) : [];
  const byHeader = input ? fromSchema(input.schema.pick(Object.keys(input.headers)), 'header') : [];
  return [...byPath, ...unvalidated, ...byQuery, ...byHeader];
}

/** The fields a body or query holds: the schema less those read from the path and from headers. */
const bodyOf = (input: Input) => input.schema.omit([...input.params, ...Object.keys(input.headers)]);

/** The body a route reads: its JSON object, and for a route that takes a page, the page as text/html. */
function requestBodyOf(input: Input | undefined) {
  if (!input || input.from === 'params') return undefined;
  const page = input.textBody
    ? { 'text/html': { schema: { type: 'string', description: `Read into ${input.textBody}.` } } }
    : {};
  if (input.from === 'query') return input.textBody ? { required: true, content: page } : undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(bodyOf(input)) }, ...page } };
}

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function responsesOf(description: OperationDescription, validates: boolean) {
  const { answer } = description;
  const content = isOtherAnswer(answer)
    ? { [answer.mediaType]: { schema: answer.mediaType === 'application/json' ? { type: 'object' } : {} } }
    : { 'application/json': { schema: jsonSchemaOf(answer) } };
  const success = {
    description: isOtherAnswer(answer) ? answer.description : description.summary,
    content,
  };
  const failures: Record<number, string> = {};
  if (validates) failures[400] = 'the input was refused: `errors` holds each failing field’s message';
  if (description.auth === 'admin') failures[401] = 'not an administrator’s credentials';
  failures[503] =
    'the database cannot be reached or did not answer in time, or the request ran out of time (Retry-After)';
  Object.assign(failures, description.errors);
  return {
    [String(description.status ?? 200)]: success,
    ...Object.fromEntries(Object.entries(failures).map(([status, when]) => [status, failure(when)])),
  };
}

function operationOf(name: OperationName) {
  const description: OperationDescription = OPERATIONS[name];
  const input = description.input && inputOf(description.input);
  const parameters = parametersOf(OPERATION_PATHS[name].path, input);
  const requestBody = requestBodyOf(input);
  return {
    summary: description.summary,
    description: `Who: ${AUTH_WORDS[description.auth]}`,
    security: SECURITY[description.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(description, input !== undefined),
  };
}

export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(OPERATION_PATHS) as OperationName[]) {
    const { method, path } = OPERATION_PATHS[name];
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operationOf(name);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HireGate API',
      version,
      description:
        'The GATE score checker, its scorecards and the admin area. Every failure is JSON `{message, code?, errors?}` with its status.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorAnswer) },
      securitySchemes: {
        adminBasic: { type: 'http', scheme: 'basic', description: "An administrator's e-mail and password." },
        clientCode: { type: 'apiKey', in: 'header', name: 'x-client-code', description: "This product's client code." },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN.' },
      },
    },
  };
}
