import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@greenhouse/db/testing';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { JobQueue } from '../../src/features/jobs/job-queue.js';
import { StageRunner } from '../../src/features/pipeline/stage-runner.js';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  database: TestDatabase['database'];
  close(): Promise<void>;
}

/**
 * The real application on a fresh, migrated test database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set). Requests go through Fastify's inject, the full HTTP pipeline
 * without a socket; `app.listen` works too for tests that need a real port.
 */
export async function createTestApp(
  overrides: { env?: NodeJS.ProcessEnv; webRoot?: string; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...overrides.env });
  const test = await createTestDatabase();
  const queue = await JobQueue.start(test.database, pino({ level: 'silent' }));
  const options: AppOptions = { config, database: test.database, queue };
  if (overrides.webRoot) options.webRoot = overrides.webRoot;
  const app = await buildApp(options);
  overrides.beforeReady?.(app);
  await app.ready();
  // Like the embedded server, the test app works its own queue.
  const runner = new StageRunner(test.database.db, queue, app.log);
  await queue.work((job, context) => runner.run(job, context));
  return {
    app,
    dataDir,
    database: test.database,
    async close() {
      await app.close();
      await queue.stop();
      await test.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
