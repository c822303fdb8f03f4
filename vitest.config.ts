import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// One runner for the whole suite. Each project is one kind of test:
// unit tests next to the code they test, API integration tests against a real
// database, and browser tests that drive the built app in Debian's chromium.
// Workspace packages resolve to their TypeScript sources (the `source` export condition), so
// tests never run against a stale build. Node-environment tests resolve through Vite's SSR side.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/bench/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
          ],
          environment: 'node',
          // Room for a loaded 2-core CI machine; a test that hangs still fails.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
