import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // Domain code is shared by the API, the browser and the service worker: no framework or Node imports.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'koa',
            '@koa/*',
            'node:*',
            '@tanstack/*',
            'dexie',
            'mongodb',
            '../../features/*',
            '../../app/*',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
