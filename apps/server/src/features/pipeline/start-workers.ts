// Works the job queue in this process: the agents' data stages, their training stages (TRAINING_CONCURRENCY
// at once, fairly shared between owners) and the training e-mails, each queue with workers of its own. The server does
// this itself in the embedded default (RUN_JOBS=true); `npm run worker` runs only this, and any
// number of such workers, on any number of machines, share one PostgreSQL queue.
import type { Database } from '@greenhouse/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createArtifactStore } from './artifact-store.js';
import { dataStageJobs, mailJobs, trainingJobs } from './pipeline-jobs.js';
import { stageImplementations } from './stage-implementations.js';
import { StageRunner } from './stage-runner.js';
import { requeueStrandedStages } from './stranded-stages.js';
import { trainingMailHandler } from './training-mail.js';

/** How often a worker looks for stages no job will move (besides at its start). */
const STRANDED_SWEEP_MS = 5 * 60_000;

export interface Workers {
  runner: StageRunner;
  /**
   * Stops working the queue: running stages pause at a checkpoint (they go on in a new job) while the queue
   * stops handing out jobs, and it resolves once the pauses are committed, so the database may then close.
   */
  stop(): Promise<void>;
}

export async function startWorkers(
  config: Config,
  database: Database,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<Workers> {
  const runner = new StageRunner(database.db, queue, log, {
    files: await createArtifactStore(config),
    implementations: stageImplementations(config, log),
    sliceSeconds: config.jobs.sliceSeconds,
  });
  const mailer = createMailer(config.mail, log);
  await queue.work(dataStageJobs, (job) => runner.run(job));
  await queue.work(trainingJobs, (job) => runner.run(job), config.jobs.trainingConcurrency);
  await queue.work(mailJobs, trainingMailHandler(database.db, mailer, config.appUrl));
  const requeue = () =>
    requeueStrandedStages(database.db, queue, log).catch((error: unknown) =>
      log.error({ err: error }, 'looking for stranded stages failed'),
    );
  await requeue();
  const sweep = setInterval(() => void requeue(), STRANDED_SWEEP_MS);
  sweep.unref();
  return {
    runner,
    async stop() {
      clearInterval(sweep);
      // At once, not after the pauses: jobs handed out meanwhile would be refused, and failed after the
      // database had closed.
      const paused = runner.pauseAll();
      await queue.stop();
      await paused;
      mailer.close();
    },
  };
}
