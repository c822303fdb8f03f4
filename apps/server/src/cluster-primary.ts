// API_PROCESSES > 1 (PostgreSQL only, config.ts): the primary process of node:cluster. One Node process serves
// HTTP on one thread, so on a machine with cores to spare it is the bottleneck long before the database (issue
// 22: one process sat at 100 % of a core at ~3,000 req/s on the agents list).
//
// The primary does the start-up work once — migrations, the job queue's schema and queues, freeing unpaid
// agents — then forks the HTTP processes, which share the port (the primary hands them the connections) and
// only open the database and serve (main.ts `serve`). The primary serves no HTTP: it works the job queue when
// RUN_JOBS (training in worker threads, as a lone server does), so jobs run in one process whatever the number
// of HTTP processes and training concurrency does not multiply; it keeps the queue's maintenance; and a crash of
// an HTTP process never interrupts a training. An HTTP process that ends unexpectedly is forked again.
// SIGTERM/SIGINT: every HTTP process stops as a lone server does (closes its server, its queue, its database),
// the jobs pause at a checkpoint, and the primary exits 0 once all did.
import cluster, { type Worker } from 'node:cluster';
import { openDatabase } from '@greenhouse/db';
import { freeBloomsAtStart } from './app.js';
import type { Config } from './config.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { pipelineJobTypes } from './features/pipeline/pipeline-jobs.js';
import { startWorkers } from './features/pipeline/start-workers.js';
import { defaultFloraDownloadsDir, nativeBuilds } from './features/flora/flora-downloads.js';
import { sayStartBanner } from './lib/banner.js';
import { createLogger } from './lib/logger.js';

/** An HTTP process that ran at least this long is replaced at once; one that died sooner after a pause. */
const STEADY_MS = 10_000;
/** The first pause before replacing an HTTP process that died soon after its start; doubled each time, up to MAX. */
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 30_000;
/** HTTP processes still running this long after SIGTERM are killed. */
const STOP_TIMEOUT_MS = 30_000;

export async function runPrimary(config: Config): Promise<void> {
  const database = await openDatabase(config.database);
  await database.migrate();
  const log = createLogger(config);
  const queue = await JobQueue.start(database, log, config.jobs, pipelineJobTypes);
  await freeBloomsAtStart(config, database.db, queue, log);
  const workers = config.jobs.inProcess ? await startWorkers(config, database, queue, log) : null;

  const count = config.apiProcesses;
  const running = new Set<Worker>();
  let starting = true;
  let closing = false;
  let quickDeaths = 0;

  const stop = async (signal: string, failed: boolean) => {
    if (closing) return;
    closing = true;
    log.info({ signal, processes: running.size }, 'shutting down: stopping the HTTP processes');
    const children = [...running].map(
      (child) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            log.error({ httpPid: child.process.pid }, 'HTTP process did not stop in time: killed');
            child.process.kill('SIGKILL');
          }, STOP_TIMEOUT_MS);
          child.once('exit', (code) => {
            clearTimeout(timer);
            resolve(code === 0);
          });
          child.process.kill('SIGTERM');
        }),
    );
    const [stopped] = await Promise.all([Promise.all(children), workers ? workers.stop() : queue.stop()]);
    await database.close();
    process.exit(failed || !stopped.every(Boolean) ? 1 : 0);
  };

  let listening = 0;
  const allListening = new Promise<void>((resolve) => {
    const fork = () => {
      if (closing) return;
      const child = cluster.fork();
      const startedAt = Date.now();
      running.add(child);
      child.once('listening', () => {
        log.info({ worker: child.id, httpPid: child.process.pid }, 'HTTP process listening');
        listening += 1;
        if (starting && listening === count) resolve();
      });
      child.once('exit', (code, signal) => {
        running.delete(child);
        if (closing) return;
        const fields = { worker: child.id, httpPid: child.process.pid, code, signal };
        if (starting) {
          // It could not start (its own message says why, e.g. the port in use): neither can the next one.
          log.error(fields, 'an HTTP process stopped during start-up');
          void stop('start-up failure', true);
          return;
        }
        const lived = Date.now() - startedAt;
        quickDeaths = lived < STEADY_MS ? quickDeaths + 1 : 0;
        const pause = quickDeaths === 0 ? 0 : Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (quickDeaths - 1));
        log.warn({ ...fields, restartInMs: pause }, 'HTTP process ended unexpectedly: starting another');
        setTimeout(fork, pause);
      });
    };
    for (let i = 0; i < count; i += 1) fork();
  });

  process.once('SIGINT', () => void stop('SIGINT', false));
  process.once('SIGTERM', () => void stop('SIGTERM', false));

  await allListening;
  starting = false;
  sayStartBanner(config, log, {
    driver: database.driver,
    processes: count,
    native: await nativeBuilds(config.floraDownloadsDir ?? defaultFloraDownloadsDir),
  });
}
