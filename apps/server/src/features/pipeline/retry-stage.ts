import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { JobQueue } from '../jobs/job-queue.js';
import { stageJobs } from './pipeline-jobs.js';
import type { BloomStageName } from './stages.js';

/**
 * Sends an agent's failed stage back to the queue (an admin's retry), inside the caller's transaction:
 * the stage is pending again with its failure and interruption counts and its reason cleared, and its
 * job is enqueued. The stages before it keep their outputs and are not run again. The stage itself goes
 * on from its last recorded checkpoint — but the runner drops a stage's checkpoint when the stage fails
 * for good (it was of no use then), so normally the failed stage starts over from its beginning.
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
    .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.status, 'failed')))
    .returning({ name: schema.bloomStages.name });
  if (!stage) return null;
  await queue.send(stageJobs, { bloomId, stage: stage.name }, tx);
  return stage.name;
}
