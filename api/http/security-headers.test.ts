import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server';
import { SAMPLE_SHEET_STYLE } from '../demo/sample-sheet';

function tinyBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'hiregate-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(distDir, 'assets/app-1a2b.js'), 'export {};\n');
  return distDir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  const distDir = tinyBuild();
  let server: TestServer;
  let secure: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: distDir, DEMO: 'true', APP_ORIGIN: 'http://localhost:8080' });
    secure = await startTestServer({ DIST_DIR: distDir, APP_ORIGIN: 'https://hiregate.example' });
  });
  afterAll(async () => {
    await server?.close();
    await secure?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const answers: Array<[string, string, RequestInit?]> = [
    ['the app shell', '/'],
    ['a deep link to a screen', '/gate-score-checker'],
    ['an asset', '/assets/app-1a2b.js'],
    ['a JSON answer', '/api/health'],
    ['a JSON 404', '/api/no-such-call'],
    ['a JSON 400', '/api/data/verify?link=x'],
    ['a refused body (415)', '/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    ['the demo page', '/demo'],
  ];

  it.each(answers)('come with %s', async (_what, pathname, init) => {
    const response = await fetch(server.url + pathname, init);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['default-src']).toBe("'self'");
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Plain http: no HSTS, and requests are not upgraded to an https the host may not have.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('let the demo sheet use its own stylesheet, by hash, and no other inline style', async () => {
    const demo = await fetch(`${server.url}/demo`);
    const link = /href="(\/demo\/response-sheets\/[^"]+)"/.exec(await demo.text())?.[1];
    expect(link).toBeDefined();
    const sheet = await fetch(server.url + link!);
    const hash = createHash('sha256').update(SAMPLE_SHEET_STYLE).digest('base64');
    expect(directives(sheet.headers.get('content-security-policy'))['style-src']).toBe(`'self' 'sha256-${hash}'`);
    expect(directives(demo.headers.get('content-security-policy'))['style-src']).toBe("'self'");
  });

  it('add HSTS and upgrade requests when the public origin is https', async () => {
    const response = await fetch(`${secure.url}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  });
});
