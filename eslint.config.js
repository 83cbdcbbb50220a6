import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { readdirSync } from 'node:fs';

/** The folders in `folder`, read when lint starts: a new feature is inside the boundaries from its first file. */
const foldersIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURES = foldersIn('./src/features');
const API_FEATURES = foldersIn('./api/features');
/**
 * The API folders that compose features rather than serve them: the features themselves, the command line and the
 * OpenAPI document (it describes every feature's routes). Every other folder beside them holds what several features
 * share, and imports no feature.
 */
const API_COMPOSERS = ['features', 'cli', 'openapi'];
const API_SHARED = foldersIn('./api').filter((folder) => !API_COMPOSERS.includes(folder));

/** The import boundaries (README, Architecture), as import-x/no-restricted-paths zones. */
const BOUNDARY_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: share through src/lib, or compose both in src/app.',
  })),
  {
    target: ['./src/features', './src/lib', './src/domain', './api', './service-worker', './test'],
    from: './src/app',
    message: 'Nothing imports src/app: it is the top of the tree.',
  },
  {
    target: ['./src/lib', './src/domain'],
    from: './src/features',
    message: 'src/lib and src/domain serve the features and import none.',
  },
  {
    target: './src/domain',
    from: ['./src/lib', './api', './service-worker'],
    message: 'src/domain is shared by the API, the browser and the service worker: it imports none of them.',
  },
  {
    target: './api',
    from: ['./src/features', './src/app', './src/lib'],
    message: 'The API shares only src/domain with the web app.',
  },
  {
    // Every path but these: a folder added later is outside what the worker may import until it is named here.
    target: './service-worker',
    from: '.',
    except: ['./service-worker', './src/domain', './src/lib', './node_modules'],
    message:
      'The service worker imports only src/domain and src/lib (what the page shares with it): never a feature, ' +
      'the API or tests.',
  },
  ...API_FEATURES.map((feature) => ({
    target: `./api/features/${feature}`,
    from: './api/features',
    except: [`./${feature}`],
    message:
      'An API feature imports no other feature: share through a module beside them (api/papers, api/crowd, ' +
      'api/access …) or src/domain, or let api/app.ts hand it over (services).',
  })),
  {
    target: API_SHARED.map((module) => `./api/${module}`),
    from: './api/features',
    message: 'Shared API modules (http, presenters, store, papers …) serve the features and import none.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'data/**', 'test/mongo/target/**'] },
  js.configs.recommended,
  // Type-aware rules: a value typed `any` or a promise nobody awaits is a bug the compiler alone does not catch.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Toasts come from lib/ui/toast: importing it is what mounts the container, so react-toastify stays off pages
    // that never show a toast.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/ui/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-toastify', message: "Import { toast } from 'src/lib/ui/toast' instead." }] },
      ],
    },
  },
  {
    // Import boundaries (README, Architecture): src/app → src/features → src/lib and src/domain, never back; no feature
    // reaches into another (what two features share lives in src/lib, or src/app composes them); nothing imports
    // src/app but the entry; the API never imports browser code. A cycle hides the same breach one file further on.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without these, import-x reads only .js files and no-cycle never follows a TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: BOUNDARY_ZONES,
        },
      ],
    },
  },
  {
    // Domain code is shared by the API, the browser and the service worker: no framework, Node, browser-only or test
    // imports (its tests may use vitest and test/support).
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'koa',
            '@koa/*',
            'koa-*',
            'node:*',
            '@tanstack/*',
            'dexie',
            'mongodb',
            '@seald-io/*',
            'workbox-*',
            'vite',
            'vite-*',
            'vitest',
            'vitest/*',
            'playwright-core',
            'pino',
            'nodemailer',
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          // The same zones (this block's options replace the general ones for these files), plus no test code.
          zones: [
            ...BOUNDARY_ZONES,
            { target: './src/domain', from: './test', message: 'Domain code imports no test code.' },
          ],
        },
      ],
      'import-x/no-nodejs-modules': 'error',
    },
  },
  {
    // One file-name style: kebab-case modules, PascalCase React components (a .tsx module that renders no component
    // of its own, like the entry or the route table, is kebab-case). Middle extensions (.test, .e2e, .d) are free.
    files: ['{src,api,test,service-worker}/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': 'KEBAB_CASE', '**/*.tsx': '@(+([A-Z])*([a-zA-Z0-9])|+([a-z0-9])*(-+([a-z0-9])))' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // The web app decides on an answer's `code` (src/contract/codes.ts), never on its message: the message is for
    // people and may be reworded (docs/api-codes.md). test/repository/message-text.test.ts proves the refusal.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
          'BinaryExpression[operator=/^[!=]==?$/] > Identifier[name=/^message$|_MESSAGE$/]',
          "SwitchStatement > MemberExpression.discriminant[property.name='message']",
          "CallExpression > MemberExpression.callee[property.name=/^(includes|startsWith|endsWith|indexOf|match|search)$/] > MemberExpression.object[property.name='message']",
          "CallExpression[callee.property.name=/^(test|exec)$/] > MemberExpression.arguments[property.name='message']",
        ].map((selector) => ({
          selector,
          message: "Decide on the answer's code (ApiError.code, src/contract/codes.ts), never on its message text.",
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
