import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FetchFailure } from '../../api/sheets/fetcher';
import type { FixtureServer } from './fixture-server';

/**
 * A portal that fails in every way a fetch can fail, on a fixture server: each fault is served at `/faults/<name>`
 * (a page) and `/faults/<name>.png` (an image), so checks and the image proxy meet the same faults.
 */
export interface PortalFault {
  name: string;
  /** How the fetch must end: its status, and its reason (the metric's `result`). */
  status: number;
  reason: FetchFailure;
  serve(request: IncomingMessage, response: ServerResponse, type: string): void;
}

const BODY = Buffer.from(`<html><body>${'<p>a response sheet</p>'.repeat(5_000)}</body></html>`);

/** Sends the first bytes of a body that says it is longer, then drops the connection. */
function cutShort(response: ServerResponse, headers: Record<string, string>, body: Buffer): void {
  response.writeHead(200, { ...headers, 'content-length': String(body.length) });
  response.write(body.subarray(0, Math.floor(body.length / 3)));
  setTimeout(() => response.destroy(), 20);
}

/** A body of this encoding whose second half is damaged (brotli packs the whole page in a few dozen bytes). */
function damaged(response: ServerResponse, type: string, encoding: string, encoded: Buffer): void {
  const half = encoded.subarray(0, Math.ceil(encoded.length / 2));
  const broken = Buffer.concat([half, Buffer.from('not the rest of the stream '.repeat(20))]);
  response.writeHead(200, { 'content-type': type, 'content-encoding': encoding });
  response.end(broken);
}

export const PORTAL_FAULTS: readonly PortalFault[] = [
  {
    name: 'cut-body',
    status: 502,
    reason: 'cutShort',
    serve: (_request, response, type) => cutShort(response, { 'content-type': type }, BODY),
  },
  {
    name: 'cut-gzip-body',
    status: 502,
    reason: 'cutShort',
    serve: (_request, response, type) =>
      cutShort(response, { 'content-type': type, 'content-encoding': 'gzip' }, gzipSync(BODY, { level: 0 })),
  },
  {
    name: 'corrupt-gzip',
    status: 502,
    reason: 'badEncoding',
    serve: (_request, response, type) => damaged(response, type, 'gzip', gzipSync(BODY, { level: 0 })),
  },
  {
    name: 'corrupt-brotli',
    status: 502,
    reason: 'badEncoding',
    serve: (_request, response, type) => damaged(response, type, 'br', brotliCompressSync(BODY)),
  },
  {
    name: 'corrupt-deflate',
    status: 502,
    reason: 'badEncoding',
    serve: (_request, response, type) => damaged(response, type, 'deflate', deflateSync(BODY, { level: 0 })),
  },
  {
    name: 'malformed-location',
    status: 502,
    reason: 'badRedirect',
    serve: (_request, response) => response.writeHead(302, { location: 'http://[::1' }).end(),
  },
  {
    name: 'reset',
    status: 502,
    reason: 'reset',
    serve: (request) => request.socket.destroy(),
  },
  {
    name: 'not-http',
    status: 502,
    reason: 'badResponse',
    serve: (request) => request.socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n'),
  },
  {
    name: 'silent',
    status: 504,
    reason: 'timeout',
    serve: () => undefined,
  },
  {
    name: 'stalls-mid-body',
    status: 504,
    reason: 'timeout',
    serve: (_request, response, type) => {
      response.writeHead(200, { 'content-type': type, 'content-length': String(BODY.length) });
      response.write(BODY.subarray(0, 100));
    },
  },
];

/** Registers every fault on the fixture server; returns the page and image address of each. */
export function serveFaults(fixtures: FixtureServer): Array<PortalFault & { page: string; image: string }> {
  return PORTAL_FAULTS.map((fault) => {
    fixtures.route(`/faults/${fault.name}`, (request, response) => fault.serve(request, response, 'text/html'));
    fixtures.route(`/faults/${fault.name}.png`, (request, response) => fault.serve(request, response, 'image/png'));
    return {
      ...fault,
      page: `${fixtures.origin}/faults/${fault.name}`,
      image: `${fixtures.origin}/faults/${fault.name}.png`,
    };
  });
}
