// Starts Greenhouse: configuration, database (with migrations), then the HTTP server.
import { DirectoryLockedError, openDatabase } from '@greenhouse/db';
import { buildApp } from './app.js';
import { fail, loadConfigOrExit } from './lib/exit.js';
import { JobQueue } from './features/jobs/job-queue.js';
import { pipelineJobTypes } from './features/pipeline/pipeline-jobs.js';
import { startWorkers, type Workers } from './features/pipeline/start-workers.js';
import { appVersion } from './lib/app-version.js';
import { startBanner } from './lib/banner.js';
import { chooseLogFormat, createLogger } from './lib/logger.js';

const config = loadConfigOrExit();

const database = await openDatabase(config.database).catch((error: unknown) => {
  if (error instanceof DirectoryLockedError) fail(error.message);
  throw error;
});
await database.migrate();

const log = createLogger(config);
const queue = await JobQueue.start(database, log, config.jobs, pipelineJobTypes);
const app = await buildApp({ config, database, queue, log });
// The embedded default works the queue in this process too (training runs in worker threads).
const workers: Workers | null = config.jobs.inProcess
  ? await startWorkers(config, database, queue, log)
  : null;

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
const logFormat = chooseLogFormat(config.logFormat, process.stdout.isTTY);
const banner = startBanner(config, { version: appVersion(), driver: database.driver, logFormat });
if (logFormat === 'json') log.info(banner.fields, banner.title);
// Readable logs: the facts as aligned lines between blank ones (at the info level, like any other line).
else if (log.isLevelEnabled('info')) process.stdout.write(`\n${banner.lines.join('\n')}\n\n`);
