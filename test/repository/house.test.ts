import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The house's arrows, read with TypeScript's own pre-processor so `import type` counts: ESLint's import-x/no-cycle
 * skips type-only imports, which is how the last two circles closed unseen. No file may take part in an import
 * circle, and in api/ every folder imports only from its own floor or the floors below it (docs/architecture.md):
 *
 *   config, logger, mail → store → http, crowd, papers, presenters, demo, openapi, sheets → access → features
 *   → app, cli, error-answers → server
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE_ROOTS = ['api', 'src', 'service-worker'];
const SOURCE = /\.tsx?$/;
const NOT_PRODUCT = /\.(test|e2e|contract|bench)\.tsx?$|\.d\.ts$/;

const API_FLOORS: ReadonlyArray<readonly string[]> = [
  ['config', 'logger', 'mail', 'poll-loop'],
  ['store'],
  ['http', 'crowd', 'papers', 'presenters', 'demo', 'openapi', 'sheets'],
  ['access'],
  ['features'],
  ['app', 'cli', 'error-answers'],
  ['server'],
];

type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string, folder: string): string[] {
  const directory = path.join(root, folder);
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(root, relative);
    return SOURCE.test(entry.name) && !NOT_PRODUCT.test(entry.name) ? [relative] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; null for a package, a stylesheet or data. */
function resolved(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return found.find((file) => SOURCE.test(file) && existsSync(path.join(root, file))) ?? null;
}

/** Every product file's imports of other product files, type-only and re-exports included. */
export function importGraph(root: string, roots: readonly string[] = CODE_ROOTS): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of roots.flatMap((folder) => sourceFiles(root, folder))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolved(root, file, fileName) ?? []);
    graph.set(
      file,
      [...new Set(targets)].filter((target) => !NOT_PRODUCT.test(target)),
    );
  }
  return graph;
}

/** The import circles: strongly connected groups of two or more files, or a file importing itself (Tarjan). */
export function circles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The floor of an api/ file: its first folder (or the file itself at api/'s top) in API_FLOORS. */
function apiFloor(file: string): number | undefined {
  const [top, first = ''] = file.split(path.sep);
  if (top !== 'api') return undefined;
  const room = first.replace(/\.ts$/, '');
  const floor = API_FLOORS.findIndex((rooms) => rooms.includes(room));
  return floor === -1 ? undefined : floor;
}

/** Each import in api/ from a lower floor to a higher one: 'api/store/x.ts -> api/features/y.ts'. */
export function arrowsBackUp(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => (apiFloor(target) ?? -1) > (apiFloor(file) ?? Infinity))
      .map((target) => `${file} -> ${target}`),
  );
}

function probeHouse(files: Record<string, string>): ImportGraph {
  const root = mkdtempSync(path.join(tmpdir(), 'hiregate-house-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), source);
    }
    return importGraph(root, ['api']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the house', () => {
  const graph = importGraph(repoRoot);

  it('reads every product file of api/, src/ and service-worker/', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(path.join('api', 'app.ts'))).toContain(path.join('api', 'features', 'checker', 'routes.ts'));
  });

  it('has no import circle, type-only imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no arrow running back up in api/', () => {
    expect(arrowsBackUp(graph)).toEqual([]);
    expect([...graph.keys()].filter((file) => file.startsWith('api') && apiFloor(file) === undefined)).toEqual([]);
  });

  it('refuses a circle closed by `import type` alone, and a store importing a feature (probes)', () => {
    const probe = probeHouse({
      'api/store/types.ts': "import type { Limits } from './limiters';\nexport type Store = { limits: Limits };\n",
      'api/store/limiters.ts': "import type { Store } from './types';\nexport type Limits = Store[];\n",
      'api/store/watch.ts': "import { routes } from '../features/admin/routes';\nexport const watch = routes;\n",
      'api/features/admin/routes.ts': 'export const routes = 1;\n',
    });
    expect(circles(probe)).toEqual([[path.join('api', 'store', 'limiters.ts'), path.join('api', 'store', 'types.ts')]]);
    expect(arrowsBackUp(probe)).toEqual([
      `${path.join('api', 'store', 'watch.ts')} -> ${path.join('api', 'features', 'admin', 'routes.ts')}`,
    ]);
  });
});
