/**
 * JavaScript budget of the home route: everything `/` loads before the visitor interacts, at most 100 KB gzip (the
 * product's target). React 19 + TanStack Router alone take 90.6 KB of it (an empty app with one route, built the same
 * way); with the shell and the home page the route needed 102.77 KB, and needs 99.75 KB since the home page comes
 * with the shell and its marketing section loads after idle (docs/performance.md).
 * Run: npm run bench:bundle [-- <dist folder>]
 *
 * Without an argument it builds the app into a temporary folder (others may be building into dist/ at the same
 * time); with one it reads that existing build, which must have been built with `build.manifest` on.
 *
 * What counts, from the Vite manifest (`.vite/manifest.json`) and the built index.html: the entry chunk, which holds
 * the home route (routes.tsx), and every chunk it imports statically (the `<script type="module">` and its
 * modulepreloads). Dynamic imports are left out: they load on demand (the score modal on 'Check Now', Dexie only when
 * this device has saved scorecards, toasts when a screen first shows one), or, for DEFERRED_MODULES, once the page has
 * loaded and the browser is idle. The e2e test test/e2e/bundle-budget.e2e.ts checks in Chromium that the page loads
 * nothing else before the first click.
 *
 * Sizes are gzip level 9 of each file as built, in KB of 1024 bytes.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 100 * 1024;

/**
 * Dynamic imports the app starts by itself after the load event, when the browser is idle (App.tsx,
 * ConnectionStatus.tsx, the home page's saved scorecards and marketing section): not counted.
 */
export const DEFERRED_MODULES = [
  'src/app/pwa.ts',
  'src/app/OfflineNotice.tsx',
  'src/features/checker/saved-scorecards-presence.ts',
  'src/features/marketing/MarketingSection.tsx',
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  /** Path inside the build folder, e.g. assets/index-abc.js */
  file: string;
  /** Why the home route loads it: 'entry', 'entry import'. */
  role: string;
  bytes: number;
  gzip: number;
  /** What a browser accepting br receives: the build's Brotli copy (vite.config.ts), or the file under 1 KB. */
  sent: number;
}

export interface BudgetReport {
  chunks: ChunkSize[];
  /** Loaded after the page is idle (DEFERRED_MODULES): shown, not counted. */
  deferred: ChunkSize[];
  totalBytes: number;
  totalGzip: number;
  /** What a browser accepting br receives for them. */
  totalSent: number;
  budget: number;
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build with \`build.manifest: true\` (vite.config.ts) or let this script build.`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Script and modulepreload addresses of the built index.html, as paths inside the build folder. */
export function indexHtmlScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const address = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && address && !/^[a-z]+:/i.test(address)) files.push(address.replace(/^\//, ''));
  }
  return files;
}

/** The file of a chunk staticClosure listed: the manifest names every chunk it lists. */
function chunkFile(manifest: Manifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  return chunk.file;
}

/** The chunk of `key` and, depth first, every chunk it imports statically. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  return [key, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

/** The files the home route loads before interaction, each with its role. */
export function homeRouteFiles(distDir: string): Array<[file: string, role: string]> {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('The manifest has no index.html entry');
  const files = new Map<string, string>();
  const add = (file: string, role: string) => {
    if (!files.has(file)) files.set(file, role);
  };
  staticClosure(manifest, entryKey).forEach((key, index) =>
    add(chunkFile(manifest, key), index === 0 ? 'entry' : 'entry import'),
  );
  for (const file of indexHtmlScripts(distDir)) add(file, 'entry import');
  return [...files].filter(([file]) => file.endsWith('.js'));
}

/** The files DEFERRED_MODULES bring that the home route does not load anyway. */
export function deferredFiles(distDir: string): string[] {
  const manifest = readManifest(distDir);
  const counted = new Set(homeRouteFiles(distDir).map(([file]) => file));
  const files = DEFERRED_MODULES.filter((module) => manifest[module])
    .flatMap((module) => staticClosure(manifest, module))
    .map((key) => chunkFile(manifest, key));
  return [...new Set(files)].filter((file) => file.endsWith('.js') && !counted.has(file));
}

export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

function sizeOf(distDir: string, file: string, role: string): ChunkSize {
  const content = readFileSync(path.join(distDir, file));
  const copy = path.join(distDir, `${file}.br`);
  const sent = existsSync(copy) ? statSync(copy).size : content.length;
  return { file, role, bytes: content.length, gzip: gzipSize(content), sent };
}

export function measureHomeRoute(distDir: string): BudgetReport {
  const chunks = homeRouteFiles(distDir).map(([file, role]) => sizeOf(distDir, file, role));
  return {
    chunks,
    deferred: deferredFiles(distDir).map((file) => sizeOf(distDir, file, 'after idle')),
    totalBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    totalGzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    totalSent: chunks.reduce((sum, chunk) => sum + chunk.sent, 0),
    budget: BUDGET_BYTES,
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export function formatReport(report: BudgetReport): string {
  const width = Math.max(...report.chunks.map((chunk) => chunk.file.length), 5);
  const row = (file: string, role: string, bytes: string, gzip: string, sent: string) =>
    `${file.padEnd(width)}  ${role.padEnd(12)}  ${bytes.padStart(11)}  ${gzip.padStart(11)}  ${sent.padStart(11)}`;
  const over = report.totalGzip > report.budget;
  return [
    row('chunk', 'role', 'size', 'gzip', 'sent (br)'),
    ...report.chunks.map((chunk) => row(chunk.file, chunk.role, kB(chunk.bytes), kB(chunk.gzip), kB(chunk.sent))),
    row('total', '', kB(report.totalBytes), kB(report.totalGzip), kB(report.totalSent)),
    ...report.deferred.map((chunk) =>
      row(chunk.file, chunk.role, kB(chunk.bytes), `(${kB(chunk.gzip)})`, `(${kB(chunk.sent)})`),
    ),
    `home route JavaScript: ${kB(report.totalGzip)} gzip of a ${kB(report.budget)} budget: ${
      over ? `OVER by ${kB(report.totalGzip - report.budget)}` : `${kB(report.budget - report.totalGzip)} to spare`
    }; sent as ${kB(report.totalSent)} (the build's Brotli copies)`,
  ].join('\n');
}

async function buildIntoTemporaryFolder(): Promise<string> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(tmpdir(), 'hiregate-budget-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  return outDir;
}

async function main() {
  const given = process.argv[2];
  const distDir = given ? path.resolve(given) : await buildIntoTemporaryFolder();
  try {
    const report = measureHomeRoute(distDir);
    console.log(formatReport(report));
    process.exitCode = report.totalGzip > report.budget ? 1 : 0;
  } finally {
    if (!given) rmSync(distDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
