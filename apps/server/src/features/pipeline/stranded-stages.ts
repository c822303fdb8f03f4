// Stages that should be moving but that no job will move: a job that was used up (its retries spent by
// repeated crashes of the database connection, say) or lost leaves its stage "processing" or waiting for
// a retry forever. Looked for when a worker starts and now and then after; each such stage is enqueued
// again (its run counts the interruption, so a stage that keeps failing this way still ends as failed).
import { schema, type Db } from '@greenhouse/db';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { jobVersion, sendStage, stageJobTypes } from './pipeline-jobs.js';

/** Any number, as long as it is only this lock's: workers look for stranded stages one at a time. */
const STRANDED_LOCK = 7_301_019;

/** Enqueues a job for every stage that is under way with no job left to run it; returns how many. */
export async function requeueStrandedStages(
  db: Db,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<number> {
  const requeued = await db.transaction(async (tx) => {
    // Several workers may start at once: the second waits here and then sees the first one's jobs.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STRANDED_LOCK})`);
    const underWay = await tx
      .select({
        bloomId: schema.bloomStages.bloomId,
        version: schema.bloomStages.version,
        stage: schema.bloomStages.name,
      })
      .from(schema.bloomStages)
      .where(
        or(
          eq(schema.bloomStages.status, 'processing'),
          // Waiting for a retry after a failure (a stage waiting for its turn has never run).
          and(eq(schema.bloomStages.status, 'pending'), gt(schema.bloomStages.attempts, 0)),
        ),
      );
    if (underWay.length === 0) return [];
    const live = new Set<string>();
    for (const type of stageJobTypes)
      for (const job of await queue.liveJobs(type, tx))
        live.add(`${job.bloomId}/${jobVersion(job)}/${job.stage}`);
    const stranded = underWay.filter((s) => !live.has(`${s.bloomId}/${s.version}/${s.stage}`));
    for (const job of stranded) await sendStage(tx, queue, job);
    return stranded;
  });
  if (requeued.length > 0) log.warn({ stages: requeued }, 'stages with no job left enqueued again');
  return requeued.length;
}
