import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One runner for the whole suite. Each project is one kind of test:
// unit tests next to the code they test, API integration tests against a real
// database, and browser tests that drive the built app in Debian's chromium.
// Workspace packages resolve to their TypeScript sources (the `source` export condition), so
// tests never run against a stale build. Node-environment tests resolve through Vite's SSR side.
// Integration tests that never read TEST_DATABASE_URL: they run the embedded database (or none) whichever
// database the run is for, so a run on PostgreSQL leaves them out rather than repeat them.
const EMBEDDED_ONLY = [
  'apps/server/test/admin-cli.test.ts',
  'apps/server/test/auth-guards.test.ts',
  'apps/server/test/logging.test.ts',
  'apps/server/test/start-up.test.ts',
  'packages/db/test/dir-lock.test.ts',
  'packages/db/test/embedded-image.test.ts',
];

/**
 * The run on PostgreSQL takes its files in the reverse of the usual order (longest first, or largest first
 * without timings): CI runs it beside the run on the embedded database on a 2-core machine, and the same heavy
 * file (training, killed processes) in both runs at once slowed each past its bounds.
 */
class ReversedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).reverse();
  }
}

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Without 'module' (a bundlers' condition Node does not know): the node-environment tests load packages as Node
  // does, which matters for those whose 'module' build is not runnable by Node (@aws-sdk's dist-es).
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')],
    },
  },
  test: {
    // Files at once: one per core. Vitest's default leaves a core free, which on a 2-core machine is one file at a
    // time while the other core waits (the PGlite run of npm test, alone on this 2-core machine: 805 s with two).
    // TEST_WORKERS sets it (the projects inherit this, so the CLI's --maxWorkers does not reach them): CI runs two
    // lanes side by side, one file at a time each (.ci/run).
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
    ...(process.env.TEST_DATABASE_URL ? { sequence: { sequencer: ReversedSequencer } } : {}),
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
          // The tiny agents Flora's tests (and others) ask for, trained once per run.
          globalSetup: ['packages/flora/test/trained-agents.setup.ts'],
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
          // One window and module cache per worker, not per file (setup.ts resets what they share): 83 s → 28 s here.
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts', 'packages/db/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [])],
          environment: 'node',
          // One module cache per worker, not per file: each file imported the server anew (2–3 s of a 2-core
          // machine's time per file). Files still run one after another in a worker, and each stops what it started.
          isolate: false,
          globalSetup: ['packages/db/test/pglite-image.setup.ts'],
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
