// Starts Greenhouse: configuration, database (with migrations), then the HTTP server.
// API_PROCESSES > 1 (PostgreSQL): a primary process does the start-up work and the jobs, and forks that many
// HTTP processes sharing the port (cluster-primary.ts); each of them runs `serve` below as an HTTP process.
import cluster from 'node:cluster';
import { DirectoryLockedError, openDatabase } from '@greenhouse/db';
import { buildApp } from './app.js';
import { runPrimary } from './cluster-primary.js';
import type { Config } from './config.js';
import { fail, loadConfigOrExit } from './lib/exit.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { pipelineJobTypes } from './features/pipeline/pipeline-jobs.js';
import { startWorkers, type Workers } from './features/pipeline/start-workers.js';
import { defaultFloraDownloadsDir, nativeBuilds } from './features/flora/flora-downloads.js';
import { sayStartBanner } from './lib/banner.js';
import { createLogger } from './lib/logger.js';

/**
 * One process serving HTTP. `alone` (API_PROCESSES=1): the whole server, as it always was — migrations, the
 * queue's schema, the jobs when RUN_JOBS, the banner. `http-process`: one of the primary's children, which
 * did all of that before forking it: it only opens the database, sends jobs, serves and stops.
 */
async function serve(config: Config, role: 'alone' | 'http-process') {
  const alone = role === 'alone';
  const database = await openDatabase(config.database).catch((error: unknown) => {
    if (error instanceof DirectoryLockedError) fail(error.message);
    throw error;
  });
  if (alone) await database.migrate();

  const log = createLogger(config);
  const queue = await JobQueue.start(
    database,
    log,
    config.jobs,
    pipelineJobTypes,
    alone ? 'owner' : 'sender',
  );
  const app = await buildApp({ config, database, queue, log, ...(alone ? {} : { startUpDone: true }) });
  // The embedded default works the queue in this process too (training runs in worker threads).
  const workers: Workers | null =
    alone && config.jobs.inProcess ? await startWorkers(config, database, queue, log) : null;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await (workers ? workers.stop() : queue.stop());
    await database.close();
    process.exit(0);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Port ${config.port} is already in use. Stop the other program or set PORT to a free port.`);
    }
    throw error;
  }
  // An HTTP process's primary says it once all of them listen.
  if (!alone) return;
  sayStartBanner(config, log, {
    driver: database.driver,
    native: await nativeBuilds(config.floraDownloadsDir ?? defaultFloraDownloadsDir),
  });
}

const config = loadConfigOrExit();
if (config.apiProcesses === 1) await serve(config, 'alone');
else if (cluster.isPrimary) await runPrimary(config);
else await serve(config, 'http-process');
