import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import { sendStage } from './pipeline-jobs.js';
import { latestVersionOf, type BloomStageName } from './stages.js';

/**
 * Sends an agent's failed stage back to the queue (an admin's retry), inside the caller's transaction:
 * the stage is pending again with its failure and interruption counts and its reason cleared, and its
 * job is enqueued. The stages before it keep their outputs and are not run again. The stage itself goes
 * on from its last checkpoint, which the runner keeps when a stage fails (a stage that failed before
 * its first checkpoint starts over).
 * Answers the stage, or null when none of the agent's stages has failed (two retries at once: one wins).
 */
export async function retryFailedStage(
  tx: Db,
  queue: JobQueue,
  bloomId: string,
): Promise<BloomStageName | null> {
  const [stage] = await tx
    .update(schema.bloomStages)
    .set({
      status: 'pending',
      failures: 0,
      interruptions: 0,
      runningSince: null,
      errorCode: null,
      errorMessage: null,
      progress: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(schema.bloomStages.bloomId, bloomId),
        eq(schema.bloomStages.version, latestVersionOf(bloomId)),
        eq(schema.bloomStages.status, 'failed'),
      ),
    )
    .returning({ name: schema.bloomStages.name, version: schema.bloomStages.version });
  if (!stage) return null;
  await sendStage(tx, queue, { bloomId, version: stage.version, stage: stage.name });
  return stage.name;
}
