// A standalone worker: runs agents' stages (training) from the PostgreSQL job queue, no HTTP.
// Start as many as you like, on as many machines as share DATABASE_URL and ARTIFACTS_DIR.
// SIGTERM/SIGINT: running stages pause at a checkpoint and are handed back to the queue.
import { openDatabase } from '@greenhouse/db';
import { fail, loadConfigOrExit } from './lib/exit.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { pipelineJobTypes } from './features/pipeline/pipeline-jobs.js';
import { startWorkers } from './features/pipeline/start-workers.js';
import { createLogger } from './lib/logger.js';

const config = loadConfigOrExit();
if (config.database.driver !== 'postgres') {
  fail(
    'A standalone worker needs PostgreSQL: set DATABASE_URL (the embedded database belongs to the ' +
      'server process, which already works the queue itself).',
  );
}

const database = await openDatabase(config.database);
await database.migrate();
const log = createLogger(config);
const queue = await JobQueue.start(database, log, config.jobs, pipelineJobTypes);
const workers = await startWorkers(config, database, queue, log);
log.info({ pid: process.pid }, 'Greenhouse worker is running');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker stopping: pausing running stages');
  await workers.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
