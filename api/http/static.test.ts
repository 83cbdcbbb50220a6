import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server';

/** A build of one script with its `.br` copy, as vite.config.ts writes them. */
function buildWithBrotliCopy(): { distDir: string; script: string; copy: Buffer } {
  const distDir = mkdtempSync(path.join(tmpdir(), 'hiregate-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ question: i })))};\n`;
  writeFileSync(path.join(distDir, 'assets/app-1a2b.js'), script);
  const copy = brotliCompressSync(script);
  writeFileSync(path.join(distDir, 'assets/app-1a2b.js.br'), copy);
  return { distDir, script, copy };
}

/** A build served by a test server for the suite it is called in: started before its tests, removed after them. */
function servedBuild() {
  const build = buildWithBrotliCopy();
  const served: { build: typeof build; url: string } = { build, url: '' };
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: build.distDir });
    served.url = server.url;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(build.distDir, { recursive: true, force: true });
  });
  return served;
}

describe("the web app's files", () => {
  const served = servedBuild();
  const { build } = served;

  const get = (encodings: string) =>
    fetch(`${served.url}/assets/app-1a2b.js`, { headers: { 'accept-encoding': encodings } });

  it('go to a browser that accepts br as their precompressed copy, with the right type', async () => {
    const response = await get('gzip, deflate, br, zstd');
    expect(response.headers.get('content-encoding')).toBe('br');
    // The copy's own length: compressing on the fly would stream without one.
    expect(response.headers.get('content-length')).toBe(String(build.copy.length));
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(build.script);
  });

  it('are compressed on the fly for a client without br, and sent as they are to one accepting nothing', async () => {
    const gzipped = await get('gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(build.script);
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(build.script);
  });
});

describe('pages of the web app', () => {
  const served = servedBuild();
  const shell = readFileSync(path.join(served.build.distDir, 'index.html'), 'utf8');

  const get = async (pathname: string) => {
    const response = await fetch(served.url + pathname);
    const html = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    return { status: response.status, html, body: await response.text() };
  };

  it.each(['/', '/scorecard', '/pwdreset/abc', '/admin/dashboard', '/ContactUs', '/about/'])(
    'answer %s with the app shell and status 200',
    async (pathname) => {
      expect(await get(pathname)).toEqual({ status: 200, html: true, body: shell });
    },
  );

  it.each(['/no-such-page', '/about/more', '/pwdreset', '/pwdreset/abc/def', '/icons'])(
    'answer %s, which no route has, with status 404 and the app shell, so the app shows its 404 page',
    async (pathname) => {
      expect(await get(pathname)).toEqual({ status: 404, html: true, body: shell });
    },
  );

  it('answer a missing file with a plain 404, not the shell', async () => {
    const missing = await get('/assets/gone-1a2b.js');
    expect(missing.status).toBe(404);
    expect(missing.body).not.toBe(shell);
  });
});
