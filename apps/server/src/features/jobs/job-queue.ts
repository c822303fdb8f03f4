import { executorOf, type Database, type Db } from '@greenhouse/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** One job: run one stage of one agent. */
export interface StageJob {
  bloomId: string;
  stage: string;
}

export interface StageJobContext {
  /** How often this job has been retried before this run (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export const STAGE_QUEUE = 'bloom-stage';

/**
 * The durable job queue: pg-boss on the same PostgreSQL database (or PGlite), so a job is
 * enqueued in the same transaction as the rows it is about, and survives restarts. Several
 * worker processes against one PostgreSQL share it safely (pg-boss hands each job to one).
 */
export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
    const boss = new PgBoss({
      // Through our own connection (pool or PGlite): one database client per process.
      db: database.executor as PgBoss.Db,
      schema: 'pgboss',
      // Finished jobs are history, not state: the stages table is the record.
      archiveCompletedAfterSeconds: 3600,
    });
    boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(STAGE_QUEUE, {
      name: STAGE_QUEUE,
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      // A job whose worker died is handed out again after this long.
      expireInSeconds: 15 * 60,
    });
    return new JobQueue(boss);
  }

  /** Enqueues a stage; with `tx`, as part of that transaction (it commits or rolls back with it). */
  async enqueue(job: StageJob, tx?: Db): Promise<void> {
    await this.boss.send(STAGE_QUEUE, job, tx ? { db: executorOf(tx) as PgBoss.Db } : {});
  }

  async work(handler: (job: StageJob, context: StageJobContext) => Promise<void>): Promise<void> {
    await this.boss.work<StageJob>(
      STAGE_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const meta = job as unknown as { retryCount: number; retryLimit: number };
        await handler(job.data, { retryCount: meta.retryCount, retryLimit: meta.retryLimit });
      },
    );
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
