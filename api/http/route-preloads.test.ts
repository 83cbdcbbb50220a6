import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

/** A build's Vite manifest: the entry with its React chunk, the scorecard page and the chunks it shares. */
const manifest = (pageFile = 'assets/ScorecardPage-1.js') => ({
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/features/scorecard/ScorecardPage.tsx': {
    file: pageFile,
    isDynamicEntry: true,
    imports: ['index.html', '_react-1.js', '_api-1.js', '_open-scorecard-1.js'],
    css: ['assets/ScorecardPage-1.css'],
  },
  '_open-scorecard-1.js': { file: 'assets/open-scorecard-1.js', imports: ['_api-1.js', 'index.html'] },
  '_api-1.js': { file: 'assets/api-1.js' },
});

describe('preload hints for landing pages', () => {
  const builds: string[] = [];
  const build = (content?: object) => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'hiregate-preloads-'));
    builds.push(distDir);
    if (content) write(distDir, content);
    return distDir;
  };
  const write = (distDir: string, content: object) => {
    mkdirSync(path.join(distDir, '.vite'), { recursive: true });
    writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(content));
  };
  afterEach(() => builds.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("name a page's chunk, its styles and the chunks it imports, but nothing index.html loads already", () => {
    const preloadsFor = routePreloads(build(manifest()));
    expect(preloadsFor('/scorecard')?.split(', ')).toEqual([
      '</assets/ScorecardPage-1.js>; rel=modulepreload',
      '</assets/ScorecardPage-1.css>; rel=preload; as=style',
      '</assets/api-1.js>; rel=modulepreload',
      '</assets/open-scorecard-1.js>; rel=modulepreload',
    ]);
  });

  it('are left out for other pages and while there is no build', () => {
    expect(routePreloads(build(manifest()))('/about')).toBeUndefined();
    expect(routePreloads(build())('/scorecard')).toBeUndefined();
  });

  it('follow a rebuild under the running server', () => {
    const distDir = build(manifest());
    const preloadsFor = routePreloads(distDir);
    expect(preloadsFor('/scorecard')).toContain('ScorecardPage-1.js');
    write(distDir, manifest('assets/ScorecardPage-2.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(distDir, '.vite', 'manifest.json'), later, later);
    expect(preloadsFor('/scorecard')).toContain('ScorecardPage-2.js');
    expect(preloadsFor('/scorecard')).not.toContain('ScorecardPage-1.js');
  });
});
