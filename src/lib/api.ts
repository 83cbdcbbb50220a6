import type { ApiCode } from '../contract/codes';

/**
 * The one HTTP client of the web app: JSON in and out, failures as ApiError carrying the server's message (for people)
 * and its code (for the app to decide on).
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Admin calls: HTTP Basic built from the stored e-mail and password. */
  basic?: { email: string; password: string };
  signal?: AbortSignal;
}

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.basic) headers.Authorization = basicAuthHeader(options.basic);
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
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
  return data as T;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
