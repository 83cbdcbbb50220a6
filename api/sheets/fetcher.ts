import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { createGunzip, createInflate, createBrotliDecompress } from 'node:zlib';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../http/errors';

export interface FetchPolicy {
  /** Host names the fetcher accepts (RESPONSE_SHEET_HOSTS). */
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  /** Injected in tests to pretend a host resolves somewhere; defaults to the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
}

const MAX_REDIRECTS = 3;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 HireGate';

export const FETCH_MESSAGES = {
  notALink: 'Enter the full link to your GATE response sheet (it starts with https://).',
  notAPortalLink: 'This is not a link to a GATE response sheet. Copy the link of the response sheet from the GATE portal.',
  refusedAddress: 'This link points to an address we do not fetch from. Copy the link of the response sheet from the GATE portal.',
  tooManyRedirects: 'The GATE portal redirected too many times. Try again later or upload the saved page instead.',
  timeout: 'The GATE portal did not answer in time. Try again later or upload the saved page instead.',
  unreachable: 'The GATE portal could not be reached. Try again later or upload the saved page instead.',
  tooLarge: 'The page at this link is too large to be a GATE response sheet.',
  upstreamStatus: (status: number) =>
    `The GATE portal did not return a response sheet for this link (HTTP ${status}). Check the link or upload the saved page instead.`,
} as const;

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

function checkUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new HttpError(400, FETCH_MESSAGES.notALink);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HttpError(400, FETCH_MESSAGES.notALink);
  const host = url.hostname.toLowerCase();
  if (!policy.allowedHosts.includes(host)) throw new HttpError(400, FETCH_MESSAGES.notAPortalLink);
  // Plain http is only for a listed host on this machine (the tests' and the demo's sheet servers).
  if (url.protocol === 'http:' && !isLocalName(host)) url.protocol = 'https:';
  if (url.username || url.password) throw new HttpError(400, FETCH_MESSAGES.notAPortalLink);
  return url;
}

/** Resolves once, checks every address, and pins the connection to a checked one (no DNS rebinding window). */
function guardedLookup(host: string, policy: FetchPolicy): LookupFunction {
  const trusted = isLocalName(host);
  const resolve =
    policy.resolve ?? (async (name: string) => (await dns.promises.lookup(name, { all: true })).map((a) => a.address));
  return (hostname, _options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const allowed = trusted ? addresses : addresses.filter(isPublicAddress);
        if (allowed.length === 0 || allowed.length !== addresses.length) {
          callback(new HttpError(400, FETCH_MESSAGES.refusedAddress), '', 4);
          return;
        }
        const address = allowed[0];
        callback(null, address, isIP(address) || 4);
      })
      .catch(() => callback(new HttpError(502, FETCH_MESSAGES.unreachable), '', 4));
  };
}

function decoded(response: http.IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

interface Hop {
  status: number;
  location?: string;
  body?: string;
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
          Accept: 'text/html,application/xhtml+xml',
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
          reject(new HttpError(502, FETCH_MESSAGES.upstreamStatus(status)));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > policy.maxBytes) {
          response.destroy();
          reject(new HttpError(502, FETCH_MESSAGES.tooLarge));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const body = decoded(response);
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Counted after decompression, so a small gzip bomb cannot exhaust memory either.
          if (size > policy.maxBytes) {
            body.destroy();
            response.destroy();
            reject(new HttpError(502, FETCH_MESSAGES.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
        body.on('error', (error) => reject(deadline.aborted ? new HttpError(504, FETCH_MESSAGES.timeout) : error));
      },
    );
    request.on('error', (error) => {
      if (error instanceof HttpError) reject(error);
      else if (deadline.aborted) reject(new HttpError(504, FETCH_MESSAGES.timeout));
      else reject(new HttpError(502, FETCH_MESSAGES.unreachable));
    });
  });
}

/**
 * Fetches a response sheet the way a careful browser would: only allowed hosts, only public addresses (unless the
 * operator listed a local address), at most 3 redirects each re-checked, one overall deadline and a size cap.
 */
export async function fetchResponseSheet(link: string, policy: FetchPolicy): Promise<{ html: string; url: string }> {
  let url = checkUrl(link, policy);
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = await requestOnce(url, policy, deadline);
    if (result.body !== undefined) return { html: result.body, url: url.toString() };
    url = checkUrl(new URL(result.location!, url).toString(), policy);
  }
  throw new HttpError(502, FETCH_MESSAGES.tooManyRedirects);
}
