// The pipeline's jobs on the generic job queue: run one stage of one agent, and e-mail its owner
// about the training's outcome. The queue creates them at start (`pipelineJobTypes`).
import { schema, type Db } from '@greenhouse/db';
import type { JobQueue, JobType } from '../jobs/job-queue.js';
import { bloomStageNames, type BloomStageName } from './stages.js';

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
