import { defineConfig } from 'vitest/config';

// Two lanes: fast unit/integration tests, and end-to-end journeys in Chromium against the production build.
// The storage contract suite is its own lane (test/mongo/run-contract.mjs) because it runs once per adapter.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'api/**/*.test.ts',
            'test/integration/**/*.test.ts',
            'test/repository/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['api/store/**/*.contract.ts'],
          testTimeout: 20_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Several instances on one MongoDB behind Debian's nginx (test/cluster/cluster.ts).
          name: 'cluster',
          environment: 'node',
          include: ['test/cluster/**/*.cluster.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          setupFiles: ['test/e2e/support/policy-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
