import { executorOf, type Database, type Db } from '@greenhouse/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/**
 * One kind of job, declared by the feature that owns it: its queue's name and retry policy. `Data` is
 * only a type (what `send` takes and the handler gets), so a job cannot be sent to the wrong queue.
 */
export interface JobType<Data extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Each retry waits twice as long as the one before (pg-boss's backoff); unset: yes. */
  retryBackoff?: boolean;
  /** A job whose worker died (no answer within this) is handed out again; the queue's lease if unset. */
  expireInSeconds?: number;
  /** How often a worker asks for the next job. */
  pollingIntervalSeconds: number;
  /** Never set: carries `Data` in the type. */
  readonly data?: Data;
}

export interface JobContext {
  /** How often this job has been retried before this run (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export interface JobQueueOptions {
  /** A job whose worker died (no answer within this) is handed out again. */
  leaseSeconds: number;
  /** How often expired jobs are looked for. */
  maintenanceSeconds: number;
}

/**
 * The durable job queue: pg-boss on the same PostgreSQL database (or PGlite), so a job is
 * enqueued in the same transaction as the rows it is about, and survives restarts. Several
 * worker processes against one PostgreSQL share it safely (pg-boss hands each job to one).
 * It knows no job of its own: each feature declares its job types and they are created at start.
 */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly executor: unknown,
  ) {}

  static async start(
    database: Database,
    log: FastifyBaseLogger,
    options: JobQueueOptions,
    types: readonly JobType<object>[],
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      // Through our own connection (pool or PGlite): one database client per process.
      db: database.executor as PgBoss.Db,
      schema: 'pgboss',
      // Finished jobs are history, not state: the features' own tables are the record.
      archiveCompletedAfterSeconds: 3600,
    });
    boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    // Before anything is sent: a job is sent inside its transaction, where no queue can be created.
    for (const type of types) {
      await boss.createQueue(type.name, {
        name: type.name,
        retryLimit: type.retryLimit,
        retryDelay: type.retryDelaySeconds,
        retryBackoff: type.retryBackoff ?? true,
        expireInSeconds: type.expireInSeconds ?? options.leaseSeconds,
      });
    }
    // The embedded database has one owner (its directory is locked): a job still active in it was
    // being worked by a process that is gone, so it is handed out again now rather than at expiry —
    // as it was, without counting a retry (the process died, the job did not fail). pg-boss has no
    // call for this (fail() counts a retry and waits its delay), hence the update of its table.
    if (database.driver === 'pglite') {
      const executor = database.executor as PgBoss.Db;
      for (const { name } of types) {
        const { rows } = (await executor.executeSql(
          `UPDATE pgboss.job SET state = 'retry', start_after = now()
           WHERE name = $1 AND state = 'active' RETURNING id`,
          [name],
        )) as { rows: { id: string }[] };
        if (rows.length > 0)
          log.warn({ queue: name, jobs: rows.length }, 'jobs of a stopped process handed out again');
      }
    }
    return new JobQueue(boss, database.executor);
  }

  /** Enqueues a job; with `tx`, as part of that transaction (it commits or rolls back with it). */
  async send<Data extends object>(type: JobType<Data>, data: Data, tx?: Db): Promise<void> {
    await this.boss.send(type.name, data, tx ? { db: executorOf(tx) as PgBoss.Db } : {});
  }

  /**
   * The data of the jobs of `type` that are waiting, being worked or due for a retry — the ones that will
   * still run. With `tx`, inside that transaction.
   */
  async liveJobs<Data extends object>(type: JobType<Data>, tx?: Db): Promise<Data[]> {
    const executor = (tx ? executorOf(tx) : this.executor) as PgBoss.Db;
    const { rows } = (await executor.executeSql(
      `SELECT data FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [type.name],
    )) as { rows: { data: Data }[] };
    return rows.map((row) => row.data);
  }

  /** Works jobs of `type` in this process, one at a time; a handler that throws has its job retried. */
  async work<Data extends object>(
    type: JobType<Data>,
    handler: (data: Data, context: JobContext) => Promise<void>,
  ): Promise<void> {
    await this.boss.work<Data>(
      type.name,
      { pollingIntervalSeconds: type.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
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
