import { createServer, type Server } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXTURE_ORIGIN, familySets, fixtureSets, fixturesRoot, readFixtureJson, type FixtureUrls } from './fixtures';

export interface FixtureServer {
  origin: string;
  /** `127.0.0.1:<port>`, the entry that lets RESPONSE_SHEET_HOSTS reach this server. */
  host: string;
  /** A fixture URL (on 127.0.0.1:4599) moved to this server's real port. */
  url(fixtureUrl: string): string;
  /** Register an extra route, e.g. a slow or huge upstream for fetcher tests. */
  route(pathname: string, handler: Parameters<typeof createServer>[1] & object): void;
  close(): Promise<void>;
}

const collapse = (p: string) => p.replace(/\/{2,}/g, '/');
const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * Serves the generated response sheets the way the exam portal does (gzip when accepted), on a free port so test
 * files can run side by side: the CS and DA sets and every paper-family set. Sheets mention 127.0.0.1:4599 in their
 * image URLs; they are rewritten to this origin.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const files = new Map<string, string>();
  for (const set of [...fixtureSets, ...familySets]) {
    const urls = readFixtureJson<FixtureUrls>(set, 'urls.json');
    for (const sheet of [...urls.sheets, urls.master])
      files.set(collapse(sheet.path), path.join(fixturesRoot, set, sheet.file));
    files.set(collapse(urls.imageDir), path.join(fixturesRoot, set, 'images'));
  }
  const extra = new Map<string, (req: never, res: never) => void>();
  let origin = '';

  const server: Server = createServer((req, res) => {
    // The request target as sent: a path that starts with '//' is a path here, not a protocol-relative address.
    const pathname = collapse((req.url ?? '/').split(/[?#]/)[0]!);
    const custom = extra.get(pathname);
    if (custom) return custom(req as never, res as never);
    let body: Buffer | undefined;
    let type = 'text/html; charset=utf-8';
    const sheet = files.get(pathname);
    if (sheet) {
      body = Buffer.from(readFileSync(sheet, 'utf8').replaceAll(FIXTURE_ORIGIN, origin));
    } else {
      const dir = files.get(pathname.slice(0, pathname.lastIndexOf('/') + 1));
      const file = dir && path.join(dir, path.basename(pathname));
      if (file && existsSync(file)) {
        body = readFileSync(file);
        type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      }
    }
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    host: new URL(origin).host,
    url: (fixtureUrl) => fixtureUrl.replace(FIXTURE_ORIGIN, origin),
    route: (pathname, handler) => extra.set(pathname, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
