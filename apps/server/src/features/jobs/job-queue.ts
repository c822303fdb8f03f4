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

/** One e-mail about an agent to its owner. */
export interface MailJob {
  bloomId: string;
  kind: 'trainingCompleted' | 'trainingFailed';
}

export interface JobQueueOptions {
  /** A job whose worker died (no answer within this) is handed out again. */
  leaseSeconds: number;
  /** How often expired jobs are looked for. */
  maintenanceSeconds: number;
}

export const STAGE_QUEUE = 'bloom-stage';
export const MAIL_QUEUE = 'bloom-mail';

/**
 * The durable job queue: pg-boss on the same PostgreSQL database (or PGlite), so a job is
 * enqueued in the same transaction as the rows it is about, and survives restarts. Several
 * worker processes against one PostgreSQL share it safely (pg-boss hands each job to one).
 */
export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  static async start(
    database: Database,
    log: FastifyBaseLogger,
    options: JobQueueOptions,
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      maintenanceIntervalSeconds: options.maintenanceSeconds,
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
      // A job whose worker died is handed out again after this long (stages run in shorter slices).
      expireInSeconds: options.leaseSeconds,
    });
    await boss.createQueue(MAIL_QUEUE, {
      name: MAIL_QUEUE,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    // The embedded database has one owner (its directory is locked): a job still active in it was
    // being worked by a process that is gone, so it is handed out again now rather than at expiry.
    if (database.driver === 'pglite') {
      const executor = database.executor as PgBoss.Db;
      for (const queue of [STAGE_QUEUE, MAIL_QUEUE]) {
        const { rows } = (await executor.executeSql(
          `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
          [queue],
        )) as { rows: { id: string }[] };
        if (rows.length > 0) {
          await boss.fail(
            queue,
            rows.map((r) => r.id),
          );
          log.warn({ queue, jobs: rows.length }, 'jobs of a stopped process handed out again');
        }
      }
    }
    return new JobQueue(boss);
  }

  /** Enqueues a stage; with `tx`, as part of that transaction (it commits or rolls back with it). */
  async enqueue(job: StageJob, tx?: Db): Promise<void> {
    await this.boss.send(STAGE_QUEUE, job, tx ? { db: executorOf(tx) as PgBoss.Db } : {});
  }

  /** Enqueues an e-mail; with `tx`, as part of that transaction. */
  async enqueueMail(job: MailJob, tx?: Db): Promise<void> {
    await this.boss.send(MAIL_QUEUE, job, tx ? { db: executorOf(tx) as PgBoss.Db } : {});
  }

  async workMail(handler: (job: MailJob) => Promise<void>): Promise<void> {
    await this.boss.work<MailJob>(MAIL_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
      if (job) await handler(job.data);
    });
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
