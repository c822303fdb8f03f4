import { executorOf, type Database, type Db } from '@greenhouse/db';
import { sql } from 'drizzle-orm';
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
  /** Jobs of this type one process works at once; 1 if unset. */
  concurrency?: number;
  /**
   * Shared fairly between groups (e.g. owners): a waiting job's priority is minus the number of other
   * items (e.g. agents) of its group that have a live job and come before it in `order`, so the queue
   * hands out the groups' first items round-robin (oldest job first among equals), then their second
   * ones. The order lives in the database, so any number of processes take jobs in the same order.
   * The three are keys of the job's data (strings; `order` sorts as text, e.g. an ISO date).
   */
  fairBy?: { group: string; item: string; order: string };
  /** Never set: carries `Data` in the type. */
  readonly data?: Data;
}

export interface JobContext {
  /** How often this job has been retried before this run (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

/** Where a waiting job stands: the jobs to be worked before it, and what the queue has measured. */
export interface JobLine {
  /** Jobs being worked now, plus waiting jobs the queue hands out first. */
  ahead: number;
  /** Jobs being worked now (by any process). */
  working: number;
  /** The mean run time of this type's last finished jobs (the last hour), or null with none. */
  meanSeconds: number | null;
}

/** Any number, as long as it is only this lock's: processes create the queues one at a time. */
const QUEUES_LOCK = 7_301_022;

/** Finished jobs the mean run time is measured on. */
const MEASURED_JOBS = 20;

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
  /** The handlers running now in this process, for `stop` to wait on. */
  private readonly running = new Set<Promise<void>>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly executor: unknown,
    private readonly leaseSeconds: number,
  ) {}

  static async start(
    database: Database,
    log: FastifyBaseLogger,
    options: JobQueueOptions,
    types: readonly JobType<object>[],
    /**
     * `sender`: another process of this start (API_PROCESSES' primary) installed the schema, created the queues
     * and keeps up the maintenance; this one only sends jobs and reads the queue (an HTTP process).
     */
    role: 'owner' | 'sender' = 'owner',
  ): Promise<JobQueue> {
    const sender = role === 'sender';
    const boss = new PgBoss({
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      ...(sender ? { migrate: false, supervise: false, schedule: false } : {}),
      // Through our own connection (pool or PGlite): one database client per process.
      db: database.executor as PgBoss.Db,
      schema: 'pgboss',
      // Finished jobs are history, not state: the features' own tables are the record.
      archiveCompletedAfterSeconds: 3600,
    });
    boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
    // Before anything is sent: a job is sent inside its transaction, where no queue can be created.
    const createQueues = async () => {
      for (const type of types) {
        await boss.createQueue(type.name, {
          name: type.name,
          retryLimit: type.retryLimit,
          retryDelay: type.retryDelaySeconds,
          retryBackoff: type.retryBackoff ?? true,
          expireInSeconds: type.expireInSeconds ?? options.leaseSeconds,
        });
      }
    };
    // Processes starting together on a new PostgreSQL database (an API server and its workers) take turns
    // under a lock, held by a transaction on one connection of the pool while pg-boss uses the others:
    // - pg-boss installs its schema under its own lock, but a process that had looked for the schema before
    //   waiting there still missed it afterwards (a stale catalog cache) and failed on a duplicate schema;
    //   under this lock the next process looks only once the schema is committed;
    // - they deadlocked in createQueue (a table partition each).
    // PGlite has one owner (and one connection, which that transaction would hold).
    if (sender) await boss.start();
    else if (database.driver === 'postgres')
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUES_LOCK})`);
        await boss.start();
        await createQueues();
      });
    else {
      await boss.start();
      await createQueues();
    }
    // The embedded database has one owner (its directory is locked): a job still active in it was
    // being worked by a process that is gone, so it is handed out again now rather than at expiry —
    // as it was, without counting a retry (the process died, the job did not fail). pg-boss has no
    // call for this (fail() counts a retry and waits its delay), hence the update of its table.
    if (database.driver === 'pglite' && !sender) {
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
    return new JobQueue(boss, database.executor, options.leaseSeconds);
  }

  /** Enqueues a job; with `tx`, as part of that transaction (it commits or rolls back with it). */
  async send<Data extends object>(type: JobType<Data>, data: Data, tx?: Db): Promise<void> {
    if (type.fairBy && !tx) throw new Error(`a ${type.name} job is sent inside a transaction`);
    await this.boss.send(type.name, data, tx ? { db: executorOf(tx) as PgBoss.Db } : {});
    if (type.fairBy && tx)
      await this.rebalance(type, String((data as Record<string, unknown>)[type.fairBy.group]), tx);
  }

  /**
   * Sets the priorities of one group's waiting jobs of a `fairBy` type from its live jobs (see `fairBy`),
   * inside `tx`; `send` does it, and so must whoever ends an item's last job without sending another
   * (`finished`: that item, whose job is still active until its handler returns).
   */
  async rebalance<Data extends object>(
    type: JobType<Data>,
    group: string,
    tx: Db,
    finished?: string,
  ): Promise<void> {
    if (!type.fairBy) return;
    const { group: groupKey, item, order } = type.fairBy;
    const db = this.sqlOn(tx);
    // One group's rebalances take turns (until the transaction ends): two at once, from two workers
    // pausing agents of one owner, could lock its jobs' rows in different orders and deadlock.
    await db.executeSql(`SELECT pg_advisory_xact_lock(hashtext($1 || '/' || $2))`, [type.name, group]);
    await db.executeSql(
      `UPDATE pgboss.job j SET priority = -r.rank
       FROM (
         SELECT w.id, (
           SELECT count(DISTINCT l.data->>$4::text) FROM pgboss.job l
           WHERE l.name = $1 AND l.state IN ('created', 'retry', 'active') AND l.data->>$2::text = $3
             AND l.data->>$4::text IS DISTINCT FROM $6::text
             AND (l.data->>$5::text, l.data->>$4::text) < (w.data->>$5::text, w.data->>$4::text)
         ) AS rank
         FROM pgboss.job w
         WHERE w.name = $1 AND w.state IN ('created', 'retry') AND w.data->>$2::text = $3
       ) r
       WHERE j.id = r.id AND j.priority <> -r.rank`,
      [type.name, groupKey, group, item, order, finished ?? null],
    );
  }

  /**
   * Where the waiting job of `type` whose data has `value` at `key` stands, in the order the queue hands
   * jobs out (priority, then age); null when no such job waits.
   */
  async line<Data extends object>(type: JobType<Data>, key: string, value: string): Promise<JobLine | null> {
    const { rows } = (await this.sqlOn().executeSql(
      `WITH me AS (
         SELECT priority, created_on, id FROM pgboss.job
         WHERE name = $1 AND state IN ('created', 'retry') AND data->>$2::text = $3
         ORDER BY priority DESC, created_on, id LIMIT 1
       ), recent AS (
         SELECT extract(epoch FROM completed_on - started_on) AS seconds FROM pgboss.job
         WHERE name = $1 AND state = 'completed' AND completed_on > now() - interval '1 hour'
         ORDER BY completed_on DESC LIMIT ${MEASURED_JOBS}
       )
       SELECT
         (SELECT count(*) FROM pgboss.job j WHERE j.name = $1 AND (j.state = 'active'
           OR (j.state IN ('created', 'retry') AND (j.priority > me.priority
             OR (j.priority = me.priority AND (j.created_on, j.id) < (me.created_on, me.id))))))::int AS ahead,
         (SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'active')::int AS working,
         (SELECT avg(seconds) FROM recent)::float8 AS mean
       FROM me`,
      [type.name, key, value],
    )) as { rows: { ahead: number; working: number; mean: number | null }[] };
    const [row] = rows;
    if (!row) return null;
    return {
      ahead: Number(row.ahead),
      working: Number(row.working),
      meanSeconds: row.mean === null ? null : Number(row.mean),
    };
  }

  /** The jobs of `type` being worked, then those waiting in the order the queue hands them out. */
  async queued<Data extends object>(type: JobType<Data>): Promise<{ data: Data; active: boolean }[]> {
    const { rows } = (await this.sqlOn().executeSql(
      `SELECT data, state = 'active' AS active FROM pgboss.job
       WHERE name = $1 AND state IN ('created', 'retry', 'active')
       ORDER BY state = 'active' DESC, priority DESC, created_on, id`,
      [type.name],
    )) as { rows: { data: Data; active: boolean }[] };
    return rows.map((row) => ({ data: row.data, active: Boolean(row.active) }));
  }

  private sqlOn(tx?: Db): PgBoss.Db {
    return (tx ? executorOf(tx) : this.executor) as PgBoss.Db;
  }

  /**
   * The data of the jobs of `type` that are waiting, being worked or due for a retry — the ones that will
   * still run. With `tx`, inside that transaction.
   */
  async liveJobs<Data extends object>(type: JobType<Data>, tx?: Db): Promise<Data[]> {
    const { rows } = (await this.sqlOn(tx).executeSql(
      `SELECT data FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [type.name],
    )) as { rows: { data: Data }[] };
    return rows.map((row) => row.data);
  }

  /**
   * Works jobs of `type` in this process, `concurrency` at a time (the type's own if unset); a handler
   * that throws has its job retried. Each type has its own workers, so a quick job never waits behind
   * a long one of another type.
   */
  async work<Data extends object>(
    type: JobType<Data>,
    handler: (data: Data, context: JobContext) => Promise<void>,
    concurrency = type.concurrency ?? 1,
  ): Promise<void> {
    // pg-boss's workers each take one job at a time: as many workers as jobs at once.
    for (let i = 0; i < concurrency; i++)
      await this.boss.work<Data>(
        type.name,
        { pollingIntervalSeconds: type.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const meta = job as unknown as { retryCount: number; retryLimit: number };
          const run = handler(job.data, { retryCount: meta.retryCount, retryLimit: meta.retryLimit });
          const tracked = run.then(
            () => undefined,
            () => undefined,
          );
          this.running.add(tracked);
          try {
            await run;
          } finally {
            this.running.delete(tracked);
          }
        },
      );
  }

  /**
   * Stops handing out jobs and waits for the handlers running here (at most a lease): pg-boss's graceful stop gives
   * up after its timeout, and a handler that ends after that has its job completed or failed by pg-boss without
   * anyone awaiting it (timgit/pg-boss#577) — on a database closed meanwhile, an unhandled rejection. Once the
   * handlers have ended, a turn of the event loop lets pg-boss send that last query before the caller closes.
   */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(this.running),
        new Promise((resolve) => (timer = setTimeout(resolve, this.leaseSeconds * 1000))),
      ]);
      clearTimeout(timer);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
