import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Preload hints for the pages people open from outside the app (a bookmark, the links in our mails). The HTML of such
 * a page names the page's own code in a `Link` header, so the browser fetches it alongside the app's entry instead of
 * after the entry has downloaded and run: on a phone that is a whole round trip, plus waiting for one of the six
 * connections HTTP/1.1 allows, before the page can even ask the API for its data (`npm run bench:lighthouse`).
 *
 * Keys are the modules src/app/routes.tsx loads for these paths, as the Vite manifest names them.
 */
const LANDING_PAGES: Record<string, string[]> = {
  '/': ['src/app/HomeScreen.tsx'],
  '/scorecard': ['src/features/scorecard/ScorecardPage.tsx'],
  '/verify-email': ['src/features/checker/VerifyEmailPage.tsx', 'src/lib/query.tsx'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files a module needs before it runs: its chunk, the chunks it imports statically, and their styles. */
function filesOf(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  // index.html already loads the entry and its imports.
  const inHtml = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key]?.file)]);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || inHtml.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((style) => files.add(style));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files];
}

const linkTo = (file: string) =>
  file.endsWith('.css') ? `</${file}>; rel=preload; as=style` : `</${file}>; rel=modulepreload`;

/**
 * The `Link` header value for a path's HTML, or undefined for other paths and while there is no build. The build's
 * manifest is read again whenever it changes, so a rebuild under a running server never hints at files it deleted.
 */
export function routePreloads(distDir: string): (pathname: string) => string | undefined {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let cached: { modified: number; links: Map<string, string> } | undefined;
  return (pathname) => {
    if (!LANDING_PAGES[pathname]) return undefined;
    let modified: number;
    try {
      modified = statSync(manifestFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.modified !== modified) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      const links = new Map(
        Object.entries(LANDING_PAGES).map(([page, modules]) => [
          page,
          filesOf(manifest, modules).map(linkTo).join(', '),
        ]),
      );
      cached = { modified, links };
    }
    return cached.links.get(pathname) || undefined;
  };
}
