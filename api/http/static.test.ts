import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe("the web app's files", () => {
  const build = buildWithBrotliCopy();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: build.distDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(build.distDir, { recursive: true, force: true });
  });

  const get = (encodings: string) =>
    fetch(`${server.url}/assets/app-1a2b.js`, { headers: { 'accept-encoding': encodings } });

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
