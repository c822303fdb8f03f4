import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@greenhouse/db/testing';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { JobQueue } from '../../src/infra/jobs/job-queue.js';
import { pipelineJobTypes } from '../../src/features/pipeline/pipeline-jobs.js';
import { startWorkers } from '../../src/features/pipeline/start-workers.js';
import { checkAnswersAgainstDescription } from './openapi-contract.js';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  config: Config;
  database: TestDatabase['database'];
  queue: JobQueue;
  close(): Promise<void>;
}

/**
 * A price above 0 needs the payment provider's keys (config.ts); tests of unpaid agents that never reach
 * the provider give these (payments.test.ts talks to a real peer instead).
 */
export const PRICED_ENV = {
  AGENT_PRICE_CENTS: '500',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  // Nothing listens here: a test that reached the provider would fail at once.
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

/** A temporary folder holding a minimal built web app (its index.html), for `createTestApp({ webRoot })`. */
export function fakeWebRoot(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gh-web-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Greenhouse</title><div id="root"></div>',
  );
  return webRoot;
}

/**
 * The real application on a fresh, migrated test database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set). Requests go through Fastify's inject, the full HTTP pipeline
 * without a socket; `app.listen` works too for tests that need a real port.
 */
export async function createTestApp(
  overrides: {
    env?: NodeJS.ProcessEnv;
    webRoot?: string;
    beforeReady?: (app: FastifyInstance) => void;
    /** false: nobody works the queue (agents stay pending), for tests that only look at the API's answers. */
    workers?: boolean;
    /** A database of the test's own (migrated by it), used instead of a fresh one and disposed with the app. */
    database?: TestDatabase;
    /** Sees every route as it is registered (buildApp's onRoute). */
    onRoute?: AppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-app-'));
  // The tiny training preset: the whole pipeline, on a model that trains in seconds.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRAINING_PRESET: 'tiny',
    // One training thread: a second (data-parallel, bit-identical: trainer.test.ts) only adds a thread to start per
    // run on a model this small, next to CI's other lanes; training.test.ts trains on the default two.
    TRAINING_THREADS: '1',
    // Seconds per export: measured where a test looks at it (training.test.ts).
    DEVICE_FIT: 'false',
    ...overrides.env,
  });
  const test = overrides.database ?? (await createTestDatabase());
  const queue = await JobQueue.start(test.database, pino({ level: 'silent' }), config.jobs, pipelineJobTypes);
  const options: AppOptions = { config, database: test.database, queue };
  if (overrides.webRoot) options.webRoot = overrides.webRoot;
  if (overrides.onRoute) options.onRoute = overrides.onRoute;
  const app = await buildApp(options);
  const contract = checkAnswersAgainstDescription(app);
  overrides.beforeReady?.(app);
  await app.ready();
  // Like the embedded server, the test app works its own queue.
  const workers =
    overrides.workers === false ? null : await startWorkers(config, test.database, queue, app.log);
  return {
    app,
    dataDir,
    config,
    database: test.database,
    queue,
    async close() {
      await app.close();
      await (workers ? workers.stop() : queue.stop());
      await test.dispose();
      rmSync(dataDir, { recursive: true, force: true });
      const violations = contract.violations();
      if (violations.length > 0)
        throw new Error(`answers that the OpenAPI description does not allow:\n${violations.join('\n')}`);
    },
  };
}
