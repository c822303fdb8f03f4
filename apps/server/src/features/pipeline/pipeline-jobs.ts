// The pipeline's jobs on the generic job queue: run one stage of one agent, and e-mail its owner
// about the training's outcome. The queue creates them at start (`pipelineJobTypes`). Data stages,
// training stages and e-mails are three queues with workers of their own, so a data stage (seconds) or
// an e-mail never waits behind a training slice (up to JOB_SLICE_SECONDS).
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import type { JobQueue, JobType } from '../../infra/jobs/job-queue.js';
import {
  bloomStageNames,
  dataStages,
  latestVersionOf,
  trainingStages,
  type BloomStageName,
} from './stages.js';

/** One job: run one stage of one version of one agent. */
export interface StageJob {
  bloomId: string;
  /** The agent's version (issue 33); a job enqueued before versions has none and means version 1. */
  version?: number;
  stage: BloomStageName;
}

/** The version a stage job trains. */
export const jobVersion = (job: StageJob): number => job.version ?? 1;

/** A training stage's job also names the agent's owner and upload time: the queue shares training fairly. */
export interface TrainingJob extends StageJob {
  ownerId: string;
  /** The agent's upload time (ISO): an owner's agents train oldest first. */
  since: string;
}

/** One e-mail about an agent to its owner. */
export interface MailJob {
  bloomId: string;
  kind: 'trainingCompleted' | 'trainingFailed';
}

const stageJobPolicy = {
  // Deliveries, not attempts: a job handed back by a restart or a lease expiry is delivered again and
  // counts here. The stage runner counts the stage's own failures (STAGE_RETRIES) and interruptions
  // (MAX_INTERRUPTIONS) and marks it failed long before this is used up.
  retryLimit: 50,
  retryDelaySeconds: 5,
  retryBackoff: false,
  // No expiry of its own: the queue's lease (stages run in shorter slices).
  pollingIntervalSeconds: 0.5,
};

/**
 * The data stages: short and light, two at once. Its name is that of the one stage queue before issue 22:
 * its workers run any stage, so a training job an older version enqueued still runs.
 */
export const dataStageJobs: JobType<StageJob> = { name: 'bloom-stage', ...stageJobPolicy, concurrency: 2 };

/**
 * The training stages, one slice per job; how many at once is TRAINING_CONCURRENCY (per process).
 * Round-robin by owner: one user's tenth agent does not delay another user's first.
 */
export const trainingJobs: JobType<TrainingJob> = {
  name: 'bloom-training',
  ...stageJobPolicy,
  fairBy: { group: 'ownerId', item: 'bloomId', order: 'since' },
};

export const mailJobs: JobType<MailJob> = {
  name: 'bloom-mail',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  pollingIntervalSeconds: 2,
  concurrency: 2,
};

export const pipelineJobTypes = [dataStageJobs, trainingJobs, mailJobs] as const;

/** The queues stage jobs wait in. */
export const stageJobTypes = [dataStageJobs, trainingJobs] as const;

/** Enqueues one stage of one agent on its queue, inside the caller's transaction. */
export async function sendStage(tx: Db, queue: JobQueue, job: StageJob): Promise<void> {
  if (!(trainingStages as readonly string[]).includes(job.stage)) {
    await queue.send(dataStageJobs, job, tx);
    return;
  }
  const [bloom] = await tx
    .select({ ownerId: schema.blooms.userId, createdAt: schema.blooms.createdAt })
    .from(schema.blooms)
    .where(eq(schema.blooms.id, job.bloomId));
  if (!bloom) return; // deleted meanwhile: nothing to train
  await queue.send(
    trainingJobs,
    { ...job, ownerId: bloom.ownerId, since: bloom.createdAt.toISOString() },
    tx,
  );
}

/**
 * An agent's training ended (trained or failed) and no job of it follows: its owner's other agents move up
 * the line. Inside the caller's transaction.
 */
export async function trainingEnded(tx: Db, queue: JobQueue, bloomId: string): Promise<void> {
  const [bloom] = await tx
    .select({ ownerId: schema.blooms.userId })
    .from(schema.blooms)
    .where(eq(schema.blooms.id, bloomId));
  if (bloom) await queue.rebalance(trainingJobs, bloom.ownerId, tx, bloomId);
}

/** Gives a new version of an agent its stages and enqueues the first, inside the caller's transaction. */
export async function startPipeline(
  tx: Db,
  queue: JobQueue,
  bloomId: string,
  version: number,
): Promise<void> {
  await tx
    .insert(schema.bloomStages)
    .values(bloomStageNames.map((stage, position) => ({ bloomId, version, name: stage, position })));
  await sendStage(tx, queue, { bloomId, version, stage: bloomStageNames[0] });
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
      version: schema.bloomStages.version,
      status: schema.bloomStages.status,
      attempts: schema.bloomStages.attempts,
    })
    .from(schema.bloomStages)
    .where(
      and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.version, latestVersionOf(bloomId))),
    );
  const status = (name: BloomStageName) => stages.find((s) => s.name === name);
  if (!dataStages.every((name) => status(name)?.status === 'completed')) return false;
  const first = status(trainingStages[0]);
  if (first?.status !== 'pending' || first.attempts > 0) return false;
  await sendStage(tx, queue, { bloomId, version: first.version, stage: trainingStages[0] });
  return true;
}
