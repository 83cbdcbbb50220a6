import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
/** Files worth compressing: text, over koa-compress's own 1 KB threshold. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a `.br` copy of each text file of the build at Brotli's highest quality, which @koa/send serves to browsers
 * that accept br (api/http/static.ts). Compressing on the fly, koa-compress uses quality 4: the app's entry and the
 * framework chunk it imports are 99 KB that way and 85 KB precompressed, on every first visit.
 */
function precompressBrotli(): Plugin {
  let outDir = '';
  return {
    name: 'hiregate:precompress-brotli',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(path.join(outDir, file));
            if (source.length < MIN_BYTES) return;
            const compressed = await brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            await writeFile(path.join(outDir, `${file}.br`), compressed);
          }),
        );
      },
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * React and TanStack Router, which every screen runs on. Left to itself Rolldown gives React (imported by lazy chunks
 * too) a chunk of its own and keeps ReactDOM and the router in the entry; compressed together they cost the home route
 * 0.3 KB gzip less (`npm run bench:bundle`), and a release that changes only our code leaves this chunk, most of the
 * JavaScript, in the browser's and the service worker's caches.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'HireGate',
        short_name: 'HireGate',
        description: 'AI hiring tools and a free GATE score and rank checker that works offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f5f7fb',
        theme_color: '#1d3fbb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // Icons and the manifest are fetched by the browser itself; caching them again would double them.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The key PDF reader's worker (pdf.js, 1.5 MB) serves admins reading a key PDF, online only.
        globIgnores: ['**/assets/pdf-text-worker-*.js'],
      },
      devOptions: { enabled: false },
    }),
    precompressBrotli(),
  ],
  resolve: {
    alias: [
      // @tanstack/react-store imports the pre-React-18 shim of useSyncExternalStore; React 19 has the hook itself.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  server: {
    proxy: { '/api': apiTarget, '/auth': apiTarget, '/demo': apiTarget },
  },
  // The web app builds to dist/web, beside the compiled server in dist/server (npm run build:server), so the server's
  // own code is never among the files it serves.
  // The manifest lets test/bench/bundle-budget.ts tell which chunks the home route loads.
  // Every browser the app supports has modulepreload; Vite's polyfill would cost every page 0.4 KB.
  build: {
    outDir: 'dist/web',
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } },
  },
});
