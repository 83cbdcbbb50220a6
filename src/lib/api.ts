import type { InferType, Schema } from 'yup';
import type { ApiCode } from '../contract/codes';
import { OPERATION_PATHS, type OperationName } from '../contract/operation-paths';
import type { Operations } from '../contract/operations';

/**
 * The one HTTP client of the web app: `api.call(name, input)` for each call of the operation table
 * (src/contract/operations.ts), which gives its method, path, input and answer types. JSON in and out, failures as
 * ApiError carrying the server's message (for people) and its code (for the app to decide on). Only the table's
 * methods and paths (operation-paths.ts) load at run time: the schemas' types are erased from the bundle.
 */

export const CLIENT_CODE = import.meta.env.VITE_CLIENT_CODE ?? 'hiregate-web';

export class ApiError extends Error {
  /** The answer's stable code (docs/api-codes.md); none when no server answered. */
  readonly code: ApiCode | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.code = codeOf(body);
  }
}

/** The code an answer's JSON carries (the server's, from src/contract/codes.ts), if any. */
export function codeOf(body: unknown): ApiCode | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (code as ApiCode) : undefined;
}

/** How a call goes, whatever it sends. */
export interface CallOptions {
  headers?: Record<string, string>;
  /** Admin calls: HTTP Basic built from the stored e-mail and password. */
  basic?: { email: string; password: string };
  signal?: AbortSignal;
}

type Path<N extends OperationName> = (typeof OPERATION_PATHS)[N]['path'];
/** '/api/data/get-rank/:resultId/:testPaper' → 'resultId' | 'testPaper'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type InputOf<N extends OperationName> = Operations[N] extends { input: infer I } ? I : undefined;
type FieldsOf<N extends OperationName> = InputOf<N> extends { schema: infer S extends Schema } ? InferType<S> : never;
/** The input's fields read from elsewhere than its body or query: the path, headers, a text/html body. */
type ReadBeside<I> =
  | (I extends { params: readonly (infer P)[] } ? P : never)
  | (I extends { headers: infer H } ? keyof H : never)
  | (I extends { textBody: infer T } ? T : never);
type Payload<N extends OperationName> = Omit<FieldsOf<N>, Extract<ReadBeside<InputOf<N>>, PropertyKey>>;
type PlaceOf<N extends OperationName> = InputOf<N> extends { from: infer F } ? F : 'body';

/** A query of optional fields only may be left out. */
type Query<N extends OperationName> =
  Partial<Payload<N>> extends Payload<N> ? { query?: Payload<N> } : { query: Payload<N> };

/** A page sent as the text/html body, for a call whose input reads one. */
type Page<N extends OperationName> = InputOf<N> extends { textBody: string } ? string : never;

/** What a call sends: its path's parameters, its query or JSON body as its schema reads them, or a page as text. */
export type CallInput<N extends OperationName> = CallOptions &
  ([ParamNames<Path<N>>] extends [never] ? unknown : { params: Record<ParamNames<Path<N>>, string> }) &
  (InputOf<N> extends undefined
    ? unknown
    : PlaceOf<N> extends 'query'
      ? Query<N> & ([Page<N>] extends [never] ? unknown : { body: Page<N> })
      : PlaceOf<N> extends 'body'
        ? { body: Payload<N> | Page<N> }
        : unknown);

/** A call's answer, as its schema in the table types it. */
export type CallAnswer<N extends OperationName> = Operations[N]['answer'] extends infer S extends Schema
  ? InferType<S>
  : unknown;

export function basicAuthHeader({ email, password }: { email: string; password: string }): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * This device's proof of a verified e-mail address: the access token the verify call gave when the candidate opened
 * the mailed link here. It stays on the device (localStorage, never in an address) and goes with every score request,
 * so a link alone opens no scorecard, and the score-alert switch speaks only of this address. The latest verified
 * address replaces an earlier one: a device speaks for one candidate at a time.
 */
export const DEVICE_ACCESS_KEY = 'hiregate.access';

/** The device's access token to send, when it holds one. */
export const accessToken = (storage = localStorage) => storage.getItem(DEVICE_ACCESS_KEY) ?? undefined;

export const rememberAccessToken = (token: string, storage = localStorage) => storage.setItem(DEVICE_ACCESS_KEY, token);

/** This device no longer speaks for any address: signed out, forgotten, or revoked on the server. */
export const forgetAccessToken = (storage = localStorage) => storage.removeItem(DEVICE_ACCESS_KEY);

/**
 * The header a renewed access token comes back in (api/access/access-renewal.ts): a device in use stays trusted,
 * one left alone for ACCESS_TOKEN_DAYS verifies again.
 */
const RENEWED_ACCESS_HEADER = 'X-Access-Token';

/** A call's address: its path with the parameters filled in, and its query. */
export function callUrl(name: OperationName, input: { params?: Record<string, string>; query?: object } = {}): string {
  const path = OPERATION_PATHS[name].path.replace(/:(\w+)/g, (_, param: string) => {
    const value = input.params?.[param];
    if (value === undefined) throw new Error(`${name} needs its ${param}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(field, String(value));
  }
  return query.size > 0 ? `${path}?${query}` : path;
}

/** A call that needs nothing sent may leave its input out. */
type CallArguments<N extends OperationName> =
  Partial<CallInput<N>> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

async function call<N extends OperationName>(name: N, ...[input]: CallArguments<N>): Promise<CallAnswer<N>> {
  const given = (input ?? {}) as CallOptions & { params?: Record<string, string>; query?: object; body?: unknown };
  const headers: Record<string, string> = { Accept: 'application/json', ...given.headers };
  let body: BodyInit | undefined;
  if (typeof given.body === 'string') {
    headers['Content-Type'] ??= 'text/html';
    body = given.body;
  } else if (given.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(given.body);
  }
  if (given.basic) headers.Authorization = basicAuthHeader(given.basic);
  let response: Response;
  try {
    response = await fetch(callUrl(name, given), {
      method: OPERATION_PATHS[name].method,
      headers,
      body,
      signal: given.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'No response from server. Please try again.', null);
  }
  const data = parseBody(await response.text());
  const renewed = response.headers.get(RENEWED_ACCESS_HEADER);
  if (renewed) rememberAccessToken(renewed);
  if (codeOf(data) === 'ACCESS_REVOKED') forgetAccessToken();
  if (!response.ok) {
    const message = (data as { message?: string } | null)?.message ?? '';
    throw new ApiError(response.status, message, data);
  }
  return data as CallAnswer<N>;
}

export const api = { call };

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
