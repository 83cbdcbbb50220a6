import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { createGunzip, createInflate, createBrotliDecompress } from 'node:zlib';
import type { Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../http/errors';
import type { ApiCode } from '../../src/contract/codes';
import { SHEET_LINK_MESSAGES } from '../../src/domain/validation/score-request';

export interface FetchPolicy {
  /** Host names the fetcher accepts (RESPONSE_SHEET_HOSTS). */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  /** Injected in tests to pretend a host resolves somewhere; defaults to the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
  /** Accept header sent upstream; response sheets (HTML) when absent. */
  accept?: string;
  /** Media types taken from upstream (e.g. only images); anything when absent. Checked before the body is read. */
  contentTypes?: readonly string[];
  /** Told how each fetch ended: `200`, the upstream's status, or the reason no answer came (the operator's metrics). */
  onResult?: (result: string) => void;
  /**
   * Called before each request to the portal (a redirect is another one): takes it from a budget, or throws the
   * FetchError ('busy') that says the budget is spent.
   */
  spend?: () => Promise<void>;
}

const MAX_REDIRECTS = 3;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 HireGate';

export const FETCH_MESSAGES = {
  notALink: SHEET_LINK_MESSAGES.notALink,
  notAPortalLink:
    'This is not a link to a GATE response sheet. Copy the link of the response sheet from the GATE portal.',
  refusedAddress:
    'This link points to an address we do not fetch from. Copy the link of the response sheet from the GATE portal.',
  tooManyRedirects: 'The GATE portal redirected too many times. Try again later or upload the saved page instead.',
  badRedirect:
    'The GATE portal redirected to an address we do not read. Try again later or upload the saved page instead.',
  timeout: 'The GATE portal did not answer in time. Try again later or upload the saved page instead.',
  unreachable: 'The GATE portal could not be reached. Try again later or upload the saved page instead.',
  reset: 'The GATE portal closed the connection without answering. Try again later or upload the saved page instead.',
  badResponse: 'The GATE portal sent an answer we cannot read. Try again later or upload the saved page instead.',
  cutShort:
    'The GATE portal stopped sending the page before its end. Try again later or upload the saved page instead.',
  badEncoding: 'The GATE portal sent the page damaged. Try again later or upload the saved page instead.',
  busy: 'HireGate is reading many response sheets from the GATE portal right now. Try again in a minute or upload the saved page instead.',
  tooLarge: 'The page at this link is too large to be a GATE response sheet.',
  upstreamStatus: (status: number) =>
    `The GATE portal did not return a response sheet for this link (HTTP ${status}). Check the link or upload the saved page instead.`,
  wrongType: 'The GATE portal answered with a kind of file we do not fetch.',
} as const;

export type FetchFailure = keyof typeof FETCH_MESSAGES;

/**
 * A failed fetch, worded for the response-sheet checker; `reason` (and `upstreamStatus`) let another caller, such as
 * the image proxy, answer in its own words and statuses.
 */
export class FetchError extends HttpError {
  constructor(
    status: number,
    readonly reason: FetchFailure,
    readonly upstreamStatus?: number,
    headers: Record<string, string> = {},
  ) {
    const message = FETCH_MESSAGES[reason];
    super(
      status,
      typeof message === 'function' ? message(upstreamStatus ?? 0) : message,
      { code: codeOf(status, reason) },
      headers,
    );
  }
}

/** A link we will not fetch is the caller's to fix; the portal failing, or our budget spent, is worth a retry. */
function codeOf(status: number, reason: FetchFailure): ApiCode {
  if (reason === 'busy') return 'PORTAL_BUSY';
  return status < 500 ? 'LINK_REFUSED' : 'PORTAL_UNREACHABLE';
}

/** The budget of portal fetches is spent: 503, and Retry-After when the next one may go. */
export function portalBusy(retryAfterMs: number): FetchError {
  return new FetchError(503, 'busy', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/**
 * A host the operator named by address (127.0.0.1, localhost) is trusted wherever it points; a host named by DNS name
 * must resolve to public addresses, so a hostile DNS answer cannot turn the fetcher against the internal network.
 */
function isLocalName(host: string): boolean {
  return host === 'localhost' || isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

function isPublicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(address);
    return parsed.range() === 'unicast';
  } catch {
    return false;
  }
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * One spelling per host: URL parsing already turns `2130706433`, `0x7f000001`, `017700000001` and `127.1` into
 * `127.0.0.1` and shortens IPv6; this also turns an IPv4-mapped IPv6 address (`[::ffff:127.0.0.1]`) into its IPv4.
 */
function canonicalHost(hostname: string): string {
  const bare = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return isIP(bare) ? ipaddr.process(bare).toString() : bare;
}

interface HostRule {
  host: string;
  /** Absent: only the default port of the link's scheme. */
  port?: number;
}

const HOST_ENTRY = /^(?<host>\[[^\]]*\]|[^:]+)(?::(?<port>\d{1,5}))?$/;

/** `cdn.digialm.com`, `127.0.0.1:4599` or `[::1]:8080` as a rule; an entry that names no host matches nothing. */
function ruleOf(entry: string): HostRule | undefined {
  const trimmed = entry.trim();
  const match = HOST_ENTRY.exec(isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed);
  if (!match?.groups) return undefined;
  try {
    const host = canonicalHost(new URL(`http://${match.groups.host}`).hostname);
    return { host, port: match.groups.port === undefined ? undefined : Number(match.groups.port) };
  } catch {
    return undefined;
  }
}

/** A listed host on a listed port: an entry without a port allows the scheme's default port only. */
export function isListed(url: URL, allowedHosts: readonly string[]): boolean {
  const host = canonicalHost(url.hostname);
  const defaultPort = DEFAULT_PORTS[url.protocol];
  const port = url.port ? Number(url.port) : defaultPort;
  return allowedHosts.some((entry) => {
    const rule = ruleOf(entry);
    return rule !== undefined && rule.host === host && (rule.port ?? defaultPort) === port;
  });
}

function checkUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchError(400, 'notALink');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchError(400, 'notALink');
  // Plain http is only for a listed host on this machine (the tests' and the demo's sheet servers).
  if (url.protocol === 'http:' && !isLocalName(url.hostname)) url.protocol = 'https:';
  if (!isListed(url, policy.allowedHosts)) throw new FetchError(400, 'notAPortalLink');
  if (url.username || url.password) throw new FetchError(400, 'notAPortalLink');
  return url;
}

/** Resolves once, checks every address, and pins the connection to a checked one (no DNS rebinding window). */
function guardedLookup(host: string, policy: FetchPolicy): LookupFunction {
  const trusted = isLocalName(host);
  const resolve =
    policy.resolve ?? (async (name: string) => (await dns.promises.lookup(name, { all: true })).map((a) => a.address));
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const allowed = trusted ? addresses : addresses.filter(isPublicAddress);
        const [address] = allowed;
        if (address === undefined || allowed.length !== addresses.length) {
          callback(new FetchError(400, 'refusedAddress'), '', 4);
          return;
        }
        const family = isIP(address) || 4;
        // Node's connect (autoSelectFamily, on by default since Node 20) asks for every address: it gets the one.
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      })
      .catch(() => callback(new FetchError(502, 'unreachable'), '', 4));
  };
}

/** The decoder of the body's Content-Encoding; none for an identity (or unknown) encoding. */
function decoderOf(response: http.IncomingMessage): Transform | undefined {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
  contentType?: string;
}

/** `image/PNG; charset=x` → `image/png`. */
function mediaTypeOf(response: http.IncomingMessage): string {
  const [mediaType = ''] = (response.headers['content-type'] ?? '').split(';');
  return mediaType.trim().toLowerCase();
}

function requestOnce(url: URL, policy: FetchPolicy, deadline: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  const host = url.hostname.toLowerCase();
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: isIP(host) ? undefined : guardedLookup(host, policy),
        headers: {
          'User-Agent': USER_AGENT,
          Accept: policy.accept ?? 'text/html,application/xhtml+xml',
          'Accept-Encoding': 'gzip, deflate, br',
        },
        signal: deadline,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ status, location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new FetchError(502, 'upstreamStatus', status));
          return;
        }
        const contentType = mediaTypeOf(response);
        if (policy.contentTypes && !policy.contentTypes.includes(contentType)) {
          response.destroy();
          reject(new FetchError(502, 'wrongType'));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > policy.maxBytes) {
          response.destroy();
          reject(new FetchError(413, 'tooLarge'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const decoder = decoderOf(response);
        const body = decoder ? response.pipe(decoder) : response;
        const stop = (error: FetchError) => {
          decoder?.destroy();
          response.destroy();
          reject(error);
        };
        // The portal's failures, never ours: the connection lost mid-body, or a body its encoding cannot decode.
        response.on('error', () =>
          stop(deadline.aborted ? new FetchError(504, 'timeout') : new FetchError(502, 'cutShort')),
        );
        decoder?.on('error', () => stop(new FetchError(502, 'badEncoding')));
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Counted after decompression, so a small gzip bomb cannot exhaust memory either.
          if (size > policy.maxBytes) {
            stop(new FetchError(413, 'tooLarge'));
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => resolve({ status, body: Buffer.concat(chunks), contentType }));
      },
    );
    request.on('error', (error) => reject(requestFailure(error, deadline)));
  });
}

/** Why no answer came: the deadline, a refusal of ours (the address), a reset, an answer that is not HTTP, or no way there. */
function requestFailure(error: NodeJS.ErrnoException, deadline: AbortSignal): FetchError | HttpError {
  if (error instanceof HttpError) return error;
  if (deadline.aborted) return new FetchError(504, 'timeout');
  if (error.code === 'ECONNRESET') return new FetchError(502, 'reset');
  if (error.code?.startsWith('HPE_')) return new FetchError(502, 'badResponse');
  return new FetchError(502, 'unreachable');
}

export interface PortalFile {
  body: Buffer;
  /** The media type upstream declared, lower case and without parameters. */
  contentType: string;
  /** Where the file was found, after redirects. */
  url: string;
}

/**
 * Fetches a file from the portal the way a careful browser would: only allowed hosts, only public addresses (unless
 * the operator listed a local address), at most 3 redirects each re-checked, one overall deadline and a size cap.
 */
export async function fetchFromPortal(link: string, policy: FetchPolicy): Promise<PortalFile> {
  try {
    const file = await followRedirects(link, policy);
    policy.onResult?.('200');
    return file;
  } catch (error) {
    if (error instanceof FetchError)
      policy.onResult?.(error.upstreamStatus ? String(error.upstreamStatus) : error.reason);
    throw error;
  }
}

async function followRedirects(link: string, policy: FetchPolicy): Promise<PortalFile> {
  let url = checkUrl(link, policy);
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await policy.spend?.();
    const result = await requestOnce(url, policy, deadline);
    if (result.body !== undefined) return { body: result.body, contentType: result.contentType!, url: url.toString() };
    url = redirectTarget(result.location!, url, policy);
  }
  throw new FetchError(502, 'tooManyRedirects');
}

/**
 * Where a Location header points, from the address that sent it, checked as the link was. A Location that is no
 * address is the portal's fault (502); one we would not fetch (another host or port, a private address) is refused
 * (400). Neither is the candidate's doing: both get the advice to upload the saved page.
 */
function redirectTarget(location: string, from: URL, policy: FetchPolicy): URL {
  const target = URL.parse(location, from);
  if (!target) throw new FetchError(502, 'badRedirect');
  try {
    return checkUrl(target.toString(), policy);
  } catch {
    throw new FetchError(400, 'badRedirect');
  }
}

export async function fetchResponseSheet(link: string, policy: FetchPolicy): Promise<{ html: string; url: string }> {
  const { body, url } = await fetchFromPortal(link, policy);
  return { html: body.toString('utf8'), url };
}
