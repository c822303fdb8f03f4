// The pipeline's jobs on the generic job queue: run one stage of one agent, and e-mail its owner
// about the training's outcome. The queue creates them at start (`pipelineJobTypes`).
import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { JobQueue, JobType } from '../jobs/job-queue.js';
import { bloomStageNames, dataStages, trainingStages, type BloomStageName } from './stages.js';

/** One job: run one stage of one agent. */
export interface StageJob {
  bloomId: string;
  stage: BloomStageName;
}

/** One e-mail about an agent to its owner. */
export interface MailJob {
  bloomId: string;
  kind: 'trainingCompleted' | 'trainingFailed';
}

export const stageJobs: JobType<StageJob> = {
  name: 'bloom-stage',
  // Deliveries, not attempts: a job handed back by a restart or a lease expiry is delivered again and
  // counts here. The stage runner counts the stage's own failures (STAGE_RETRIES) and interruptions
  // (MAX_INTERRUPTIONS) and marks it failed long before this is used up.
  retryLimit: 50,
  retryDelaySeconds: 5,
  retryBackoff: false,
  // No expiry of its own: the queue's lease (stages run in shorter slices).
  pollingIntervalSeconds: 0.5,
};

export const mailJobs: JobType<MailJob> = {
  name: 'bloom-mail',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  pollingIntervalSeconds: 2,
};

export const pipelineJobTypes = [stageJobs, mailJobs] as const;

/** Gives a new agent its stages and enqueues the first, inside the caller's transaction. */
export async function startPipeline(tx: Db, queue: JobQueue, bloomId: string): Promise<void> {
  await tx
    .insert(schema.bloomStages)
    .values(bloomStageNames.map((stage, position) => ({ bloomId, name: stage, position })));
  await queue.send(stageJobs, { bloomId, stage: bloomStageNames[0] }, tx);
}

/**
 * The agent has just been paid for: enqueues its first training stage, inside the caller's transaction
 * (which holds the agent's row, updated to paid), when the data stages are done and training has not
 * started. If they are not done yet, the last data stage's commit starts training itself (the stage
 * runner's mayStart reads the agent, paid by then: both transactions update the agent's row, so one
 * waits for the other and exactly one of them enqueues). Answers whether it enqueued.
 */
export async function startTraining(tx: Db, queue: JobQueue, bloomId: string): Promise<boolean> {
  const stages = await tx
    .select({
      name: schema.bloomStages.name,
      status: schema.bloomStages.status,
      attempts: schema.bloomStages.attempts,
    })
    .from(schema.bloomStages)
    .where(eq(schema.bloomStages.bloomId, bloomId));
  const status = (name: BloomStageName) => stages.find((s) => s.name === name);
  if (!dataStages.every((name) => status(name)?.status === 'completed')) return false;
  const first = status(trainingStages[0]);
  if (first?.status !== 'pending' || first.attempts > 0) return false;
  await queue.send(stageJobs, { bloomId, stage: trainingStages[0] }, tx);
  return true;
}
