import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone with nothing beside it must pass its tests: no code, test, benchmark or script may name a path above the
 * repository root (the team's shared folder sits beside the checkout on developers' machines, never in CI's copy).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Folders that hold code or scripts. Data is not read: fixtures, screenshots, installed or built output, and data files
 * whose source notes may name where a fact was copied from.
 */
const CODE_ROOTS = ['api', 'src', 'test', 'service-worker', 'deploy', '.ci'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'target', 'fixtures', 'screenshots']);
const CODE_FILE = /\.(?:[cm]?[jt]sx?|sh)$|^run$|^package\.json$|^tsconfig.*\.json$/;

/** A relative path written in a string (`'../../x'`, `"../x"`, `` `../x` ``) or a run of `'..'` arguments. */
const RELATIVE_LITERAL = /['"`]((?:\.\.\/)+[^'"`\s]*)/g;
const DOTDOT_ARGUMENTS = /(?:['"]\.\.['"]\s*,\s*)+['"]\.\.['"]/g;
/** Absolute paths of the shared folder on developers' machines. */
const SHARED_FOLDER = /\/work\/shared\b|\bshared\/(?:fixtures|gate|spec|notes)\b/;

export interface OutsidePath {
  line: number;
  text: string;
}

/** Each place in `source` (a file at `file`, relative to the root) that names a path outside `root`. */
export function pathsOutside(root: string, file: string, source: string): OutsidePath[] {
  const directory = path.dirname(path.join(root, file));
  const inside = (target: string) => {
    const relative = path.relative(root, path.resolve(directory, target));
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  const found: OutsidePath[] = [];
  source.split('\n').forEach((text, index) => {
    const literals = [...text.matchAll(RELATIVE_LITERAL)].map((match) => match[1]!);
    const dotdots = [...text.matchAll(DOTDOT_ARGUMENTS)].map((match) =>
      Array.from({ length: match[0].split('..').length - 1 }, () => '..').join('/'),
    );
    if ([...literals, ...dotdots].some((target) => !inside(target)) || SHARED_FOLDER.test(text)) {
      found.push({ line: index + 1, text: text.trim() });
    }
  });
  return found;
}

function codeFiles(directory: string): string[] {
  return readdirSync(path.join(repoRoot, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(relative);
    return CODE_FILE.test(entry.name) ? [relative] : [];
  });
}

/** This file's probe names such paths on purpose. */
const thisFile = path.relative(repoRoot, fileURLToPath(import.meta.url));
const rootFiles = readdirSync(repoRoot).filter((name) => CODE_FILE.test(name));

describe('the repository stands alone', () => {
  it('finds a path above the root however it is written', () => {
    const probe = [
      "const root = path.resolve(here, '../../../shared/fixtures/gate');",
      "readFileSync(path.join(here, '..', '..', '..', 'notes.md'));",
      'cat /work/shared/spec/000.txt',
      "import { x } from '../../src/domain';",
    ].join('\n');
    expect(pathsOutside(repoRoot, 'test/support/probe.ts', probe).map((hit) => hit.line)).toEqual([1, 2, 3]);
  });

  it('names no path outside the repository in any code, test, benchmark or script', () => {
    const files = [...rootFiles, ...CODE_ROOTS.flatMap(codeFiles)].filter((file) => file !== thisFile);
    expect(files.length).toBeGreaterThan(100);
    const outside = files.flatMap((file) =>
      pathsOutside(repoRoot, file, readFileSync(path.join(repoRoot, file), 'utf8')).map(
        (hit) => `${file}:${hit.line}: ${hit.text}`,
      ),
    );
    expect(outside).toEqual([]);
  });
});

describe('the compiled server', () => {
  it('imports at run time only the packages `npm ci --omit=dev` installs', async () => {
    const { build } = await import('esbuild');
    const bundle = await build({
      entryPoints: [path.join(repoRoot, 'api/server.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const imported = new Set(
      Object.values(bundle.metafile.outputs).flatMap((output) =>
        output.imports
          .filter((entry) => entry.external && !entry.path.startsWith('node:'))
          .map((entry) => packageOf(entry.path)),
      ),
    );
    const { dependencies } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in dependencies))).toEqual([]);
  });
});
